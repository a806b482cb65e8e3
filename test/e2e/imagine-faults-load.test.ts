import { afterEach, describe, expect, test } from "vitest";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { textOf } from "../support/message-view.js";
import { isGrid, startImagine, waitForResult } from "./imagine-steps.js";

let h: BotHarness;
afterEach(async () => {
  await h?.stop();
});

describe("/imagine under load with Discord's default rate limits", () => {
  test("twenty members running /imagine at once in one channel all get their grid, their edits without a rate limit hit", async () => {
    h = await startBotHarness({
      env: { GUILD_MAX_ACTIVE_JOBS: "50" },
      service: { lifecycle: { steps: 4, concurrency: 20 } },
    });
    const { emu, world, service } = h;
    const members = Array.from({ length: 20 }, (_, i) => {
      const user = emu.addUser({ username: `member${i}` });
      emu.addMember({ guildId: world.guild.id, user });
      return user;
    });
    const jobs = await Promise.all(
      members.map((user, i) => startImagine(h, { prompt: `lantern number ${i}`, user })),
    );
    // Every step is shown in every message: six edits per interaction token (5 per 2 s allowed).
    for (const percent of [0, 25, 50, 75]) {
      service.advance();
      const shown = new RegExp(`Generating[^]*\\s${percent}%`);
      await Promise.all(jobs.map((j) => j.handle.waitForResponse({ where: (m) => shown.test(textOf(m)) })));
    }
    service.advance();
    // Twenty results in one channel: Discord lets a channel take 5 messages per 5 s; those waiting share one.
    const grids = await Promise.all(
      jobs.map((j) => waitForResult(h, j.record.id, isGrid, { timeoutMs: 60_000 })),
    );

    grids.forEach((grid, i) => {
      expect(textOf(grid)).toContain(jobs[i]!.record.id);
      expect(grid.content).toContain(`<@${members[i]!.id}>`);
    });
    await emu.waitFor(() => jobs.every((j) => j.handle.response()?.deleted), {
      description: "every progress message deleted",
      timeoutMs: 30_000,
    });
    // Fewer messages than results, and each member notified exactly once, by the message with their grid.
    expect(emu.messagesIn(world.general).length).toBeLessThan(20);
    grids.forEach((grid, i) => {
      expect(emu.notifications(members[i]!).map((n) => n.messageId)).toEqual([grid.id]);
    });
    emu.assertNoRejectedRequests();
    // Twenty results posted at once in one channel can meet a 429 or two while discord.js learns the
    // channel's bucket from the first answers (then it queues, and retries those); every edit and delete
    // through the interaction tokens stays clear of the limits.
    const limited = emu.requests.filter((r) => r.rateLimited).map((r) => `${r.method} ${r.route}`);
    expect(limited.filter((r) => r !== "POST /channels/:channel/messages")).toEqual([]);
  }, 120_000);
});
