/**
 * 🔁 More like this end to end through discord.js and the emulator, on both kinds of ImagineAPI server: a
 * new job with the single image's URL as the image prompt plus the grid's prompt, linked to that image.
 */
import { afterEach, describe, expect, test } from "vitest";
import type { BotHarness } from "../support/bot-harness.js";
import { textOf } from "../support/message-view.js";
import { clickLabel } from "./imagine-steps.js";
import { addBob, expectResultLinkedTo, singleImage, startOnProfile } from "./result-tools-steps.js";

let h: BotHarness;
afterEach(async () => {
  await h?.stop();
});

describe.each(["hosted", "self-hosted"] as const)("🔁 More like this on a %s server", (profile) => {
  test("starts a new grid from the single image's URL and the grid's prompt, linked to that image", async () => {
    h = await startOnProfile(profile);
    const { emu, world, service } = h;
    const { record, single } = await singleImage(h, "a red fox in the snow --ar 3:2", 1);

    const click = await clickLabel(h, single, "More like this", world.alice);
    const waiting = await click.waitForResponse({ where: (m) => /waiting in line/i.test(textOf(m)) });
    const job = await h.bot.context.imagine.findJob(click.id);
    const more = service.record(job!.imageId)!;
    const u2 = service.record(record.id)!.upscaled_urls![1]!;
    expect(more.prompt).toBe(`${u2} a red fox in the snow --ar 3:2`);
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
