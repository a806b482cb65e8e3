/**
 * How a followed job ends: its outcome is recorded (the claim on delivering it), its final view is shown
 * through the throttle, it is followed no more, and its ending is settled (delivered, or given up, or left
 * for the next start) and reported once.
 */
import type { Clock } from "../jobs/clock.js";
import type { MessageUpdateThrottle } from "../jobs/message-update-throttle.js";
import type { Logger } from "../logger.js";
import type { ShowOutcome } from "../jobs/message-update-options.js";
import type { ServiceError } from "../service/errors.js";
import type { JobSender } from "./delivery/job-sender.js";
import type { FollowedJobs } from "./followed-jobs.js";
import type { ImagineServiceOptions } from "./imagine-service-options.js";
import { logContextOf, type Job, type JobOutcome } from "./job.js";
import type { JobOwnership } from "./job-ownership.js";
import type { SlotFreed } from "./line/slot-freed.js";
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
  /** Shows a final view's private note to the requester, once. */
  sender: Pick<JobSender, "showPrivateNoteOnce">;
  /** Makes a job whose record its server lost again (`job-remake.ts`); whether it did. Default: never. */
  remakeLost?(job: Job): Promise<boolean>;
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

  /** The image service no longer knows the job: it is made again once, or ends lost (with Try again). */
  async lost(jobId: string, error: ServiceError): Promise<void> {
    const job = this.ctx.followed.get(jobId);
    if (!job || job.outcome === "cancelled") return;
    if (await this.ctx.remakeLost?.(job)) return;
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
    const undeliverable = followed.takeUndeliverable(job.imageId);
    const latencyMs = await this.settle({ job, view, shown, seenAt }, undeliverable, log);
    // What the end means here: its server forgets it and the line moves on (again after a finished record:
    // a fleet counts slots from saved outcomes, saved only above); the rest is told (`job-end-policy.ts`).
    options.servers.forget(job.imageId);
    this.ctx.slotFreed.drain();
    options.events?.jobEnded?.(structuredClone(job), latencyMs);
  }

  /**
   * After a job's final message was shown, or not (`shown`): a shown job (or one whose message is gone) is
   * delivered, with its private note sent once; one Discord refused for good on every route (`undeliverable`)
   * is settled rather than retried at each start; otherwise it stays undelivered for the next start. Logs the
   * ending once. Resolves with the delivery latency to report, null when there is none.
   */
  private async settle(
    ending: { job: Job; view: JobView; shown: ShowOutcome; seenAt: number },
    undeliverable: boolean,
    log: Logger,
  ): Promise<number | null> {
    const { job, view, shown, seenAt } = ending;
    const outcome = job.outcome;
    if (shown === "delivered" || shown === "message-gone") {
      if (view.privateNote) await this.ctx.sender.showPrivateNoteOnce(job, view.privateNote, log);
      job.delivered = true;
      const latencyMs = shown === "delivered" ? this.ctx.clock.now() - seenAt : null;
      await this.ctx.ownership.save(job);
      log.info({ outcome, shown, latencyMs }, "job ended");
      return latencyMs;
    }
    if (undeliverable) {
      job.delivered = true;
      await this.ctx.ownership.save(job);
      log.error(
        { outcome },
        "the result could not be delivered anywhere (no channel access, DMs closed); giving up",
      );
    } else {
      log.error({ outcome, shown }, "the result could not be delivered; will retry at next start");
    }
    return null;
  }
}
