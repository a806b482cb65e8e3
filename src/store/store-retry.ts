/** How both job stores run one database operation: again after transient failures, then a {@link StoreError}. */
import { exponentialBackoffMs } from "../jobs/backoff.js";
import type { Logger } from "../logger.js";
import { StoreError } from "./store-error.js";

const MAX_RETRY_DELAY_MS = 2000;

/** What {@link runWithRetries} needs from the store. */
export interface RetryPolicy {
  log: Logger;
  sleep: (ms: number) => Promise<void>;
  /** Attempts in all, at least 1. */
  attempts: number;
  /** Wait after the first failed attempt; doubles after each, at most 2000 ms. */
  retryDelayMs: number;
  isTransient: (err: unknown) => boolean;
  /** The error's text for the message and the log (first line, no secrets). */
  causeText: (err: unknown) => string;
  /** How messages name the database, e.g. `database ./data/imagine-bot.db`. */
  where: string;
}

/**
 * Runs `op` (`what` says what it does, e.g. "saving job x"), trying again after transient failures.
 * @throws {StoreError} `Saving job x failed after 3 attempts (database …): cause` once it gives up.
 */
export async function runWithRetries<T>(policy: RetryPolicy, what: string, op: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await op();
    } catch (err) {
      if (!policy.isTransient(err) || attempt >= policy.attempts) {
        const tries = attempt > 1 ? ` after ${attempt} attempts` : "";
        const whatText = what.charAt(0).toUpperCase() + what.slice(1);
        throw new StoreError(`${whatText} failed${tries} (${policy.where}): ${policy.causeText(err)}`, {
          cause: err,
        });
      }
      const delayMs = exponentialBackoffMs(attempt, policy.retryDelayMs, MAX_RETRY_DELAY_MS);
      policy.log.warn({ err: policy.causeText(err), attempt, delayMs }, `${what} failed; trying again`);
      await policy.sleep(delayMs);
    }
  }
}
