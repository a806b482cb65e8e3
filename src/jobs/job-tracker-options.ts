import type { Logger } from "../logger.js";
import type { ServiceError } from "../service/errors.js";
import type { ImageRecord } from "../service/schema.js";
import type { Semaphore } from "../service/semaphore.js";
import type { Clock } from "./clock.js";
import type { Scheduler } from "./scheduler.js";

/** What the tracker needs of a job; callers add their own fields (message ids, user id, ...). */
export interface TrackedJob {
  /** The image record id on the service. */
  readonly id: string;
  /** When the job was created (epoch ms): the time limit counts from here, also for restored jobs. */
  readonly startedAt: number;
  /** Extra fields for every log line about this job (e.g. the interaction and user it belongs to). */
  readonly logContext?: Readonly<Record<string, string>>;
}

/** Options of `JobTracker`. Millisecond values; defaults in brackets. */
export interface JobTrackerOptions<J extends TrackedJob> {
  /** Reads one record from the service; throws `ServiceError` on failure. */
  getImage(id: string): Promise<ImageRecord>;
  /** Poll pace of a job in progress (POLL_INTERVAL_MS). */
  pollIntervalMs: number;
  /** Time limit of a job from its `startedAt` (JOB_TIMEOUT_MS). */
  timeoutMs: number;
  /** Most `getImage` calls at once; more wait their turn, first come first served. [8] */
  maxConcurrentPolls?: number;
  /**
   * The image client's own slots, when polls share them (then `getImage` must not take another, and
   * `maxConcurrentPolls` is their size). [a semaphore of `maxConcurrentPolls` of the tracker's own]
   */
  slots?: Semaphore;
  /** The one scheduler shared with the message throttle. [a new one on `clock`] */
  scheduler?: Scheduler;
  /** Time source of the scheduler created when none is given. [system clock] */
  clock?: Clock;
  /** 0 <= x < 1, for jitter. [Math.random] */
  random?: () => number;
  /** Parent logger; each job logs through a child with `jobId`. [silent] */
  logger?: Logger;
  /** Longest pause between polls of a job that stays `pending`. [min(4 × interval, 15 s), >= interval] */
  pendingMaxIntervalMs?: number;
  /** Longest pause after errors (also the pause after `unauthorized`). [max(60 s, interval)] */
  errorMaxBackoffMs?: number;
  /** Safety-net poll pace while webhooks deliver a job's records. [max(5 × interval, 15 s)] */
  pushedIntervalMs?: number;
  /** Shortest time between two polls of a job brought forward by webhooks. [min(interval, 1 s)] */
  pushedPollGapMs?: number;
  /** Up to this fraction of each delay is added at random. [0.2] */
  jitterRatio?: number;
  /**
   * Pause of all polling after a 429 without `Retry-After`. [max(interval, 5 s)] A `Retry-After` is
   * honoured, but never beyond `timeoutMs`, so a bogus header cannot freeze polling for good.
   */
  rateLimitPauseMs?: number;
  /** This many `forbidden` answers in a row mean the record is gone: `onLost`. [3] */
  lostAfterForbidden?: number;
  /** How long the last read at the time limit may take before the job times out unanswered. [10 s] */
  lastReadTimeoutMs?: number;
  /**
   * The server holding a record, so a server's return is noticed by one job polled every interval while
   * its polls fail (`PollOutages`). [every job on one server]
   */
  serverOf?(id: string): string | undefined;

  /**
   * Every record polled (webhooks only bring polls forward). Calls for one job never overlap and come in arrival order; the next
   * poll of the job is scheduled after the returned promise settles. Records that arrive meanwhile are
   * coalesced (the newest waits), and a record older than the last one delivered is dropped. After a
   * finished record (completed/failed) resolves, the job is untracked; nothing else is called for it.
   */
  onRecord(job: J, record: ImageRecord): void | Promise<void>;
  /**
   * The job reached `startedAt + timeoutMs` and one last read then found it unfinished, failed, or got no
   * answer within `lastReadTimeoutMs` (a finished record found by that read goes to `onRecord` instead).
   * Called once, after any running `onRecord`.
   */
  onTimeout(job: J): void | Promise<void>;
  /** The service answered `forbidden` `lostAfterForbidden` times in a row; the job is untracked after. */
  onLost(job: J, error: ServiceError): void | Promise<void>;
  /** Every failed poll, for logs and metrics. `consecutiveFailures` is 1 for the first. */
  onPollError?(job: J, error: unknown, consecutiveFailures: number): void;
  /**
   * A poll has had no answer for `unansweredPollMs` (its request goes on: a server that accepts connections
   * but never answers fails a poll only after the client's time limit and retries). Once per poll.
   */
  onPollUnanswered?(job: J, waitedMs: number): void;
  /** How long a poll may go unanswered before `onPollUnanswered`; default 6 s. */
  unansweredPollMs?: number;
}
