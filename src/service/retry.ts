/**
 * When and how long to wait before trying a request to the image service again.
 * Exponential backoff with full jitter, honouring `Retry-After`, and never repeating a request that
 * may already have created a record.
 */
import { ServiceError } from "./errors.js";

/**
 * - `idempotent`: a read; repeating it is harmless.
 * - `create`: creates a record; repeated only when the service provably did not act on it.
 */
export type RetryMode = "idempotent" | "create";

/** Timing of retries. All durations in milliseconds. */
export interface RetryPolicy {
  /** Retries after the first attempt (0 = no retry). */
  maxRetries: number;
  /** First backoff ceiling; doubles with each retry. */
  baseDelayMs: number;
  /** Largest backoff ceiling. */
  maxDelayMs: number;
  /** A `Retry-After` longer than this is not waited for: the error is thrown instead. */
  maxRetryAfterMs: number;
  sleep: (ms: number) => Promise<void>;
  /** A number in [0, 1) for jitter. */
  random: () => number;
}

/**
 * Whether a failed attempt may be repeated.
 * Reads retry on connection problems, timeouts, 5xx (JSON or not) and rate limits (never on a used-up quota).
 * Creates retry only when the connection failed before anything was sent, or when the service refused the
 * request with a `Retry-After` (429 rate limit, 503) — answers that mean nothing was created.
 */
export function isRetryable(err: ServiceError, mode: RetryMode): boolean {
  if (mode === "create") {
    if (err.kind === "network") return err.connectFailed;
    const refusedForNow = err.kind === "rate-limited" || err.status === 503;
    return refusedForNow && err.retryAfterMs !== undefined;
  }
  switch (err.kind) {
    case "network":
    case "timeout":
    case "server":
    case "rate-limited":
      return true;
    case "not-json":
      return err.status !== undefined && err.status >= 500;
    default:
      return false;
  }
}

/** Full-jitter backoff before retry number `retry` (0-based): uniform in [0, min(max, base * 2^retry)). */
export function backoffDelayMs(
  retry: number,
  policy: Pick<RetryPolicy, "baseDelayMs" | "maxDelayMs" | "random">,
) {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  return Math.floor(policy.random() * ceiling);
}

/** Called before each wait, e.g. to log it. */
export type RetryListener = (err: ServiceError, retry: number, delayMs: number) => void;

/**
 * Runs `attempt` until it succeeds, the error is not retryable, the retries are used up, or the service asks
 * for a longer wait than `maxRetryAfterMs`; then throws the last error. Waits at least `Retry-After`.
 * Errors that are not {@link ServiceError}s (programming errors) are thrown at once.
 */
export async function withRetries<T>(
  mode: RetryMode,
  policy: RetryPolicy,
  attempt: (attemptNumber: number) => Promise<T>,
  onRetry?: RetryListener,
): Promise<T> {
  for (let retry = 0; ; retry++) {
    try {
      return await attempt(retry + 1);
    } catch (err) {
      if (!(err instanceof ServiceError) || retry >= policy.maxRetries || !isRetryable(err, mode)) throw err;
      const retryAfterMs = err.retryAfterMs ?? 0;
      if (retryAfterMs > policy.maxRetryAfterMs) throw err;
      const delayMs = Math.max(retryAfterMs, backoffDelayMs(retry, policy));
      onRetry?.(err, retry + 1, delayMs);
      await policy.sleep(delayMs);
    }
  }
}
