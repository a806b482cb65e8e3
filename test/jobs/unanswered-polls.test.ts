/**
 * A poll that goes unanswered: the tracker says so after `unansweredPollMs` (the request goes on), once per
 * poll, and not at all for a poll answered in time.
 */
import { describe, expect, test } from "vitest";
import { job, setupTracker } from "./tracker-setup.js";

function setup(latencyMs: number) {
  const told: number[] = [];
  const t = setupTracker(
    (clock) => ({
      unansweredPollMs: 6_000,
      onPollUnanswered: () => void told.push(clock.now()),
    }),
    latencyMs,
  );
  t.tracker.track(job("a"));
  return { ...t, told };
}

describe("a poll that goes unanswered", () => {
  test.each([
    { latencyMs: 5_000, told: 0 },
    { latencyMs: 7_000, told: 1 },
    { latencyMs: 30_000, told: 1 },
  ])(
    "answered after $latencyMs ms: told $told time(s), 6 s after the poll started",
    async ({ latencyMs, told }) => {
      const t = setup(latencyMs);
      // The first poll starts after one interval (1 s); watch one poll only.
      await t.clock.advance(1_000 + latencyMs - 1);
      expect(t.told).toHaveLength(told);
      if (told > 0) expect(t.told[0]).toBe(1_000 + 6_000);
    },
  );

  test("a job untracked while its poll hangs is not told", async () => {
    const t = setup(30_000);
    await t.clock.advance(1_500);
    t.tracker.untrack("a");
    await t.clock.advance(10_000);
    expect(t.told).toEqual([]);
  });
});
