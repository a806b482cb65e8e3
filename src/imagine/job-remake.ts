/**
 * A job whose first server could not run it is made again, once, on another server: its record failed with
 * a notice about that server's Midjourney account (the server is held: `AccountPort.noticed`), stayed
 * `pending` past a set time on a server that reports a problem (`movesPending`), or was lost by a server that
 * stopped answering and came back without it (`JobRemake.remakeLost`). The first record made no
 * image; it is left where it is (ImagineAPI has no cancel). The job goes back into the bot's line under its
 * stand-in id, keeps its message and its place in the member's limits, and starts on the next server that
 * takes jobs, within its wait limit. Nothing of it counts against the member.
 */
import { classifyImageError } from "../render/image-errors.js";
import type { ImageRecord } from "../service/schema.js";
import type { Clock } from "../jobs/clock.js";
import type { Logger } from "../logger.js";
import type { JobTracker, TrackedJob } from "../jobs/job-tracker.js";
import type { MessageUpdateThrottle } from "../jobs/message-update-throttle.js";
import type { FollowedJobs } from "./followed-jobs.js";
import type { ImagineServiceOptions } from "./imagine-service-options.js";
import { logContextOf, type Job, type RemakeReason } from "./job.js";
import { unknownKind } from "./job-kind.js";
import type { JobOwnership } from "./job-ownership.js";
import type { JobView } from "./job-view.js";
import type { SlotFreed } from "./line/slot-freed.js";
import { waitingJobId } from "./line/stand-in.js";

/** What making a job again needs of the service that follows the jobs. */
export interface JobRemakeContext {
  options: Pick<ImagineServiceOptions, "store" | "servers">;
  clock: Clock;
  log: Logger;
  followed: FollowedJobs;
  throttle: Pick<MessageUpdateThrottle<JobView>, "forget">;
  ownership: Pick<JobOwnership, "forget">;
  /** Polls the first record no more. */
  tracker: Pick<JobTracker<TrackedJob>, "untrack">;
  /** The bot's waiting line (`WaitingLine.enqueue`): the job made again waits its turn there. */
  line: { enqueue(job: Job): Promise<void> };
  /** Tells the bot's waiting line the first server's slot was freed. */
  slotFreed: Pick<SlotFreed, "drain">;
}

/** Whether a job of its kind may be made on another server: an image may; an Enhance runs only on its grid's. */
function remakeable(job: Job): boolean {
  const { kind } = job;
  switch (kind.name) {
    case "imagine":
      return true;
    case "upscale":
      return false;
    default:
      return unknownKind(kind);
  }
}

/** The claim key of a job's second create (its first create's is `create:<ref>`). */
export function againClaimKey(ref: string): string {
  return `create:${ref}:again`;
}

/**
 * Takes `record`, just read for the followed `job`: when it says the job's server cannot run it, the server
 * is told (an account notice holds it) and the job is made again elsewhere. Whether the job was taken off
 * its record (then nothing else is done with the record); false for every other record.
 */
export async function remakeIfServerCannot(
  ctx: JobRemakeContext,
  job: Job,
  record: ImageRecord,
): Promise<boolean> {
  const { servers } = ctx.options;
  if (record.status === "failed" && classifyImageError(record.error).kind === "account") {
    // Held first, before its slot is freed: no waiting job may go to it meanwhile.
    await servers.accountNoticed?.(job.imageId, record.error);
    return remake(ctx, job, "account");
  }
  if (record.status === "pending" && (servers.movesPending?.(job) ?? false))
    return remake(ctx, job, "pending");
  return false;
}

const LOG_LINES: Record<RemakeReason, string> = {
  account:
    "the job's server got a notice about its Midjourney account; the job is made again on another server",
  pending:
    "the job stayed pending on a server that reports a problem; it is made again on another server (the first record is left)",
  lost: "the job's server stopped answering and came back without its record; the job is made again",
};

/** Puts `job` back in the bot's line under its stand-in id, to be made again once; whether it was. */
async function remake(ctx: JobRemakeContext, job: Job, why: RemakeReason): Promise<boolean> {
  const { options } = ctx;
  const { servers } = options;
  // Once, an image only (an Enhance runs only on its grid's server), and only with the bot's line to wait in.
  if (!remakeable(job) || job.remadeFrom !== undefined || !servers.lined) return false;
  const server = servers.nameOf(job.imageId) ?? job.server ?? null;
  const log = ctx.log.child(logContextOf(job));
  const standIn: Job = {
    ...job,
    imageId: waitingJobId(job.ref),
    phase: "waiting",
    status: "pending",
    progress: null,
    // Its wait limit counts from now: the time on the first server was not the member's doing.
    startedAt: ctx.clock.now(),
    remadeFrom: { imageId: job.imageId, server, why },
  };
  delete standIn.server;
  ctx.tracker.untrack(job.imageId);
  ctx.throttle.forget(job.imageId);
  ctx.followed.remove(job.imageId);
  ctx.ownership.forget(job.imageId);
  servers.ended(job.imageId);
  await ctx.line.enqueue(standIn);
  await options.store.remove(job.imageId);
  log.warn({ firstRecord: job.imageId, firstServer: server, why }, LOG_LINES[why]);
  ctx.slotFreed.drain();
  return true;
}

/**
 * Making jobs again, built once with the parts it uses ({@link remakeIfServerCannot}). The bot's line is
 * built after the records that call it (it starts jobs through them), so it is attached once built.
 */
export class JobRemake {
  private ctx: JobRemakeContext | undefined;

  constructor(private readonly parts: Omit<JobRemakeContext, "line">) {}

  /** The line a job made again waits in, from now on. */
  attach(line: JobRemakeContext["line"]): void {
    this.ctx = { ...this.parts, line };
  }

  /** See {@link remakeIfServerCannot}; false (nothing made again) before a line is attached. */
  remakeIfServerCannot(job: Job, record: ImageRecord): Promise<boolean> {
    return this.ctx ? remakeIfServerCannot(this.ctx, job, record) : Promise.resolve(false);
  }

  /**
   * The job's server stopped answering and came back without its record (`JobTracker`'s `onLost`): the
   * record made no image the member can get, so the job is made again, once, on a server that takes it.
   * Whether it was; false (then the job ends lost, with Try again) for a job made again before, an Enhance,
   * no line, or before a line is attached.
   */
  remakeLost(job: Job): Promise<boolean> {
    return this.ctx ? remake(this.ctx, job, "lost") : Promise.resolve(false);
  }
}
