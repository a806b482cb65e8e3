import { describe, expect, test } from "vitest";
import { joinFleet } from "../../src/fleet/fleet-member.js";
import { MemoryJobStore } from "../support/memory-job-store.js";
import { ManualClock } from "../jobs/manual-clock.js";
import { captureLogs } from "../support/log-capture.js";

/** A process's job following as the fleet member drives it: counts renewals and claims. */
function fakeImagine(followed: number) {
  const calls = { renew: 0, claims: [] as number[] };
  return {
    calls,
    imagine: {
      processId: "host-1-abc",
      async renewLeases() {
        calls.renew++;
      },
      async claim(max: number) {
        calls.claims.push(max);
        return 0;
      },
      followedJobIds: () => Array.from({ length: followed }, (_, i) => `job-${i}`),
    },
  };
}

describe("fleet member", () => {
  test("renews and heartbeats every third of the lease, claims twice per poll interval up to the cap, and stops", async () => {
    const clock = new ManualClock();
    const store = new MemoryJobStore({ now: () => clock.now() });
    const { imagine, calls } = fakeImagine(3);
    const member = joinFleet({
      store,
      imagine,
      leaseMs: 3000,
      pollIntervalMs: 2000,
      maxJobs: 10,
      shards: () => [1],
      clock,
      logger: captureLogs().logger,
    });
    await clock.advance(0);
    expect(calls).toEqual({ renew: 1, claims: [7] });
    await clock.advance(3000);
    // Renewals at 0, 1000, 2000, 3000; claims every 500 ms (half of the smaller of 2000 and 1000).
    expect(calls.renew).toBe(4);
    expect(calls.claims).toHaveLength(7);
    expect(await store.processes(0)).toEqual([
      { id: "host-1-abc", startedAt: clock.now() - 3000, seenAt: clock.now(), shards: [1], jobs: 3 },
    ]);
    await member.stop();
    await clock.advance(10_000);
    expect(calls.renew).toBe(4);
    await member.leave();
    expect(await store.processes(0)).toEqual([]);
  });
});
