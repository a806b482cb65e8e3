/**
 * The bot's fair queue in front of the image servers: jobs that find no free slot wait in the bot, members
 * take turns, each waiting message says its place in line, ✖ Cancel works while waiting, and waiting jobs
 * survive a crash of the bot (each started and delivered once).
 */
import { afterEach, describe, expect, test } from "vitest";
import type { InteractionHandle } from "../../tools/discord-emulator/world/interaction-handle.js";
import { textOf } from "../support/message-view.js";
import { clickLabel, isGrid, resultsOf, waitForResult } from "./imagine-steps.js";
import { imagineOnPool, startedImageId, startPool, type PoolHarness } from "./pool-steps.js";
import { isWaiting } from "../../src/imagine/job.js";

let p: PoolHarness | undefined;
afterEach(async () => {
  await p?.stop();
  p = undefined;
});

/** Waits until the message answering `handle` says place `place` in line; resolves its text. */
async function placeShown(handle: InteractionHandle, place: number): Promise<string> {
  const message = await handle.waitForResponse({ where: (m) => textOf(m).includes(`number ${place},`) });
  return textOf(message);
}

describe("the bot's fair queue", () => {
  test("one slot: A starts 3 jobs, then B 1; B's job starts before A's third, and each message says its place", async () => {
    p = await startPool([], { slots: 1 });
    const { h } = p;
    const a1 = await imagineOnPool(p, "a first fox");
    const a2 = await imagineOnPool(p, "a second fox");
    const a3 = await imagineOnPool(p, "a third fox");
    const b1 = await imagineOnPool(p, "a heron", h.world.mod);
    expect(h.service.creates).toBe(1);
    for (const [handle, place] of [
      [b1.handle, 1],
      [a2.handle, 2],
      [a3.handle, 3],
    ] as const)
      expect(await placeShown(handle, place)).toMatch(/waits in the bot's line, number/);

    const started: string[] = [];
    let running = a1.imageId;
    for (let i = 0; i < 3; i++) {
      h.service.completeNow(running);
      await waitForResult(h, running, isGrid);
      const next = await h.emu.waitFor(
        () =>
          h.bot.context.imagine
            .activeJobs()
            .find((j) => !isWaiting(j) && j.outcome === null && !started.includes(j.ref)),
        { description: "the next job to start" },
      );
      started.push(next.ref);
      running = next.imageId;
    }
    // A has a job running: B's one goes first, then A's in turn.
    expect(started).toEqual([b1.handle.id, a2.handle.id, a3.handle.id]);
    h.service.completeNow(running);
    await waitForResult(h, running, isGrid);
    // Never more than the one slot, counted by the service itself.
    expect(h.service.creates).toBe(4);
    expect(h.service.maxInFlight).toBe(1);
  });

  test("a waiting job can be cancelled: it never reaches the service, and the next in line moves up", async () => {
    p = await startPool([], { slots: 1 });
    const { h } = p;
    const a1 = await imagineOnPool(p, "a first fox");
    const a2 = await imagineOnPool(p, "a second fox");
    const a3 = await imagineOnPool(p, "a third fox");
    const waiting = await a2.handle.waitForResponse({ where: (m) => textOf(m).includes("number 1,") });
    const click = await clickLabel(h, waiting, "Cancel", h.world.alice);
    await click.waitForAcknowledgement();
    await waitForResult(h, a2.imageId, (m) => /Cancelled by/.test(m.content));
    expect(await placeShown(a3.handle, 1)).toBeTruthy();

    h.service.completeNow(a1.imageId);
    const third = await startedImageId(p, a3.handle.id);
    expect(h.service.records().map((r) => r.ref)).toEqual([a1.handle.id, a3.handle.id]);
    h.service.completeNow(third);
    await waitForResult(h, third, isGrid);
  });

  test("jobs waiting when the bot is killed each start and are delivered once after the restart", async () => {
    p = await startPool([{}], { slots: 1 });
    const { h, services } = p;
    const jobs = [];
    for (const prompt of ["one", "two", "three", "four"])
      jobs.push(await imagineOnPool(p, `a fox ${prompt}`));
    expect(services.map((s) => s.creates)).toEqual([1, 1]);

    await h.restart({ hard: true });
    const ids: string[] = [];
    for (const job of jobs) {
      const id = await startedImageId(p, job.handle.id);
      ids.push(id);
      const service = services.find((s) => s.record(id))!;
      service.completeNow(id);
      await waitForResult(h, id, isGrid);
    }
    expect(services.map((s) => s.creates).reduce((a, b) => a + b)).toBe(4);
    for (const service of services) for (const count of service.createsByRef.values()) expect(count).toBe(1);
    expect(ids.map((id) => resultsOf(h, id).length)).toEqual([1, 1, 1, 1]);
    expect(services.map((s) => s.maxInFlight)).toEqual([1, 1]);
  });
});
