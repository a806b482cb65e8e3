/**
 * One poll's request: a `getImage` call within a concurrency slot, unless polling is paused (a 429) or the
 * job ended meanwhile. What the answer means for the job is `JobTracker`'s.
 */
import type { ImageRecord } from "../service/schema.js";
import type { ReleaseSlot } from "../service/semaphore.js";
import type { JobState } from "./job-state.js";
import type { PollFailures } from "./poll-failures.js";
import type { UnansweredPolls } from "./unanswered-polls.js";
import type { TrackedJob } from "./job-tracker-options.js";

/**
 * The record, and whether a webhook announced it (one came for the job since its previous poll); the error;
 * or `null` when the poll did not happen.
 */
export type PollOutcome = { record: ImageRecord; announced: boolean } | { error: unknown } | null;

/** What a poll's request uses of its tracker. */
export interface PollRequestDeps<J extends TrackedJob> {
  readonly failures: PollFailures;
  getImage(id: string): Promise<ImageRecord>;
  now(): number;
  isStopped(): boolean;
  /** Puts the job's poll off until `at` (while polling is paused). */
  pollAt(state: JobState<J>, at: number): void;
  /** Told when the poll's request starts and ends: it tells a poll unanswered for long. */
  readonly unanswered: Pick<UnansweredPolls<J>, "started" | "ended">;
}

/** Polls `state`'s job once with the slot `release` frees (none: no slot, no poll); see the module comment. */
export async function pollRequest<J extends TrackedJob>(
  state: JobState<J>,
  release: ReleaseSlot | null,
  deps: PollRequestDeps<J>,
): Promise<PollOutcome> {
  if (!release) return null;
  try {
    if (state.settled || deps.isStopped()) return null;
    if (deps.failures.isPaused()) {
      deps.pollAt(state, deps.failures.pausedUntil);
      return null;
    }
    state.lastPollAt = deps.now();
    const announced = state.webhookSincePoll;
    state.webhookSincePoll = false;
    deps.unanswered.started(state);
    const record = await deps.getImage(state.job.id);
    return record ? { record, announced } : { error: new TypeError("getImage resolved without a record") };
  } catch (error) {
    deps.failures.noteError(error);
    return { error };
  } finally {
    deps.unanswered.ended(state);
    release();
  }
}
