/**
 * The stand-in image id of a job waiting in the bot's line (see `line/waiting-line.ts`): a key made from its `ref`
 * until its record exists. Whether a job waits is its `phase` (`isWaiting` in `job.ts`), never read off this
 * id; people are shown `shownJobId` (`job.ts`), never the stand-in.
 */

/** The stand-in image id of the waiting job of request `ref` (never a service's image id: those are UUIDs). */
export function waitingJobId(ref: string): string {
  return `q-${ref}`;
}
