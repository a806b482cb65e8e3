/**
 * The machinery under the ImagineService, built once: one scheduler for every timer, the job tracker that
 * polls, the update throttle that edits (sending through the `JobSender`), and the ownership of jobs by lease.
 * The service supplies what the tracker and the throttle call back.
 */
import { isDeliveryError } from "../jobs/delivery-error.js";
import { JobTracker, type TrackedJob } from "../jobs/job-tracker.js";
import { MessageUpdateThrottle } from "../jobs/message-update-throttle.js";
import { Scheduler } from "../jobs/scheduler.js";
import { unlessAborted } from "../jobs/unless-aborted.js";
import type { Clock } from "../jobs/clock.js";
import type { Logger } from "../logger.js";
import type { ServiceError } from "../service/errors.js";
import type { ImageRecord } from "../service/schema.js";
import type { ImagineServiceOptions } from "./imagine-service-options.js";
import { JobSender } from "./delivery/job-sender.js";
import type { FollowedJobs } from "./followed-jobs.js";
import type { JobLogs } from "./job-logs.js";
import { JobOwnership } from "./job-ownership.js";
import { logContextOf, type Job } from "./job.js";
import type { JobView } from "./job-view.js";

/** The tracker's view of a job, with the ids every log line about it carries. */
export function tracked(job: Job): TrackedJob {
  return { id: job.imageId, startedAt: job.startedAt, logContext: logContextOf(job) };
}

/** What the pipeline calls back, by job id. */
export interface PipelineHandlers {
  onRecord(jobId: string, record: ImageRecord): Promise<void>;
  onTimeout(jobId: string): Promise<void>;
  onLost(jobId: string, error: ServiceError): Promise<void>;
  onPollError(jobId: string, error: unknown, failures: number): void;
  /** A poll of the job has had no answer for seconds (its request goes on). */
  onPollUnanswered(jobId: string): void;
  onMessageGone(jobId: string): void;
  /** Another process took the job over. */
  onDisowned(jobId: string): void;
  /** A final message Discord refused for good (no route left, not worth retrying at the next start). */
  onUndeliverable(jobId: string): void;
}

/** The parts of one pipeline. */
export interface JobPipeline {
  scheduler: Scheduler;
  tracker: JobTracker<TrackedJob>;
  throttle: MessageUpdateThrottle<JobView>;
  ownership: JobOwnership;
  /** Sends the throttle's views of followed jobs to Discord. */
  sender: JobSender;
}

/** Builds the pipeline; `stopping` abandons polls still waiting on the service when aborted. */
export function createJobPipeline(
  options: ImagineServiceOptions,
  deps: {
    clock: Clock;
    log: Logger;
    logs: JobLogs;
    followed: FollowedJobs;
    stopping: AbortSignal;
    handlers: PipelineHandlers;
  },
): JobPipeline {
  const { clock, log, logs, followed, stopping, handlers } = deps;
  const scheduler = new Scheduler({
    clock,
    // Polls of thousands of jobs share timer wake-ups (about a fifth less CPU per poll at 10,000 jobs).
    resolutionMs: options.timerResolutionMs ?? 10,
    onTaskError: (err, key) => log.error({ err, key }, "scheduled task failed"),
  });
  const ownership = new JobOwnership({
    store: options.store,
    scheduler,
    clock,
    logger: log,
    processId: options.processId,
    leaseMs: options.leaseMs,
    onLost: (id) => handlers.onDisowned(id),
  });
  const sender = new JobSender({ options, clock, followed, ownership, logs });
  const common = { scheduler, logger: log, ...(options.random ? { random: options.random } : {}) };
  const tracker = new JobTracker<TrackedJob>({
    ...common,
    getImage: (id) =>
      unlessAborted(options.servers.getImage(id, options.serviceSlots ? { inSlot: true } : {}), stopping),
    pollIntervalMs: options.pollIntervalMs,
    timeoutMs: options.timeoutMs,
    serverOf: (id) => options.servers.nameOf(id),
    ...(options.serviceSlots ? { slots: options.serviceSlots } : {}),
    onRecord: (t, record) => handlers.onRecord(t.id, record),
    onTimeout: (t) => handlers.onTimeout(t.id),
    onLost: (t, error) => handlers.onLost(t.id, error),
    onPollError: (t, err, failures) => handlers.onPollError(t.id, err, failures),
    onPollUnanswered: (t) => handlers.onPollUnanswered(t.id),
  });
  const throttle = new MessageUpdateThrottle<JobView>({
    ...common,
    minIntervalMs: options.progressUpdateIntervalMs,
    jobLogger: (jobId) => logs.of(jobId),
    send: (jobId, view, info) => sender.send(jobId, view, info.final),
    onGone: (jobId) => handlers.onMessageGone(jobId),
    // The tracker and the throttle log each failure once; here they are counted and decide the job's fate.
    onError: (jobId, err, failure) => {
      const kind = isDeliveryError(err) ? err.kind : "transient";
      options.events?.deliveryFailed?.(kind, failure.final);
      if (failure.final && !failure.willRetry && kind !== "transient") handlers.onUndeliverable(jobId);
    },
  });
  return { scheduler, tracker, throttle, ownership, sender };
}
