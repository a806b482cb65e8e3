/**
 * 🔁 More like this end to end through discord.js and the emulator, on both kinds of ImagineAPI server: a
 * new job with the single image as the image prompt plus the grid's prompt, linked to that image. The image
 * goes by a link Midjourney can fetch: Discord's copy of an image the bot uploaded because its server is
 * private (here every server is on 127.0.0.1), or the server's public URL.
 */
import { afterEach, describe, expect, test } from "vitest";
import type { BotHarness } from "../support/bot-harness.js";
import { textOf } from "../support/message-view.js";
import { clickLabel, isGrid, waitForJobEnd, waitForResult } from "./imagine-steps.js";
import { startOnProfile as startOn } from "./profile-steps.js";
import { addBob, expectResultLinkedTo, singleImage, startOnProfile } from "./result-tools-steps.js";

let h: BotHarness;
afterEach(async () => {
  await h?.stop();
});

describe.each(["hosted", "self-hosted"] as const)("🔁 More like this on a %s server", (profile) => {
  test("starts a new grid from Discord's copy of the private server's image and the grid's prompt, linked to that image", async () => {
    h = await startOnProfile(profile);
    const { emu, world, service } = h;
    const { record, single } = await singleImage(h, "a red fox in the snow --ar 3:2", 1);

    const click = await clickLabel(h, single, "More like this", world.alice);
    const waiting = await click.waitForResponse({ where: (m) => /waiting in line/i.test(textOf(m)) });
    const job = await h.bot.context.imagine.findJob(click.id);
    const more = service.record(job!.imageId)!;
    const u2 = service.record(record.id)!.upscaled_urls![1]!;
    const sent = (more.prompt ?? "").split(" ")[0]!;
    expect(more.prompt).toBe(`${sent} a red fox in the snow --ar 3:2`);
    // Not the server's own address, which Midjourney cannot reach, but the file the bot uploaded to Discord.
    expect(sent).not.toBe(u2);
    expect(sent).toBe(single.attachments.find((a) => a.filename === "u2.png")?.url);
    const [copy, original] = await Promise.all([fetch(sent), fetch(u2)]);
    expect(copy.status).toBe(200);
    expect(Buffer.from(await copy.arrayBuffer())).toEqual(Buffer.from(await original.arrayBuffer()));
    const link = `https://discord.com/channels/${world.guild.id}/${world.general.id}/${single.id}`;
    expect(textOf(waiting)).toContain("More like");
    expect(textOf(waiting)).toContain(link);

    await expectResultLinkedTo(h, more.id, link);
    emu.assertNoRejectedRequests();
  });

  test("another member is refused privately and nothing is created; a double click starts one job", async () => {
    h = await startOnProfile(profile);
    const { emu, world, service } = h;
    const { single } = await singleImage(h, "a lighthouse at dusk", 0);

    const refused = await (await clickLabel(h, single, "More like this", addBob(h))).waitForResponse();
    expect(refused.ephemeral).toBe(true);
    expect(textOf(refused)).toMatch(/only the person this image was posted for \(or a moderator\)/i);
    expect(service.records()).toHaveLength(1);

    const first = await clickLabel(h, single, "More like this", world.alice);
    const second = await clickLabel(h, single, "More like this", world.alice);
    const [, note] = await Promise.all([
      first.waitForResponse({ where: (m) => /waiting in line/i.test(textOf(m)) }),
      second.waitForResponse(),
    ]);
    expect(note.ephemeral).toBe(true);
    expect(textOf(note)).toMatch(/just started/i);
    expect(service.records()).toHaveLength(2);
    emu.assertNoRejectedRequests();
  });
});

test("a server with a public address: More like this sends the server's own URL, which Discord showed as it is", async () => {
  h = await startOn("hosted", { service: { publicUrl: "https://images.example.com" } });
  const { record, single } = await singleImage(h, "a red fox in the snow", 0);
  expect(single.attachments).toEqual([]);
  const click = await clickLabel(h, single, "More like this", h.world.alice);
  await click.waitForResponse({ where: (m) => /waiting in line/i.test(textOf(m)) });
  const job = await h.bot.context.imagine.findJob(click.id);
  const u1 = h.service.record(record.id)!.upscaled_urls![0]!;
  expect(u1).toMatch(/^https:\/\/images\.example\.com\/assets\//);
  expect(h.service.record(job!.imageId)!.prompt).toBe(`${u1} a red fox in the snow`);
  h.emu.assertNoRejectedRequests();
});

test("an image only a private server holds (linked, not uploaded) ends with a clear message, and nothing is sent", async () => {
  h = await startOn("self-hosted", { env: { IMAGE_DELIVERY: "link" } });
  const { single } = await singleImage(h, "a red fox in the snow", 0);
  const click = await clickLabel(h, single, "More like this", h.world.alice);
  const answer = await h.emu.waitFor(
    () =>
      [click.response(), ...click.followUps()].find((m) => m && /cannot fetch this image/.test(textOf(m))),
    { description: "the answer to More like this" },
  );
  expect(answer.ephemeral).toBe(true);
  expect(textOf(answer)).toContain("127.0.0.1");
  expect(h.service.records()).toHaveLength(1);
});

test("on a self-hosted server, 🔄 on a More like this job a day later sends a refreshed Discord link, and the grid comes", async () => {
  h = await startOn("self-hosted");
  const { single } = await singleImage(h, "a red fox in the snow", 0);
  const click = await clickLabel(h, single, "More like this", h.world.alice);
  await click.waitForResponse({ where: (m) => /waiting in line/i.test(textOf(m)) });
  const more = h.service.record((await h.bot.context.imagine.findJob(click.id))!.imageId)!;
  h.service.completeNow(more.id);
  const grid = await waitForResult(h, more.id, isGrid);
  await waitForJobEnd(h, more.id);
  const oldLink = (more.prompt ?? "").split(" ")[0]!;

  h.emu.clock.advance(25 * 60 * 60 * 1000);
  expect((await fetch(oldLink)).status).toBe(404);
  const again = await clickLabel(h, grid, "🔄", h.world.alice);
  await again.waitForResponse({ where: (m) => /waiting in line/i.test(textOf(m)) });
  const record = h.service.record((await h.bot.context.imagine.findJob(again.id))!.imageId)!;
  const newLink = (record.prompt ?? "").split(" ")[0]!;
  expect(newLink).not.toBe(oldLink);
  expect((await fetch(newLink)).status).toBe(200);
  h.service.completeNow(record.id);
  await waitForResult(h, record.id, isGrid);
  h.emu.assertNoRejectedRequests();
});
