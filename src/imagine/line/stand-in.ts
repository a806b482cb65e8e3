/**
 * The stand-in image id of a job waiting in the bot's line (see `line/waiting-line.ts`): a key made from its `ref`
 * until its record exists. Whether a job waits is its `phase`, never read off this id. Internal: people are
 * shown {@link shownJobId}.
 */
import type { Job } from "../job.js";

/** The stand-in image id of the waiting job of request `ref` (never a service's image id: those are UUIDs). */
export function waitingJobId(ref: string): string {
  return `q-${ref}`;
}

/** Whether `job` waits in the bot's line (no record exists yet). */
export function isWaiting(job: Pick<Job, "phase">): boolean {
  return job.phase === "waiting";
}

/**
 * The id people see for a job (footers, `/imagine-status`): its image id; or its request id, which
 * `/imagine-status job:` finds as well, while it has no image id (it waits in line, or ended there) and,
 * after it waited, to the end, so its message shows one id from waiting to done; never the stand-in.
 */
export function shownJobId(job: Pick<Job, "imageId" | "ref" | "phase" | "waitedInLine">): string {
  return isWaiting(job) || job.waitedInLine === true ? job.ref : job.imageId;
}
