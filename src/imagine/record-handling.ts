/**
 * Following a job's record (`ImagineService`): each record read (a poll, a webhook's hint, the create's
 * answer) renders the job's message when what it shows changed, frees the server's slot once the record is
 * finished and ends the job on its final record; failed polls and a progress message gone have their own
 * handling.
 */
import type { Clock } from "../jobs/clock.js";
import type { MessageUpdateThrottle } from "../jobs/message-update-throttle.js";
import { isServiceUnanswering } from "../jobs/outage-policy.js";
import { isServiceError } from "../service/errors.js";
import { isFinished, type ImageRecord } from "../service/schema.js";
import { progressSignatureOf, type FollowedJobs } from "./followed-jobs.js";
import type { ImagineServiceOptions } from "./imagine-service-options.js";
import type { JobOutcome } from "./job.js";
import type { JobEndings } from "./job-endings.js";
import type { JobRemake } from "./job-remake.js";
import type { JobOwnership } from "./job-ownership.js";
import type { SlotFreed } from "./line/slot-freed.js";
import { viewForRecord, type JobView } from "./job-view.js";
import { usableRecord } from "./usable-record.js";
import { NO_NOTICE, pendingNotice } from "./pending-notice.js";

/** What following records needs from the service that follows the jobs. */
export interface RecordHandlingContext {
  options: Pick<ImagineServiceOptions, "imageDelivery" | "servers">;
  clock: Clock;
  followed: FollowedJobs;
  throttle: Pick<MessageUpdateThrottle<JobView>, "show" | "wouldSkip">;
  /** Saves the job under this process's lease; false (and the job given up) when another process holds it. */
  ownership: Pick<JobOwnership, "save">;
  /** How a job ends, once its final record is read. */
  endings: Pick<JobEndings, "finish">;
  /** Tells the bot's waiting line a server's slot was freed, so jobs waiting in it may start. */
  slotFreed: Pick<SlotFreed, "drain">;
  /**
   * Takes a record that says the job's server cannot run it; whether the job was made again elsewhere.
   * Default: never.
   */
  remake?: Pick<JobRemake, "remakeIfServerCannot">;
}

/** Turns the records read of followed jobs into their messages and endings. */
export class RecordHandling {
  constructor(private readonly ctx: RecordHandlingContext) {}

  /** Takes `polled`, the record of the followed job `jobId` as just read. */
  async record(jobId: string, polled: ImageRecord): Promise<void> {
    const { ctx } = this;
    const { options } = ctx;
    const job = ctx.followed.get(jobId);
    // A job cancelled while a poll was under way takes no more records.
    if (!job || job.outcome === "cancelled") return;
    const record = usableRecord(polled);
    // An account notice (the server is held) or a record left pending by a server with a problem.
    if (
      (record.status === "failed" || record.status === "pending") &&
      (await ctx.remake?.remakeIfServerCannot(job, record))
    )
      return;
    // Only a pending job's message speaks of the service's status: other polls do not ask for it.
    const notice =
      record.status === "pending" ? pendingNotice(record, options.servers.serviceStatus()) : NO_NOTICE;
    // Most polls return what was already shown: skip rendering a view the throttle would drop anyway.
    const signature = progressSignatureOf(record, notice);
    const seen = ctx.followed.lastRendered(jobId);
    if (seen && seen.signature === signature && ctx.throttle.wouldSkip(jobId, seen.key)) return;
    const changed = job.status !== record.status || job.progress !== record.progress;
    job.status = record.status;
    job.progress = record.progress;
    // Set before rendering: the final message says how long the job took.
    if (isFinished(record.status)) {
      job.finishedAt ??= ctx.clock.now();
      // The server's slot is free once its record is finished, not once Discord took the result: this
      // process's count frees it now (a fleet's count, from saved outcomes, at the job's end: JobEndings).
      options.servers.ended(jobId);
      ctx.slotFreed.drain();
    }
    const ended = record.status === "completed" || record.status === "failed" ? record.status : null;
    const outOfDate = ended !== null && options.servers.recordEnded(jobId, ended, record.error);
    const view = viewForRecord(
      job,
      record,
      options.imageDelivery,
      outOfDate ? { serverOutOfDate: true } : notice,
    );
    if (view.final) {
      const outcome: JobOutcome = record.status === "completed" ? "completed" : "failed";
      job.error = record.error;
      await ctx.endings.finish(job, outcome, view);
      return;
    }
    if (changed) await ctx.ownership.save(job);
    if (signature !== null) ctx.followed.rendered(jobId, { signature, key: view.key, record });
    void ctx.throttle.show(jobId, { payload: view, key: view.key });
  }

  /**
   * After enough failed polls in a row ({@link isServiceUnanswering}), the job's message says the service
   * is not answering; the next successful poll renders the record again, which removes the notice.
   */
  pollFailed(jobId: string, err: unknown, failures: number): void {
    if (isServiceUnanswering(failures, isServiceError(err) ? err.kind : undefined))
      this.pollUnanswered(jobId);
  }

  /** A poll has had no answer for seconds: the job's message says the service is not answering, as above. */
  pollUnanswered(jobId: string): void {
    const { ctx } = this;
    const job = ctx.followed.get(jobId);
    const seen = ctx.followed.lastRendered(jobId);
    if (!job || !seen) return;
    const view = viewForRecord(job, seen.record, ctx.options.imageDelivery, { serviceUnanswering: true });
    void ctx.throttle.show(jobId, { payload: view, key: view.key });
  }

  /**
   * The job's progress message is gone: it is still followed, and its result is posted as usual. Neither
   * token is tried on the old message again, also after a restart.
   */
  async messageGone(jobId: string): Promise<void> {
    const job = this.ctx.followed.get(jobId);
    if (!job) return;
    job.location = { ...job.location, interactionToken: null, messageId: null };
    await this.ctx.ownership.save(job);
  }
}
