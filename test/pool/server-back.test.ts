/**
 * How the pool tells waiting jobs why no server takes them and when one is back (issue 40, newcomer point 7):
 * each server out of service is counted as not answering or as answering with a problem, and a server whose
 * status turns healthy is found at the line's next look (a not-healthy answer is kept 1 s, not 15 s) and wakes
 * the line at once. The clock is injected; nothing waits for real time.
 */
import { describe, expect, test } from "vitest";
import { ServiceHealthMonitor } from "../../src/admission/service-health.js";
import { silentLogger } from "../../src/logger.js";
import { ImageServer } from "../../src/pool/image-server.js";
import { ServerPool } from "../../src/pool/server-pool.js";
import type { ImagineClient } from "../../src/service/client.js";
import { ServiceError } from "../../src/service/errors.js";
import type { ServiceStatus } from "../../src/service/schema.js";
import type { ServiceProfile } from "../../src/service/service-profile.js";

/** A server whose `/items/status` answers `state.status` (null: the connection is refused), on `clock`. */
function server(number: number, clock: { now: number }, state: { status: string | null }) {
  const health = new ServiceHealthMonitor({
    getServiceStatus: async (): Promise<ServiceStatus> => {
      if (state.status === null)
        throw new ServiceError("network", "connect ECONNREFUSED", { connectFailed: true });
      return { bot_status: state.status } as ServiceStatus;
    },
    now: () => clock.now,
    // Told only once the server below exists (its first check is asked for later).
    onHealthy: () => s.statusTurnedHealthy(),
  });
  const s = new ImageServer({
    number,
    name: `s${number}`,
    slots: 1,
    client: {} as ImagineClient,
    profile: { speeds: ["fast"] } as unknown as ServiceProfile,
    health,
  });
  return s;
}

/** Lets the status checks the pool started answer. */
const answered = () => new Promise((resolve) => setImmediate(resolve));

describe("ServerPool while no server takes jobs", () => {
  test.each([
    ["both refuse the connection", [null, null], { unreachable: 2, failing: 0 }],
    ["both answer unhealthy", ["unhealthy", "unhealthy"], { unreachable: 0, failing: 2 }],
    ["one refuses, one answers paused", [null, "paused"], { unreachable: 1, failing: 1 }],
    ["one is healthy, one refuses", ["healthy", null], { unreachable: 1, failing: 0 }],
  ] as const)("counts why servers are out of service: %s", async (_, statuses, expected) => {
    const clock = { now: 0 };
    const pool = new ServerPool(
      statuses.map((status, i) => server(i + 1, clock, { status })),
      { now: () => clock.now, logger: silentLogger, storedServer: async () => undefined },
    );
    pool.hasFreeSlot();
    await answered();
    expect(pool.outOfService()).toEqual(expected);
  });

  test("a server turning healthy is found at the next look a second later and wakes the line, once", async () => {
    const clock = { now: 0 };
    const state = { status: "unhealthy" as string | null };
    const pool = new ServerPool([server(1, clock, state)], {
      now: () => clock.now,
      logger: silentLogger,
      storedServer: async () => undefined,
    });
    let woken = 0;
    pool.whenServerBack(() => woken++);
    pool.hasFreeSlot();
    await answered();
    expect(pool.someServerUp()).toBe(false);

    state.status = "healthy";
    // Within its second the unhealthy answer is reused: no new check.
    clock.now = 900;
    pool.hasFreeSlot();
    await answered();
    expect(woken).toBe(0);
    // The waiting line looks every 2 s: by then the answer is old, the server is asked, and it is back.
    clock.now = 2_000;
    pool.hasFreeSlot();
    await answered();
    expect(woken).toBe(1);
    expect(pool.hasFreeSlot()).toBe(true);
    // A healthy answer is kept 15 s and wakes no one again.
    clock.now = 4_000;
    pool.hasFreeSlot();
    await answered();
    expect(woken).toBe(1);
  });
});
