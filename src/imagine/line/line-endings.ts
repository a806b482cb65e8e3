/**
 * How jobs waiting in the bot's line end without starting (see `line/waiting-line.ts`): past their wait limit, or
 * when their turn finds they may already have been sent. Nothing was sent for either by this process.
 */
import type { Clock } from "../../jobs/clock.js";
import type { Logger } from "../../logger.js";
import { WAIT_EXPIRED_ERROR } from "../../render/image-errors.js";
import { newImageRecord } from "../../service/record-factory.js";
import type { ImagineServiceOptions } from "../imagine-service-options.js";
import type { FollowedJobs } from "../followed-jobs.js";
import { logContextOf, type Job, type JobOutcome } from "../job.js";
import { placementOf } from "../job-placement.js";
import { viewForRecord, viewForWaitExpired, type JobView } from "../job-view.js";

/** What the endings need of the service that follows the jobs. */
export interface WaitingEndingsContext {
  options: Pick<ImagineServiceOptions, "imageDelivery" | "timeoutMs">;
  clock: Clock;
  log: Logger;
  followed: Pick<FollowedJobs, "get">;
  finish(job: Job, outcome: JobOutcome, view: JobView): Promise<void>;
}

/** A waiting job as the line keeps it: its id and when it was queued. */
interface Queued {
  readonly id: string;
  readonly queuedAt: number;
}

/**
 * Whether `job` can run only on some of the servers: an Enhance on its grid's, a prompt asking for a speed
 * on those that run it. Others may have been free while it waited.
 */
function waitsForSomeServers(job: Job): boolean {
  return placementOf(job).on !== "any";
}

/** Ends waiting jobs that were not started. */
export class LineEndings {
  constructor(private readonly ctx: WaitingEndingsContext) {}

  /** Those of `waiting` that waited at least the job time limit (`timeoutMs`), at `now`. */
  expired<T extends Queued>(waiting: readonly T[]): T[] {
    const now = this.ctx.clock.now();
    return waiting.filter((entry) => now - entry.queuedAt >= this.ctx.options.timeoutMs);
  }

  /**
   * Ends the waiting job `id` as timed out, its message saying no image server (that can run it) was free in
   * its time limit and its `error` the English {@link WAIT_EXPIRED_ERROR} for moderators. Nothing was sent.
   */
  async waitExpired(id: string): Promise<void> {
    const { clock, options } = this.ctx;
    const job = this.ctx.followed.get(id);
    if (!job || job.outcome !== null) return;
    this.ctx.log.child(logContextOf(job)).info("a job waited its time limit for a free image server");
    job.error = WAIT_EXPIRED_ERROR;
    job.finishedAt = clock.now();
    const view = viewForWaitExpired(job, options.timeoutMs, waitsForSomeServers(job));
    await this.ctx.finish(job, "timed-out", view);
  }

  /** Ends a waiting job that was not started (or may not have been), its message saying `error`. */
  async failed(standIn: Job, error: string): Promise<void> {
    standIn.error = error;
    standIn.finishedAt = this.ctx.clock.now();
    const failed = newImageRecord({
      id: standIn.imageId,
      prompt: standIn.prompt.text,
      ref: standIn.ref,
      status: "failed",
      error,
    });
    await this.ctx.finish(standIn, "failed", viewForRecord(standIn, failed, this.ctx.options.imageDelivery));
  }
}
