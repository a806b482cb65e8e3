import { describe, expect, test } from "vitest";
import { MemoryJobStore } from "./support/memory-job-store.js";
import { ServiceHealthMonitor } from "../src/admission/service-health.js";
import { silentLogger } from "../src/logger.js";
import { BotMetrics } from "../src/metrics/metrics.js";
import { healthChecks, type OpsDeps } from "../src/ops.js";
import { ServiceError } from "../src/service/errors.js";
import type { ServiceStatus } from "../src/service/schema.js";
import { ServiceProfile } from "../src/service/service-profile.js";

/** A store whose writes fail, like a database on a full or read-only disk. */
class FullDiskStore extends MemoryJobStore {
  override async recordSubmission(): Promise<void> {
    throw new Error("database or disk is full");
  }
}

function deps(options: {
  /** What the gateway watch reports: null while connected. */
  gatewayProblem?: string | null;
  store?: MemoryJobStore;
  status?: () => Promise<ServiceStatus>;
}): OpsDeps {
  const status = options.status ?? (() => Promise.resolve({ bot_status: "healthy", message: "ok" }));
  return {
    gateway: { problem: () => options.gatewayProblem ?? null },
    store: options.store ?? new MemoryJobStore(),
    health: new ServiceHealthMonitor({ getServiceStatus: status, now: () => 0 }),
    metrics: new BotMetrics({ processMetrics: false }),
    imagine: { processId: "host-1-abc", followedJobIds: () => ["img-1", "img-2"] },
    profile: new ServiceProfile({ client: {} as never, ref: "omit", upscale: "off", logger: silentLogger }),
    shards: () => [0, 2],
    logger: silentLogger,
    now: () => 0,
  } as unknown as OpsDeps;
}

describe("healthChecks", () => {
  test("all three checks pass while the gateway is ready, the store takes writes and the service answers", async () => {
    expect(await healthChecks(deps({}))).toEqual([
      { name: "discord-gateway", ok: true },
      { name: "store", ok: true },
      { name: "image-service", ok: true, detail: "bot_status healthy" },
      {
        name: "image-service-kind",
        ok: true,
        detail: "ref not sent (IMAGINE_API_REF=omit); upscale route absent (IMAGINE_API_UPSCALE=off)",
      },
      { name: "process", ok: true, detail: "host-1-abc; shards: 0, 2; 2 jobs: img-1, img-2" },
    ]);
  });

  test.each(["connecting", "disconnected for 12 s; reconnecting", "refused by Discord: 4004"])(
    "the gateway check fails with the watch's reason while the gateway is %s",
    async (problem) => {
      const [gateway] = await healthChecks(deps({ gatewayProblem: problem }));
      expect(gateway).toEqual({ name: "discord-gateway", ok: false, detail: problem });
    },
  );

  test("the store check fails with the cause when a write is refused", async () => {
    const [, store] = await healthChecks(deps({ store: new FullDiskStore() }));
    expect(store).toEqual({ name: "store", ok: false, detail: "cannot write: database or disk is full" });
  });

  test("the service check fails with the error when the service cannot be reached", async () => {
    const refused = () =>
      Promise.reject(
        new ServiceError("network", "connect ECONNREFUSED 127.0.0.1:9", { request: "GET /items/status" }),
      );
    const [, , service] = await healthChecks(deps({ status: refused }));
    expect(service).toEqual({
      name: "image-service",
      ok: false,
      detail: "unreachable: connect ECONNREFUSED 127.0.0.1:9",
    });
  });

  test("a service that answers but reports itself unhealthy is reachable: the detail says so", async () => {
    const unhealthy = () =>
      Promise.resolve({ bot_status: "unhealthy", message: "Midjourney is down" } as ServiceStatus);
    const [, , service] = await healthChecks(deps({ status: unhealthy }));
    expect(service).toEqual({ name: "image-service", ok: true, detail: "bot_status unhealthy" });
  });
});
