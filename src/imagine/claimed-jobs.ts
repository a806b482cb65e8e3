/**
 * Taking up jobs claimed from the store (at start, or from a process whose lease ran out): each is owed
 * what it still lacks, polling, its "Cancelled by" or time-out message, or its result delivered again.
 */
import type { Logger } from "../logger.js";
import type { FollowedJobs } from "./followed-jobs.js";
import type { ImagineServiceOptions } from "./imagine-service-options.js";
import { isWaiting, type Job } from "./job.js";
import type { JobEndings } from "./job-endings.js";
import type { JobFollower } from "./job-follower.js";
import type { JobLogs } from "./job-logs.js";
import type { JobOwnership } from "./job-ownership.js";
import { viewForCancelled, viewForTimeout } from "./job-view.js";
import type { WaitingLine } from "./line/waiting-line.js";
import type { RecordHandling } from "./record-handling.js";

/** What taking up claimed jobs needs from the service that follows them. */
export interface ClaimedJobsContext {
  options: Pick<ImagineServiceOptions, "servers" | "timeoutMs">;
  ownership: JobOwnership;
  followed: FollowedJobs;
  log: Logger;
  /** Polls a claimed job again. */
  follower: Pick<JobFollower, "resumed">;
  /** Where a claimed job that waits in line (no record yet) goes back. */
  line: Pick<WaitingLine, "restore">;
  records: Pick<RecordHandling, "record">;
  endings: Pick<JobEndings, "finish">;
  logs: JobLogs;
}

/**
 * Claims up to `max` jobs nobody follows and follows them: `takeover` polls them at once, else their first
 * polls spread over an interval. A job this process already follows is left as it is. Returns how many
 * were claimed.
 */
export async function claimJobs(max: number, takeover: boolean, ctx: ClaimedJobsContext): Promise<number> {
  if (max <= 0) return 0;
  const jobs = await ctx.ownership.claim(max);
  for (const job of jobs) {
    if (ctx.followed.has(job.imageId)) continue;
    ctx.followed.add(job);
    if (job.outcome === null) {
      follow(ctx, job, takeover);
    } else if (job.outcome === "cancelled") {
      // Never followed again: only its "Cancelled by" message is still owed.
      void ctx.endings.finish(job, job.outcome, viewForCancelled(job, job.cancelledBy ?? job.requesterId));
    } else if (job.outcome === "timed-out") {
      void ctx.endings.finish(job, job.outcome, viewForTimeout(job, ctx.options.timeoutMs));
    } else {
      void redeliver(job, ctx);
    }
  }
  if (jobs.length > 0) ctx.log.info({ jobs: jobs.length, takeover }, "claimed jobs from the store");
  return jobs.length;
}

/** Reads a finished job's record again and delivers it; when it cannot be read, the job is followed again. */
async function redeliver(job: Job, ctx: ClaimedJobsContext): Promise<void> {
  try {
    const record = await ctx.options.servers.getImage(job.imageId);
    await ctx.records.record(job.imageId, record);
  } catch (err) {
    ctx.logs.of(job.imageId).warn({ err }, "could not re-read a finished job; following it again");
    follow(ctx, job);
  }
}

/** Follows a claimed job again: back in line while it waits, else polled (at once with `pollNow`). */
function follow(ctx: ClaimedJobsContext, job: Job, pollNow?: boolean): void {
  if (isWaiting(job)) ctx.line.restore(job);
  else ctx.follower.resumed(job, pollNow);
}
