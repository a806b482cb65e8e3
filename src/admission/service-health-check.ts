/**
 * The service's health: a service that reports itself `paused` takes no jobs. In every other state (starting,
 * not started, unhealthy) it queues images: those jobs are admitted, and their waiting message says the
 * service is starting or down (service-facts.md).
 */
import type { AdmissionCheck } from "./admission-check.js";
import { RefusedError } from "./refused-error.js";
import type { HealthReader } from "./service-health.js";

/**
 * Refuses while the service reports itself `paused`. Waits at most `maxWaitMs` for its answer (admission runs
 * before the interaction is acknowledged), then the last known health decides (unknown lets the job through).
 */
export function serviceHealthCheck(health: HealthReader, maxWaitMs: number): AdmissionCheck {
  return async () => {
    const current = await health.current({ maxWaitMs });
    if (current.botStatus !== "paused") return;
    throw new RefusedError({
      code: "service-unhealthy",
      status: current.botStatus,
      detail: current.message || null,
    });
  };
}
