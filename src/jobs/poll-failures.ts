import type { Logger } from "../logger.js";
import { ServiceError } from "../service/errors.js";
import type { JobState } from "./job-state.js";

/** Settings of {@link PollFailures}, resolved by the tracker from its options. Milliseconds. */
export interface PollFailuresOptions {
  /** The job time limit: no rate-limit pause lasts longer. */
  readonly timeoutMs: number;
  /** The pause after a 429 that carries no `Retry-After`. */
  readonly rateLimitPauseMs: number;
  /** This many `forbidden` answers in a row mean the job's record is gone. */
  readonly lostAfterForbidden: number;
  /** Spread of polls moved past a pause (the poll interval). */
  readonly spreadMs: number;
  readonly now: () => number;
  /** 0 <= x < 1. */
  readonly random: () => number;
  /** The tracker's logger: the pause and an unauthorized token concern all jobs. */
  readonly log: Logger;
}

/**
 * What failed polls cause, across all of a tracker's jobs: a 429 pauses ALL polling until its
 * `retryAfterMs` (never longer than the job time limit); `unauthorized` is logged once per episode (until a
 * poll succeeds) as the owner's problem; `lostAfterForbidden` `forbidden` answers in a row lose the job. A
 * job's failures are counted on its {@link JobState}; one warning is logged per failure streak, so an outage
 * does not write a line per job per retry.
 */
export class PollFailures {
  private until = 0;
  private unauthorizedReported = false;

  constructor(private readonly options: PollFailuresOptions) {}

  /** When the rate-limit pause in force ends (epoch ms; in the past when there is none). */
  get pausedUntil(): number {
    return this.until;
  }

  /** Whether a rate-limit pause is in force now. */
  isPaused(): boolean {
    return this.options.now() < this.until;
  }

  /** `dueAt`, or, when it falls within the pause, a time past the pause's end spread over one interval. */
  pastPause(dueAt: number): number {
    return dueAt < this.until ? this.until + this.options.random() * this.options.spreadMs : dueAt;
  }

  /**
   * Takes note of an error as soon as a request fails (before its concurrency slot is released, so a poll
   * waiting for the slot already sees the pause): a 429 pauses all polling, or lengthens the pause in force.
   */
  noteError(error: unknown): void {
    if (!(error instanceof ServiceError) || error.kind !== "rate-limited") return;
    const now = this.options.now();
    const pauseMs = Math.min(error.retryAfterMs ?? this.options.rateLimitPauseMs, this.options.timeoutMs);
    const until = now + Math.max(0, pauseMs);
    if (until <= this.until) return;
    if (now >= this.until)
      this.options.log.warn({ pauseMs }, "Image service rate limit: pausing all polling");
    this.until = until;
  }

  /** A poll of the job read a record: its failure streaks and the unauthorized episode end. */
  succeeded(state: JobState<unknown>): void {
    state.failures = 0;
    state.forbiddenStreak = 0;
    this.unauthorizedReported = false;
  }

  /**
   * Counts a failed poll of the job, logs it and reports it to `onPollError` (what that throws is logged).
   * Returns the error that loses the job when it completes a `forbidden` streak of `lostAfterForbidden`,
   * else undefined.
   */
  failed<J>(
    state: JobState<J>,
    error: unknown,
    onPollError: (job: J, error: unknown, consecutiveFailures: number) => void,
  ): ServiceError | undefined {
    state.failures++;
    const kind = error instanceof ServiceError ? error.kind : undefined;
    state.lastErrorKind = kind;
    state.forbiddenStreak = kind === "forbidden" ? state.forbiddenStreak + 1 : 0;
    if (kind === "unauthorized" && !this.unauthorizedReported) {
      this.unauthorizedReported = true;
      this.options.log.error(
        { err: error },
        "The image service refuses the API token (unauthorized): the bot owner must fix IMAGINE_API_TOKEN",
      );
    }
    const level = state.failures === 1 && kind !== "rate-limited" ? "warn" : "debug";
    state.log[level]({ err: error, consecutiveFailures: state.failures }, "Polling the image failed");
    try {
      onPollError(state.job, error, state.failures);
    } catch (err) {
      state.log.error({ err }, "onPollError threw");
    }
    const lost = kind === "forbidden" && state.forbiddenStreak >= this.options.lostAfterForbidden;
    return lost ? (error as ServiceError) : undefined;
  }
}
