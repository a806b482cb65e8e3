/**
 * A poll that has had no answer for a while: a server that accepts connections but never answers fails a
 * poll only after the client's time limit and its retries (15 s and more), so the job's message is told
 * sooner, while the request goes on.
 */
import type { JobTrackerOptions, TrackedJob } from "./job-tracker-options.js";
import type { JobState } from "./job-state.js";
import type { Scheduler } from "./scheduler.js";

/** How long a poll may go unanswered before `onPollUnanswered`, by default. */
export const DEFAULT_UNANSWERED_POLL_MS = 6_000;

/** Watches polls in flight and calls `onPollUnanswered` once for each that goes unanswered too long. */
export class UnansweredPolls<J extends TrackedJob> {
  constructor(
    private readonly scheduler: Scheduler,
    private readonly options: Pick<JobTrackerOptions<J>, "onPollUnanswered" | "unansweredPollMs">,
    private readonly isStopped: () => boolean,
  ) {}

  /** Starts watching `state`'s poll; returns what stops watching once it is answered (or null). */
  watch(state: JobState<J>): (() => void) | null {
    const onUnanswered = this.options.onPollUnanswered;
    if (!onUnanswered) return null;
    const key = `unanswered:${state.job.id}`;
    const waitedMs = this.options.unansweredPollMs ?? DEFAULT_UNANSWERED_POLL_MS;
    this.scheduler.schedule(key, this.scheduler.now() + waitedMs, () => {
      if (state.settled || this.isStopped()) return;
      try {
        onUnanswered(state.job, waitedMs);
      } catch (err) {
        state.log.error({ err }, "onPollUnanswered threw");
      }
    });
    return () => this.scheduler.cancel(key);
  }
}
