/**
 * Enhance end to end: the buttons under a single image (U1-U4) when ENHANCE_FACTORS is set, which upscale
 * that image through the image service as a job followed, limited and delivered like an /imagine job.
 */
import { ButtonStyle } from "discord.js";
import sharp from "sharp";
import { afterEach, describe, expect, test } from "vitest";
import type { MessageSnapshot } from "../../tools/discord-emulator/world/message-objects.js";
import type { UserRef } from "../../tools/discord-emulator/world/world-types.js";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { buttonsOf, textOf } from "../support/message-view.js";
import { imagineAnswer } from "./admission-steps.js";
import {
  clickLabel,
  imagineGrid,
  recordFor,
  resultsOf,
  startImagine,
  waitForJobEnd,
  waitForResult,
  waitForUpscale,
} from "./imagine-steps.js";

/** The Enhance buttons of a message (the result tools beside them aside). */
function enhanceButtons(message: Parameters<typeof buttonsOf>[0]) {
  return buttonsOf(message).filter((b) => b.customId.startsWith("enhance:"));
}

let h: BotHarness;
afterEach(async () => {
  await h?.stop();
});

const PROMPT = "a red fox in the snow";
const ENHANCE_2X = "Enhance 2× (uses credits)";
const ENHANCE_4X = "Enhance 4× (uses credits)";

/**
 * Alice runs /imagine, the grid finishes, and `user` clicks U`n`: the single image message (posted as a new
 * message replying to the grid; the click itself is only acknowledged).
 */
async function singleImage(n = 1, user: UserRef = h.world.alice) {
  const { grid, record } = await imagineGrid(h, { prompt: PROMPT });
  await clickLabel(h, grid, `U${n}`, user);
  const single = await waitForUpscale(h, record.id, n - 1);
  expect(single.message_reference).toMatchObject({ message_id: grid.id });
  return { grid, record, single };
}

/**
 * `user` clicks `label` on `single` and waits until the Enhance job shows as waiting: its progress message
 * is the public reply to the click.
 */
async function enhance(single: MessageSnapshot, label: string, user: UserRef = h.world.alice) {
  const handle = await clickLabel(h, single, label, user);
  const waiting = await handle.waitForResponse({ where: (m) => /waiting in line/i.test(textOf(m)) });
  const record = recordFor(h, handle.id);
  if (!record) throw new Error(`no upscale record for interaction ${handle.id}`);
  return { handle, waiting, record };
}

const isEnhanced = (m: MessageSnapshot) => /enhanced/i.test(textOf(m)) && m.attachments.length > 0;

/** Waits until the progress message of the Enhance click `handle` was removed (the job was delivered). */
async function progressRemoved(handle: { response(): MessageSnapshot | undefined }) {
  await h.emu.waitFor(() => handle.response()?.deleted, { description: "the progress message deleted" });
}

describe("Enhance buttons", () => {
  test("with ENHANCE_FACTORS=2x,4x, U1 then Enhance 2× ends in a new message with the upscaled image", async () => {
    h = await startBotHarness({ env: { ENHANCE_FACTORS: "2x,4x" } });
    const { emu, world, service } = h;
    const { record: gridRecord, single } = await singleImage(1);
    expect(buttonsOf(single).map((b) => b.label)).toEqual([
      ENHANCE_2X,
      ENHANCE_4X,
      "Remix",
      "More like this",
      "Prompt",
      "Delete",
    ]);
    expect(textOf(single)).toContain("each one uses image-service credits");

    const { handle, waiting, record } = await enhance(single, ENHANCE_2X);
    expect(waiting.ephemeral).toBe(false);
    expect(waiting.interaction_metadata).toMatchObject({ interacted_message_id: single.id });
    expect(record).toMatchObject({ parent_id: gridRecord.id, prompt: gridRecord.prompt });
    expect(service.records()).toHaveLength(2);

    service.advance(2);
    await handle.waitForResponse({ where: (m) => /Generating/.test(textOf(m)) });
    service.completeNow(record.id);
    const enhanced = await waitForResult(h, record.id, isEnhanced);
    await progressRemoved(handle);

    expect(enhanced.ephemeral).toBe(false);
    expect(enhanced.id).not.toBe(single.id);
    expect(enhanced.id).not.toBe(waiting.id);
    // It replies to the image it enlarges, which stays linked once the progress message is gone.
    expect(enhanced.message_reference).toMatchObject({ message_id: single.id });
    expect(resultsOf(h, record.id)).toHaveLength(1);
    expect(enhanced.content).toContain(`<@${world.alice.id}>`);
    expect(emu.notifiedBy(enhanced.id).map((n) => n.userId)).toEqual([world.alice.id]);
    expect(textOf(enhanced)).toContain("Image U1 enhanced 2×");
    expect(textOf(enhanced)).toContain(record.id);
    expect(enhanced.attachments.map((a) => a.filename)).toEqual(["u1-2x.png"]);
    const served = await fetch(service.record(record.id)!.url!);
    expect(Buffer.compare(enhanced.attachments[0]!.bytes, Buffer.from(await served.arrayBuffer()))).toBe(0);
    const meta = await sharp(enhanced.attachments[0]!.bytes).metadata();
    expect({ width: meta.width, height: meta.height }).toEqual({ width: 1024, height: 1024 });
    emu.assertNoRejectedRequests();
  });

  test("without ENHANCE_FACTORS a single image has no Enhance buttons", async () => {
    h = await startBotHarness();
    const { single } = await singleImage(2);

    expect(enhanceButtons(single)).toEqual([]);
    expect(textOf(single)).not.toMatch(/enhance|credits/i);
    h.emu.assertNoRejectedRequests();
  });

  test("a server that turned Enhance off gets no Enhance buttons, and an older button there upscales nothing", async () => {
    h = await startBotHarness({ env: { ENHANCE_FACTORS: "2x" } });
    const { single: before } = await singleImage(1);
    await h.bot.context.settings.updateGuild(h.world.guild.id, () => ({ enhance: false }));

    const { single: after } = await singleImage(2);
    expect(enhanceButtons(after)).toEqual([]);
    const click = await clickLabel(h, before, ENHANCE_2X, h.world.alice);
    const refusal = await click.waitForResponse();
    expect(refusal.ephemeral).toBe(true);
    expect(textOf(refusal)).toMatch(/turned off in this server/);
    expect(h.service.records()).toHaveLength(2);
  });

  test("another member's click on Enhance is refused with a note only they see, and upscales nothing", async () => {
    h = await startBotHarness({ env: { ENHANCE_FACTORS: "2x" } });
    const { emu, world, service } = h;
    const bob = emu.addUser({ username: "bob" });
    emu.addMember({ guildId: world.guild.id, user: bob });
    const { single } = await singleImage(1);

    const click = await clickLabel(h, single, ENHANCE_2X, bob);
    const refusal = await click.waitForResponse();

    expect(refusal.ephemeral).toBe(true);
    expect(textOf(refusal)).toMatch(/only the person this image was posted for/i);
    expect(service.records()).toHaveLength(1);
    emu.assertNoRejectedRequests();
  });

  test("a moderator may enhance someone else's image", async () => {
    h = await startBotHarness({ env: { ENHANCE_FACTORS: "4x" } });
    const { record: gridRecord, single } = await singleImage(3);

    const { record } = await enhance(single, ENHANCE_4X, h.world.mod);

    expect(record.parent_id).toBe(gridRecord.id);
    h.emu.assertNoRejectedRequests();
  });

  test("a failing upscale ends with the same failure text as /imagine, and Try again enhances again", async () => {
    h = await startBotHarness({ env: { ENHANCE_FACTORS: "2x" } });
    const { service, world } = h;
    const { single, record: gridRecord } = await singleImage(1);
    const { handle, record } = await enhance(single, ENHANCE_2X);

    service.failNow(record.id, "Timeout while waiting for completion");
    const failed = await waitForResult(h, record.id, (m) => /could not be made/i.test(textOf(m)));
    await progressRemoved(handle);

    expect(failed.content).toBe(`<@${world.alice.id}> your image could not be made.`);
    expect(textOf(failed)).toContain("❌ Your image could not be made");
    expect(textOf(failed)).toContain(record.id);
    expect(failed.attachments).toEqual([]);
    const again = await enhance(failed, "Try again (uses credits)");
    expect(again.record).toMatchObject({ parent_id: gridRecord.id });
    h.emu.assertNoRejectedRequests();
  });

  test.each([
    { when: "right away", restart: false },
    { when: "after the bot restarts", restart: true },
  ])(
    "Enhance 2× clicked again $when upscales nothing again: the button is blue and the click gets a note, then a link",
    async ({ restart }) => {
      h = await startBotHarness({ env: { ENHANCE_FACTORS: "2x,4x" } });
      const { emu, world, service } = h;
      const { single } = await singleImage(1);
      const { handle, record } = await enhance(single, ENHANCE_2X);
      const styles = () => enhanceButtons(emu.message(single.id)!).map((b) => [b.label, b.style]);
      await emu.waitFor(() => styles()[0]?.[1] === ButtonStyle.Primary, { description: "Enhance 2× blue" });
      expect(styles()).toEqual([
        [ENHANCE_2X, ButtonStyle.Primary],
        [ENHANCE_4X, ButtonStyle.Secondary],
      ]);
      if (restart) await h.restart();

      const whileRunning = await (
        await clickLabel(h, emu.message(single.id)!, ENHANCE_2X, world.alice)
      ).waitForResponse();
      expect(whileRunning.ephemeral).toBe(true);
      expect(textOf(whileRunning)).toMatch(/Enhance 2× of this image is already under way/);
      service.completeNow(record.id);
      const enhanced = await waitForResult(h, record.id, isEnhanced);
      await progressRemoved(handle);
      if (restart) await h.restart();

      const afterwards = await (
        await clickLabel(h, emu.message(single.id)!, ENHANCE_2X, world.mod)
      ).waitForResponse();
      expect(afterwards.ephemeral).toBe(true);
      expect(textOf(afterwards)).toContain(
        `Enhance 2× was already posted: https://discord.com/channels/${world.guild.id}/${world.general.id}/${enhanced.id}`,
      );
      expect(service.records().filter((r) => r.parent_id !== null)).toHaveLength(1);
      expect(resultsOf(h, record.id)).toHaveLength(1);
      expect(emu.notifications(world.mod)).toEqual([]);
      expect(emu.notifications(world.alice).map((n) => n.messageId)).toContain(enhanced.id);
      emu.assertNoRejectedRequests();
    },
  );

  test("two clicks on Enhance 2× at once create one upscale; the other click is told it is under way", async () => {
    h = await startBotHarness({ env: { ENHANCE_FACTORS: "2x" } });
    const { service } = h;
    const { single } = await singleImage(2);
    const clicks = await Promise.all([
      clickLabel(h, single, ENHANCE_2X, h.world.alice),
      clickLabel(h, single, ENHANCE_2X, h.world.alice),
    ]);
    const answers = await Promise.all(
      clicks.map((click) =>
        click.waitForResponse({ where: (m) => m.ephemeral || /waiting in line/i.test(textOf(m)) }),
      ),
    );

    expect(answers.map((m) => m.ephemeral).sort()).toEqual([false, true]);
    expect(textOf(answers.find((m) => m.ephemeral)!)).toMatch(/already under way/);
    expect(service.records().filter((r) => r.parent_id !== null)).toHaveLength(1);
    h.emu.assertNoRejectedRequests();
  });

  test("an Enhance job counts toward the requester's jobs in flight", async () => {
    h = await startBotHarness({ env: { ENHANCE_FACTORS: "2x", USER_MAX_ACTIVE_JOBS: "1" } });
    const { world, service } = h;
    const { single } = await singleImage(1);
    const { handle, record } = await enhance(single, ENHANCE_2X);

    const refusal = await imagineAnswer(h, world.alice, "a blue kite");
    expect(refusal.ephemeral).toBe(true);
    expect(textOf(refusal)).toMatch(/already have 1 image being generated/);

    service.completeNow(record.id);
    await waitForResult(h, record.id, isEnhanced);
    await waitForJobEnd(h, record.id);
    await progressRemoved(handle);
    await startImagine(h, { prompt: "a blue kite" });
    h.emu.assertNoRejectedRequests();
  });

  test("an Enhance job in flight when the bot restarts is delivered after the restart", async () => {
    h = await startBotHarness({ env: { ENHANCE_FACTORS: "2x" } });
    const { single } = await singleImage(4);
    const { handle, record } = await enhance(single, ENHANCE_2X);

    await h.restart();
    h.service.completeNow(record.id);
    const enhanced = await waitForResult(h, record.id, isEnhanced);
    await progressRemoved(handle);

    expect(textOf(enhanced)).toContain("Image U4 enhanced 2×");
    expect(enhanced.attachments.map((a) => a.filename)).toEqual(["u4-2x.png"]);
    h.emu.assertNoRejectedRequests();
  });
});
