import { describe, expect, test } from "vitest";
import {
  RECENT_ERROR_WINDOW_MS,
  serviceCondition,
  ServiceHealthMonitor,
  type ServiceHealth,
} from "../../src/admission/service-health.js";
import { ServiceError, type ServiceErrorKind } from "../../src/service/errors.js";
import type { ServiceStatus } from "../../src/service/schema.js";

/** A status request the test answers by hand, and a sleep the test ends by hand. */
function controllable() {
  let answer: ((status: ServiceStatus) => void) | undefined;
  let wake: (() => void) | undefined;
  let sleeps = 0;
  let aborted = 0;
  const monitor = new ServiceHealthMonitor({
    getServiceStatus: () => new Promise<ServiceStatus>((resolve) => (answer = resolve)),
    now: () => 0,
    sleep: (_ms, signal) =>
      new Promise<void>((resolve) => {
        sleeps++;
        wake = resolve;
        signal.addEventListener("abort", () => aborted++);
      }),
  });
  return {
    monitor,
    answer: (status: ServiceStatus) => answer?.(status),
    wake: () => wake?.(),
    sleeps: () => sleeps,
    aborted: () => aborted,
  };
}

describe("ServiceHealthMonitor.current", () => {
  test("with maxWaitMs, a status answer that is late gives the last known health (unknown) instead of waiting", async () => {
    const c = controllable();
    const pending = c.monitor.current({ maxWaitMs: 1500 });
    c.wake();
    const health = await pending;
    expect(health.botStatus).toBeNull();
    expect(health.checkedAt).toBeNull();

    c.answer({ bot_status: "unhealthy", message: "Discord is down" });
    await Promise.resolve();
    await Promise.resolve();
    expect(c.monitor.last.botStatus).toBe("unhealthy");
  });

  test("with maxWaitMs, an answer in time is returned and the wait is cancelled", async () => {
    const c = controllable();
    const pending = c.monitor.current({ maxWaitMs: 1500 });
    c.answer({ bot_status: "paused", message: "Maintenance" });
    const health = await pending;
    expect(health.botStatus).toBe("paused");
    expect(health.message).toBe("Maintenance");
    expect(c.aborted()).toBe(1);
  });

  test("without maxWaitMs, it waits for the answer and starts no timer", async () => {
    const c = controllable();
    const pending = c.monitor.current();
    c.answer({ bot_status: "healthy", message: "Bot is healthy" });
    expect((await pending).botStatus).toBe("healthy");
    expect(c.sleeps()).toBe(0);
  });
});

describe("ServiceHealthMonitor.recordError", () => {
  const monitorAt = (now: number) =>
    new ServiceHealthMonitor({
      getServiceStatus: () => Promise.resolve({ bot_status: "healthy" }),
      now: () => now,
    });

  test.each<ServiceErrorKind>(["forbidden", "validation"])(
    "a %s error (about one image or one request) is not remembered as the service's last error",
    (kind) => {
      const monitor = monitorAt(1_000);
      monitor.recordError(new ServiceError(kind, `403 about one image (${kind})`));
      expect(monitor.last).toMatchObject({ lastError: null, lastErrorAt: null });
    },
  );

  test.each<ServiceErrorKind>(["server", "network", "timeout", "not-json", "unauthorized", "rate-limited"])(
    "a %s error is remembered with its time",
    (kind) => {
      const monitor = monitorAt(1_000);
      monitor.recordError(new ServiceError(kind, `fake ${kind}`));
      expect(monitor.last).toMatchObject({ lastError: `fake ${kind}`, lastErrorAt: 1_000 });
    },
  );
});

describe("serviceCondition", () => {
  const base: ServiceHealth = {
    botStatus: "healthy",
    message: null,
    latencyMs: 20,
    lastError: null,
    lastErrorAt: null,
    checkedAt: 0,
  };
  const NOW = 10_000_000;

  test.each<[string, Partial<ServiceHealth>, string]>([
    ["never checked", { botStatus: null, checkedAt: null }, "unknown"],
    ["a failed check", { botStatus: null, checkedAt: NOW }, "unreachable"],
    ["healthy, no error", {}, "healthy"],
    ["healthy, an outage error just now", { lastError: "500", lastErrorAt: NOW }, "degraded"],
    [
      "healthy, an outage error long ago",
      { lastError: "500", lastErrorAt: NOW - RECENT_ERROR_WINDOW_MS },
      "healthy",
    ],
    [
      "paused, an outage error just now",
      { botStatus: "paused", lastError: "500", lastErrorAt: NOW },
      "paused",
    ],
    ["unhealthy", { botStatus: "unhealthy" }, "unhealthy"],
  ])("%s is %s", (_what, overrides, condition) => {
    expect(serviceCondition({ ...base, ...overrides }, NOW)).toBe(condition);
  });
});

describe("ServiceHealthMonitor: since when a server is not answering", () => {
  test("is the first failed check since its last answer, kept by later failures and cleared by an answer", async () => {
    let now = 1_000;
    let up = false;
    const monitor = new ServiceHealthMonitor({
      getServiceStatus: async () => {
        if (!up) throw new ServiceError("network", "connect ECONNREFUSED", { connectFailed: true });
        return { bot_status: "healthy", message: null };
      },
      now: () => now,
      cacheMs: 1,
    });
    expect((await monitor.current()).unreachableSince).toBe(1_000);
    now = 21_000;
    const later = await monitor.current();
    expect([later.unreachableSince, later.lastErrorAt]).toEqual([1_000, 21_000]);
    up = true;
    now = 22_000;
    expect((await monitor.current()).unreachableSince).toBeNull();
    up = false;
    now = 30_000;
    expect((await monitor.current()).unreachableSince).toBe(30_000);
  });
});
