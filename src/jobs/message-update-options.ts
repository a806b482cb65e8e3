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
 * How a `MessageUpdateThrottle.show` call ended: `delivered`; `skipped` (nothing visible changed, or
 * the job already got its final update); `superseded` (a newer update replaced it before it was sent);
 * `gone` (the message is gone); `failed` (given up); `cancelled` (`MessageUpdateThrottle.forget`).
 */
export type ShowOutcome = "delivered" | "skipped" | "superseded" | "gone" | "failed" | "cancelled";

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
  /** Sends one update; throws {@link DeliveryError} (anything else counts as `retry` and is reported). */
  send(jobId: string, payload: P, info: { final: boolean }): Promise<void>;
  /** Least time between the starts of two progress edits of one message (PROGRESS_UPDATE_INTERVAL_MS). */
  minIntervalMs: number;
  /** The one scheduler shared with the job tracker. [a new one on `clock`] */
  scheduler?: Scheduler;
  /** Time source of the scheduler created when none is given. [system clock] */
  clock?: Clock;
  /** 0 <= x < 1, for retry jitter. [Math.random] */
  random?: () => number;
  logger?: Logger;
  /** Attempts of one progress edit before it is given up. [3] */
  maxProgressAttempts?: number;
  /** How long a final update is retried after its first failure. [10 minutes] */
  finalRetryForMs?: number;
  /** First retry delay when the error names none; doubles per attempt. [1 s] */
  retryBaseMs?: number;
  /** Longest retry delay. [30 s] */
  retryMaxMs?: number;
  /** The message is gone (`gone` error): the caller should untrack the job. Its state is dropped. */
  onGone?(jobId: string, error: DeliveryError): void;
  /** Every failed `send` (including unknown errors), for logs and metrics. */
  onError?(jobId: string, error: unknown, failure: DeliveryFailure): void;
}
