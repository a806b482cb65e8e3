import { describe, expect, test } from "vitest";
import { HOUSEKEEPING_INTERVAL_MS, startHousekeeping } from "../src/housekeeping.js";
import { MemoryJobStore } from "./support/memory-job-store.js";
import { captureLogs } from "./support/log-capture.js";
import { ManualClock } from "./jobs/manual-clock.js";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** A store whose prune answers from a list (a number removed, or an error) and records each call. */
function pruneScript(answers: (number | Error)[]) {
  const calls: { olderThanMs: number }[] = [];
  return {
    calls,
    async prune(olderThanMs: number): Promise<number> {
      calls.push({ olderThanMs });
      const answer = answers.shift() ?? 0;
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
}

function setup(answers: (number | Error)[]) {
  const clock = new ManualClock();
  const store = pruneScript(answers);
  const logs = captureLogs();
  const housekeeping = startHousekeeping({ store, retentionDays: 3, clock, logger: logs.logger });
  const messages = () => logs.lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
  return { clock, store, housekeeping, messages };
}

describe("housekeeping", () => {
  test("prunes at start and then once an hour, keeping JOB_RETENTION_DAYS of ended jobs", async () => {
    const env = setup([2, 0, 5]);
    await env.clock.advance(0);
    expect(env.store.calls).toEqual([{ olderThanMs: 3 * DAY_MS }]);

    await env.clock.advance(HOUR_MS - 1);
    expect(env.store.calls).toHaveLength(1);
    await env.clock.advance(1 + HOUR_MS);
    expect(env.store.calls).toHaveLength(3);
    expect(env.messages()).toEqual(["pruned old jobs", "pruned old jobs"]);
    await env.housekeeping.stop();
  });

  test("a failed round is logged and the next one runs an hour later", async () => {
    const env = setup([new Error("database is locked"), 1]);
    await env.clock.advance(HOUSEKEEPING_INTERVAL_MS);
    expect(env.store.calls).toHaveLength(2);
    expect(env.messages()).toEqual([
      "pruning old jobs failed; the next round tries again",
      "pruned old jobs",
    ]);
    await env.housekeeping.stop();
  });

  test("after stop no round runs and no timer is left", async () => {
    const env = setup([0]);
    await env.clock.advance(0);
    await env.housekeeping.stop();
    await env.clock.advance(10 * HOUR_MS);
    expect(env.store.calls).toHaveLength(1);
    expect(env.clock.pendingTimers).toBe(0);
  });

  test("each round also forgets Midjourney's refusals that no longer count and ended pauses", async () => {
    const clock = new ManualClock();
    const logs = captureLogs();
    let rounds = 0;
    const pauses = { prune: async () => (++rounds === 1 ? 3 : 0) };
    const housekeeping = startHousekeeping({
      store: pruneScript([]),
      pauses,
      retentionDays: 3,
      clock,
      logger: logs.logger,
    });
    await clock.advance(HOUR_MS);
    expect(rounds).toBe(2);
    const messages = logs.lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages).toEqual(["forgot old refusals and ended pauses"]);
    await housekeeping.stop();
  });
});

describe("housekeeping in a fleet", () => {
  test("one process prunes at a time; when it dies another takes over within a round and a half", async () => {
    const clock = new ManualClock();
    const store = new MemoryJobStore({ now: () => clock.now() });
    const pruned: string[] = [];
    const start = (owner: string) =>
      startHousekeeping({
        store: {
          prune: async (olderThanMs) => {
            pruned.push(owner);
            return store.prune(olderThanMs);
          },
        },
        retentionDays: 3,
        clock,
        logger: captureLogs().logger,
        holdLease: (leaseMs) =>
          store.acquireNamedLease("housekeeping", { owner, expiresAt: clock.now() + leaseMs }),
      });
    const a = start("a");
    const b = start("b");
    await clock.advance(2 * HOUR_MS);
    expect(pruned).toEqual(["a", "a", "a"]);
    // a dies: its timers stop, its lease stays until it runs out.
    await a.stop();
    await clock.advance(HOUR_MS);
    expect(pruned).toEqual(["a", "a", "a"]);
    await clock.advance(HOUR_MS);
    expect(pruned).toEqual(["a", "a", "a", "b"]);
    await b.stop();
  });
});
