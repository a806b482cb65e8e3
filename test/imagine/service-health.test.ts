import { describe, expect, test } from "vitest";
import { ServiceHealthMonitor } from "../../src/imagine/service-health.js";
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
