/**
 * What a job's end means beyond the engine (which frees its server's slot and moves the line on itself): it is
 * counted, written to the audit log, a refusal counts towards a member's pause, and a job that ended in the
 * bot's line without being sent gives its image of the day back.
 */
import type { Logger } from "../logger.js";
import type { MetricsSink } from "../metrics/metrics-sink.js";
import { classifyImageError, NOT_STARTED_ERROR } from "../render/image-errors.js";
import type { JobEvents } from "./imagine-service-options.js";
import { isWaiting, type Job } from "./job.js";

/** Those the end of a job is told to. */
export interface JobEndParties {
  metrics: Pick<MetricsSink, "jobFinished" | "deliveryLatency">;
  audit: { jobEnded(job: Job): Promise<void> };
  /** Counts a refusal towards the member's pause (`watchRefusals`). */
  refusals(job: Job): Promise<void>;
  daily: {
    giveBackDailyImage(at: { requesterId: string; guildId: string | null; at: number }): Promise<void>;
  };
  log: Logger;
}

/** Whether `job` ended without ever being sent: in line (expired, cancelled, refused at its turn), not one
 * that may have been sent before a restart. */
function neverSent(job: Job): boolean {
  return isWaiting(job) && job.outcome !== "completed" && job.error !== NOT_STARTED_ERROR;
}

/** The `jobEnded` event that tells `parties` (see the module's comment). */
export function jobEndPolicy(parties: JobEndParties): JobEvents["jobEnded"] {
  const { metrics, audit, daily, log } = parties;
  return (job, latencyMs) => {
    if (job.outcome) metrics.jobFinished(job.outcome);
    if (latencyMs !== null) metrics.deliveryLatency(latencyMs / 1000);
    void audit.jobEnded(job);
    void parties.refusals(job);
    // Nor is one whose server's account could not run it (a notice about the account, not the member).
    const accountFailed = job.outcome === "failed" && classifyImageError(job.error).kind === "account";
    if (!neverSent(job) && !accountFailed) return;
    const at = { requesterId: job.requesterId, guildId: job.location.guildId, at: job.startedAt };
    void daily.giveBackDailyImage(at).catch((err: unknown) => {
      log.warn(
        { err, jobId: job.imageId },
        "could not give back the daily image of a job that never started",
      );
    });
  };
}
