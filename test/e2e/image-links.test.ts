/**
 * Links that last (issue 41): Discord's attachment links expire after about a day. 🔄 on a job whose image
 * prompt is such a link sends a fresh one (POST /attachments/refresh-urls), so the generator can fetch it;
 * a link Discord no longer refreshes (its message was deleted) ends with a clear message.
 */
import { afterEach, expect, test } from "vitest";
import { deployCommands } from "../../commands/index.js";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { textOf } from "../support/message-view.js";
import { clickLabel, isGrid, recordFor, waitForJobEnd, waitForResult } from "./imagine-steps.js";

let h: BotHarness;
afterEach(async () => {
  await h?.stop();
});

const DAY_AND_AN_HOUR = 25 * 60 * 60 * 1000;
const PNG = { filename: "ref.png", bytes: Buffer.from("png bytes"), contentType: "image/png" };

/** The image-prompt link at the start of a record's prompt. */
const linkOf = (prompt: string | null | undefined) => (prompt ?? "").split(" ")[0] ?? "";

test("🔄 on an image-prompt job after its Discord link expired sends a link that works, and the grid comes", async () => {
  h = await startBotHarness();
  const first = await h.emu.sendSlashCommand({
    name: "imagine",
    options: { prompt: "as a watercolor" },
    attachments: { image: PNG },
    user: h.world.alice,
    channelId: h.world.general.id,
  });
  const record = await h.emu.waitFor(() => recordFor(h, first.id), { description: "the first record" });
  h.service.completeNow(record.id);
  const grid = await waitForResult(h, record.id, isGrid);
  await waitForJobEnd(h, record.id);
  const oldLink = linkOf(record.prompt);
  expect((await fetch(oldLink)).status).toBe(200);

  h.emu.clock.advance(DAY_AND_AN_HOUR);
  expect((await fetch(oldLink)).status).toBe(404);
  const click = await clickLabel(h, grid, "🔄", h.world.alice);
  const again = await h.emu.waitFor(() => recordFor(h, click.id), { description: "the 🔄 record" });
  const newLink = linkOf(again.prompt);
  expect(newLink).not.toBe(oldLink);
  expect(again.prompt?.slice(newLink.length)).toBe(record.prompt?.slice(oldLink.length));
  expect(Buffer.from(await (await fetch(newLink)).arrayBuffer()).toString()).toBe("png bytes");
  expect(h.emu.requests.filter((r) => r.path === "/attachments/refresh-urls")).toHaveLength(1);

  h.service.completeNow(again.id);
  await waitForResult(h, again.id, isGrid);
  h.emu.assertNoRejectedRequests();
});

test("a fresh image link is sent as it is, without asking Discord", async () => {
  h = await startBotHarness();
  const handle = await h.emu.sendSlashCommand({
    name: "imagine",
    options: { prompt: "as a watercolor" },
    attachments: { image: PNG },
    user: h.world.alice,
    channelId: h.world.general.id,
  });
  await h.emu.waitFor(() => recordFor(h, handle.id), { description: "the record" });
  expect(h.emu.requests.filter((r) => r.path === "/attachments/refresh-urls")).toEqual([]);
});

test("🔄 after the image's message was deleted and its link expired ends with a clear message, and nothing is sent", async () => {
  h = await startBotHarness();
  await deployCommands(h.config, undefined, { kind: "global" });
  const message = await h.emu.sendGuildMessage({
    user: h.world.alice,
    channelId: h.world.general.id,
    attachments: [PNG],
  });
  const opened = await h.emu.useMessageCommand({
    name: "Imagine from this image",
    message,
    user: h.world.alice,
  });
  await h.emu.waitFor(() => opened.modal(), { description: "the modal" });
  const submit = await h.emu.submitModal({
    interaction: opened,
    user: h.world.alice,
    values: { prompt: "as a watercolor", image: message.attachments[0]!.url },
  });
  const record = await h.emu.waitFor(() => recordFor(h, submit.id), { description: "the record" });
  h.service.completeNow(record.id);
  const grid = await waitForResult(h, record.id, isGrid);

  await waitForJobEnd(h, record.id);
  h.emu.deleteMessage(message.id);
  h.emu.clock.advance(DAY_AND_AN_HOUR);
  const click = await clickLabel(h, grid, "🔄", h.world.alice);
  const answer = await h.emu.waitFor(
    () => [click.response(), ...click.followUps()].find((m) => m && /no longer on Discord/.test(textOf(m))),
    { description: "the answer to 🔄" },
  );
  expect(answer.ephemeral).toBe(true);
  expect(h.service.records()).toHaveLength(1);
});
