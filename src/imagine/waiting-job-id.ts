/**
 * The stand-in image id of a job waiting in the bot's line (see `job-queue.ts`): `q-<ref>` until its record
 * exists. Internal: people are shown {@link shownJobId}.
 */
import type { Job } from "./job.js";

/** What every stand-in image id starts with (never a service's image id: those are UUIDs). */
export const STAND_IN_PREFIX = "q-";

/** Whether `imageId` is a waiting job's stand-in (no record yet). */
export function isWaitingJobId(imageId: string): boolean {
  return imageId.startsWith(STAND_IN_PREFIX);
}

/** The stand-in image id of the waiting job of request `ref`. */
export function waitingJobId(ref: string): string {
  return `${STAND_IN_PREFIX}${ref}`;
}

/**
 * The id people see for a job (footers, `/imagine-status`): its image id, or while it has none (it waits in
 * line, or ended there) its request id, which `/imagine-status job:` finds as well; never the stand-in.
 */
export function shownJobId(job: Pick<Job, "imageId" | "ref">): string {
  return isWaitingJobId(job.imageId) ? job.ref : job.imageId;
}
