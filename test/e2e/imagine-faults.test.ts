import { Routes } from "discord.js";
import { afterEach, describe, expect, test } from "vitest";
import type { DiscordEmulator } from "../../tools/discord-emulator/emulator.js";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { textOf } from "../support/message-view.js";
import { isGrid, resultsOf, startImagine, waitForResult } from "./imagine-steps.js";

let h: BotHarness;
afterEach(async () => {
  await h?.stop();
});

/** A small seeded generator (mulberry32), so the injected faults are the same on every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type FaultSetup = (emu: DiscordEmulator) => void;

describe("/imagine when Discord misbehaves", () => {
  test.each<{ faults: string; during: FaultSetup; atTheEnd: FaultSetup }>([
    {
      faults: "30% of message edits, posts and deletes answered 500, 502 or 429",
      during: (emu) => emu.faults.failShare(0.3, { statuses: [500, 502, 429], route: /messages/ }),
      atTheEnd: () => undefined,
    },
    {
      faults: "the post of the result answered 429 once, then 502 five times",
      during: () => undefined,
      atTheEnd: (emu) => {
        const post = "POST /channels/:channel/messages";
        emu.faults.failNext(1, { status: 429, route: post, retryAfterMs: 300 });
        emu.faults.failNext(5, { status: 502, route: post });
      },
    },
  ])("with $faults, the member still gets the finished grid", async ({ during, atTheEnd }) => {
    h = await startBotHarness({
      emulator: { random: seeded(7) },
      service: { lifecycle: { steps: 4 } },
    });
    const { emu, service } = h;
    during(emu);
    const { handle, record } = await startImagine(h, { prompt: "a storm over the sea" });
    for (const percent of [0, 25, 50, 75]) {
      service.advance();
      await handle.waitForResponse({ where: (m) => textOf(m).includes(`${percent}%`) });
    }
    atTheEnd(emu);
    service.advance();
    const final = await waitForResult(h, record.id, isGrid, { timeoutMs: 30_000 });
    await emu.waitFor(() => handle.response()?.deleted, {
      description: "the progress message deleted",
      timeoutMs: 30_000,
    });

    expect(textOf(final)).toContain(record.id);
    expect(emu.requests.filter((r) => r.injected).length).toBeGreaterThan(0);
    expect(emu.messagesIn(h.world.general).map((m) => m.id)).toEqual([final.id]);
    expect(emu.notifications(h.world.alice).map((n) => n.messageId)).toEqual([final.id]);
    emu.assertNoRejectedRequests();
    expect(emu.rateLimitHits).toBe(0);
  });

  test("deleting the job's message mid-job stops its edits, another job goes on, and its result is posted once anew", async () => {
    h = await startBotHarness({ service: { lifecycle: { steps: 4 } } });
    const { emu, service, world } = h;
    const deleted = await startImagine(h, { prompt: "a message about to vanish" });
    service.advance(2);
    await deleted.handle.waitForResponse({ where: (m) => /25%/.test(textOf(m)) });

    await h.bot.client.rest.delete(Routes.webhookMessage(emu.applicationId, deleted.handle.token), {
      auth: false,
    });
    service.advance();
    await emu.waitFor(() => /message is gone/.test(h.logs.text()), {
      description: "the bot noticing the deleted message",
    });
    const editsWhenGone = emu.requests.filter((r) => r.method === "PATCH").length;

    // A second job runs to its end meanwhile: its edits go on, the deleted job's stop.
    const other = await startImagine(h, { prompt: "a message that stays" });
    service.advance(5);
    const otherGrid = await waitForResult(h, other.record.id, isGrid);
    await emu.waitFor(() => h.bot.context.imagine.activeJobs().length === 0, {
      description: "no job followed any more",
    });
    const edits = emu.requests.filter((r) => r.method === "PATCH").slice(editsWhenGone);
    expect(edits.every((r) => r.path.includes(other.handle.token))).toBe(true);
    const deletedGrid = await waitForResult(h, deleted.record.id, isGrid);
    expect(resultsOf(h, deleted.record.id)).toHaveLength(1);
    expect(deletedGrid.content).toContain(`<@${world.alice.id}>`);
    const messages = emu.messagesIn(world.general).map((m) => m.id);
    expect(messages.sort()).toEqual([otherGrid.id, deletedGrid.id].sort());
    emu.assertNoRejectedRequests({ ignoreCodes: [10008] });
  });
});
