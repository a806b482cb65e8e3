/**
 * 🔁 More like this end to end through discord.js and the emulator, on both kinds of ImagineAPI server: a
 * new job with the single image's URL as the image prompt plus the grid's prompt, linked to that image.
 */
import { afterEach, describe, expect, test } from "vitest";
import type { ServiceProfile } from "../../tools/reference-service/index.js";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { textOf } from "../support/message-view.js";
import { clickLabel, imagineGrid, isGrid, waitForResult, waitForUpscale } from "./imagine-steps.js";

let h: BotHarness;
afterEach(async () => {
  await h?.stop();
});

async function start(profile: ServiceProfile): Promise<BotHarness> {
  h = await startBotHarness({ service: { initialHealth: "healthy", profile } });
  await h.emu.waitFor(() => h.bot.context.profile.settled || undefined, {
    description: "the bot to find out the kind of server",
  });
  return h;
}

describe.each(["hosted", "self-hosted"] as const)("🔁 More like this on a %s server", (profile) => {
  test("starts a new grid from the single image's URL and the grid's prompt, linked to that image", async () => {
    await start(profile);
    const { emu, world, service } = h;
    const { grid, record } = await imagineGrid(h, { prompt: "a red fox in the snow --ar 3:2" });
    await clickLabel(h, grid, "U2", world.alice);
    const single = await waitForUpscale(h, record.id, 1);

    const click = await clickLabel(h, single, "More like this", world.alice);
    const waiting = await click.waitForResponse({ where: (m) => /waiting in queue/i.test(textOf(m)) });
    const job = await h.bot.context.imagine.findJob(click.id);
    const more = service.record(job!.imageId)!;
    const u2 = service.record(record.id)!.upscaled_urls![1]!;
    expect(more.prompt).toBe(`${u2} a red fox in the snow --ar 3:2`);
    const link = `https://discord.com/channels/${world.guild.id}/${world.general.id}/${single.id}`;
    expect(textOf(waiting)).toContain("More like");
    expect(textOf(waiting)).toContain(link);

    service.completeNow(more.id);
    const result = await waitForResult(h, more.id, isGrid);
    expect(textOf(result)).toContain(link);
    emu.assertNoRejectedRequests();
  });

  test("another member is refused privately and nothing is created; a double click starts one job", async () => {
    await start(profile);
    const { emu, world, service } = h;
    const { grid, record } = await imagineGrid(h, { prompt: "a lighthouse at dusk" });
    await clickLabel(h, grid, "U1", world.alice);
    const single = await waitForUpscale(h, record.id, 0);
    const bob = emu.addUser({ username: "bob" });
    emu.addMember({ guildId: world.guild.id, user: bob });

    const refused = await (await clickLabel(h, single, "More like this", bob)).waitForResponse();
    expect(refused.ephemeral).toBe(true);
    expect(textOf(refused)).toMatch(/only the person this image was posted for \(or a moderator\)/i);
    expect(service.records()).toHaveLength(1);

    const first = await clickLabel(h, single, "More like this", world.alice);
    const second = await clickLabel(h, single, "More like this", world.alice);
    const [, note] = await Promise.all([
      first.waitForResponse({ where: (m) => /waiting in queue/i.test(textOf(m)) }),
      second.waitForResponse(),
    ]);
    expect(note.ephemeral).toBe(true);
    expect(textOf(note)).toMatch(/just started/i);
    expect(service.records()).toHaveLength(2);
    emu.assertNoRejectedRequests();
  });
});
