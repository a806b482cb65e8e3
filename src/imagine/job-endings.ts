/**
 * How a followed job ends: its outcome is recorded (the claim on delivering it), its final view is shown
 * through the throttle, it is followed no more, and its ending is settled and reported once.
 */
import type { Clock } from "../jobs/clock.js";
import type { MessageUpdateThrottle } from "../jobs/message-update-throttle.js";
import type { Logger } from "../logger.js";
import type { ServiceError } from "../service/errors.js";
import type { FollowedJobs } from "./followed-jobs.js";
import type { ImagineServiceOptions } from "./imagine-service-options.js";
import { logContextOf, type Job, type JobOutcome } from "./job.js";
import type { JobOwnership } from "./job-ownership.js";
import type { SlotFreed } from "./line/slot-freed.js";
import { settleEnding } from "./delivery/job-sending.js";
import { LOST_JOB_ERROR, viewForLost, viewForTimeout, type JobView } from "./job-view.js";

/** What ending jobs needs from the service that follows them. */
export interface JobEndingsContext {
  options: ImagineServiceOptions;
  clock: Clock;
  log: Logger;
  followed: FollowedJobs;
  throttle: MessageUpdateThrottle<JobView>;
  /** Saves the job under this process's lease; false (and the job given up) when another process holds it. */
  ownership: Pick<JobOwnership, "save">;
  /** Tells the bot's waiting line a job's end freed its server's slot, so the next may start. */
  slotFreed: Pick<SlotFreed, "drain">;
}

/** Ends followed jobs; a job cancelled meanwhile takes no other ending. */
export class JobEndings {
  constructor(private readonly ctx: JobEndingsContext) {}

  /** The job's time limit passed before it finished. */
  async timeout(jobId: string): Promise<void> {
    const job = this.ctx.followed.get(jobId);
    if (!job || job.outcome === "cancelled") return;
    job.finishedAt ??= this.ctx.clock.now();
    await this.finish(job, "timed-out", viewForTimeout(job, this.ctx.options.timeoutMs));
  }

  /** The image service no longer knows the job. */
  async lost(jobId: string, error: ServiceError): Promise<void> {
    const job = this.ctx.followed.get(jobId);
    if (!job || job.outcome === "cancelled") return;
    this.ctx.log.child(logContextOf(job)).error({ err: error }, "the image service no longer knows this job");
    job.error = LOST_JOB_ERROR;
    job.finishedAt ??= this.ctx.clock.now();
    await this.finish(job, "lost", viewForLost(job, this.ctx.options.imageDelivery));
  }

  /** Records `outcome`, shows `view` as the job's final message and settles the job's ending. */
  async finish(job: Job, outcome: JobOutcome, view: JobView): Promise<void> {
    const { options, clock, followed, throttle } = this.ctx;
    const seenAt = clock.now();
    const log = this.ctx.log.child(logContextOf(job));
    job.outcome = outcome;
    job.finishedAt ??= seenAt;
    // Recording the outcome is the claim on delivering it: a process that lost the job delivers nothing.
    if (!(await this.ctx.ownership.save(job))) return;
    const shown = await throttle.show(job.imageId, { payload: view, key: view.key, final: true });
    throttle.forget(job.imageId);
    followed.remove(job.imageId);
    const latencyMs = await settleEnding(
      {
        options,
        now: () => clock.now(),
        persist: (j) => this.ctx.ownership.save(j),
        undeliverable: followed.takeUndeliverable(job.imageId),
      },
      { job, view, shown, seenAt },
      log,
    );
    // What the end means here: its server forgets it and the line moves on (again after a finished record:
    // a fleet counts slots from saved outcomes, saved only above); the rest is told (`job-end-policy.ts`).
    options.servers.forget(job.imageId);
    this.ctx.slotFreed.drain();
    options.events?.jobEnded?.(structuredClone(job), latencyMs);
  }
}
