import type { Logger } from "../logger.js";
import type { Clock } from "./clock.js";
import type { DeliveryError } from "./delivery-error.js";
import type { Scheduler } from "./scheduler.js";

/** One rendering of a job's message. */
export interface MessageUpdate<P> {
  payload: P;
  /** What the user sees, as a string: an update whose key equals the last one is skipped. */
  key: string;
  /** The last update (result or error): always sent, never throttled, retried for minutes. */
  final?: boolean;
}

/**
 * How a `MessageUpdateThrottle.show` call ended: `delivered`; `skipped` (nothing visible changed, the job
 * already got its final update, or its message is gone); `superseded` (a newer update replaced it before it
 * was sent); `message-gone` (the send failed with a `message-gone` {@link DeliveryError}); `failed` (given
 * up); `cancelled` (`MessageUpdateThrottle.forget`).
 */
export type ShowOutcome = "delivered" | "skipped" | "superseded" | "message-gone" | "failed" | "cancelled";

/** Counters for tests and benchmarks. */
export interface MessageUpdateStats {
  /** `send` calls made. */
  sends: number;
  delivered: number;
  skipped: number;
  /** Updates replaced by a newer one before they were sent. */
  coalesced: number;
  retries: number;
  /** Updates given up (fatal, or retries exhausted). */
  failures: number;
}

/** Facts about one failed `send`, for {@link MessageUpdateThrottleOptions.onError}. */
export interface DeliveryFailure {
  final: boolean;
  /** 1 for the first failure of this update. */
  attempt: number;
  willRetry: boolean;
}

/** Options of `MessageUpdateThrottle`. Millisecond values; defaults in brackets. */
export interface MessageUpdateThrottleOptions<P> {
  /** Sends one update; throws {@link DeliveryError} (anything else counts as `transient`, logged as a bug). */
  send(jobId: string, payload: P, info: { final: boolean }): Promise<void>;
  /** Least time between the starts of two progress edits of one message (PROGRESS_UPDATE_INTERVAL_MS). */
  minIntervalMs: number;
  /** The one scheduler shared with the job tracker. [a new one on `clock`] */
  scheduler?: Scheduler;
  /** Time source of the scheduler created when none is given. [system clock] */
  clock?: Clock;
  /** 0 <= x < 1, for retry jitter. [Math.random] */
  random?: () => number;
  /** Where failures are logged, one line each. [silent] */
  logger?: Logger;
  /** The logger of one job's lines (with its interaction and user ids). [`logger` with `jobId`] */
  jobLogger?(jobId: string): Logger;
  /** Attempts of one progress edit before it is given up. [3] */
  maxProgressAttempts?: number;
  /** How long a final update is retried after its first failure. [10 minutes] */
  finalRetryForMs?: number;
  /** First retry delay when the error names none; doubles per attempt. [1 s] */
  retryBaseMs?: number;
  /** Longest retry delay. [30 s] */
  retryMaxMs?: number;
  /**
   * The job's message is gone (a `message-gone` error): progress updates of the job are skipped from now
   * on, and only a final update is still sent (the sender must post it somewhere else).
   */
  onGone?(jobId: string, error: DeliveryError): void;
  /** Every failed `send` (including unknown errors), for metrics: the throttle logs it. */
  onError?(jobId: string, error: unknown, failure: DeliveryFailure): void;
}
