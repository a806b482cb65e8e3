/**
 * A poll that has had no answer for a while: a server that accepts connections but never answers fails a
 * poll only after the client's time limit and its retries (15 s and more), so the job's message is told
 * sooner, while the request goes on. Polls in flight are few (at most `maxConcurrentPolls`): they are kept in
 * the order they started and one timer, due for the oldest, tells those that waited too long; a poll costs a
 * map entry, not a timer of its own.
 */
import type { JobTrackerOptions, TrackedJob } from "./job-tracker-options.js";
import type { JobState } from "./job-state.js";
import type { Scheduler } from "./scheduler.js";

/** How long a poll may go unanswered before `onPollUnanswered`, by default. */
const DEFAULT_UNANSWERED_POLL_MS = 6_000;

let instances = 0;

/** Watches polls in flight and calls `onPollUnanswered` once for each that goes unanswered too long. */
export class UnansweredPolls<J extends TrackedJob> {
  /** Polls in flight, oldest first, with when each started. */
  private readonly inFlight = new Map<JobState<J>, number>();
  private readonly key = `unanswered-polls:${++instances}`;
  private readonly waitedMs: number;
  private readonly sweep = () => this.tell();

  constructor(
    private readonly scheduler: Scheduler,
    private readonly options: Pick<JobTrackerOptions<J>, "onPollUnanswered" | "unansweredPollMs">,
    private readonly isStopped: () => boolean,
  ) {
    this.waitedMs = options.unansweredPollMs ?? DEFAULT_UNANSWERED_POLL_MS;
  }

  /** `state`'s poll request started. */
  started(state: JobState<J>): void {
    if (!this.options.onPollUnanswered) return;
    this.inFlight.set(state, this.scheduler.now());
    if (!this.scheduler.has(this.key)) this.arm();
  }

  /** `state`'s poll request was answered (or failed). */
  ended(state: JobState<J>): void {
    // No timer is left behind once no poll is in flight (it would keep the shared scheduler's timer armed).
    if (this.inFlight.delete(state) && this.inFlight.size === 0) this.scheduler.cancel(this.key);
  }

  private arm(): void {
    const oldest = this.inFlight.values().next();
    if (!oldest.done) this.scheduler.schedule(this.key, oldest.value + this.waitedMs, this.sweep);
  }

  private tell(): void {
    const onUnanswered = this.options.onPollUnanswered;
    const now = this.scheduler.now();
    for (const [state, startedAt] of this.inFlight) {
      if (startedAt + this.waitedMs > now) break;
      // Told once per poll: it leaves the watch, its request goes on.
      this.inFlight.delete(state);
      if (!onUnanswered || state.settled || this.isStopped()) continue;
      try {
        onUnanswered(state.job, this.waitedMs);
      } catch (err) {
        state.log.error({ err }, "onPollUnanswered threw");
      }
    }
    this.arm();
  }
}
