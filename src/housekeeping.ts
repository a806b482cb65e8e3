/**
 * The housekeeping loop: deletes ended jobs older than JOB_RETENTION_DAYS from the store, and Midjourney's
 * refusals older than their 24-hour window and ended pauses, at start and then every hour. It has its own timer on the injected clock, apart from the job scheduler.
 */
import type { StorePruning } from "./imagine/job-store.js";
import type { CancelTimer, Clock } from "./jobs/clock.js";
import type { Logger } from "./logger.js";

export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface HousekeepingOptions {
  store: StorePruning;
  /** Midjourney's refusals that no longer count and ended pauses, forgotten at each round too. */
  pauses?: { prune(): Promise<number> };
  retentionDays: number;
  clock: Clock;
  logger: Logger;
  /** Default {@link HOUSEKEEPING_INTERVAL_MS}. */
  intervalMs?: number;
  /**
   * In a fleet, whether this process may run the round: takes or extends the fleet's housekeeping lease
   * for `leaseMs` (so one process prunes, and another takes over when it dies). Default: always.
   */
  holdLease?(leaseMs: number): Promise<boolean>;
}

/** A running housekeeping loop. */
export interface Housekeeping {
  /** Cancels the next round and waits for one in progress. */
  stop(): Promise<void>;
}

/** Runs a first round now and then one every interval, each after the previous one finished. */
export function startHousekeeping(options: HousekeepingOptions): Housekeeping {
  const { store, clock, logger } = options;
  const intervalMs = options.intervalMs ?? HOUSEKEEPING_INTERVAL_MS;
  let cancel: CancelTimer | null = null;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();

  const round = async () => {
    try {
      // A round and a half: the holder renews at each round; a dead holder's turn passes after that.
      if (options.holdLease && !(await options.holdLease(intervalMs * 1.5))) {
        logger.debug("another process of the fleet runs the housekeeping");
      } else {
        await prune();
      }
    } catch (err) {
      logger.warn({ err }, "pruning old jobs failed; the next round tries again");
    }
    if (!stopped) cancel = clock.setTimer(() => (running = round()), intervalMs);
  };
  const prune = async () => {
    const removed = await store.prune(options.retentionDays * DAY_MS);
    if (removed > 0) logger.info({ removed }, "pruned old jobs");
    const forgotten = (await options.pauses?.prune()) ?? 0;
    if (forgotten > 0) logger.info({ forgotten }, "forgot old refusals and ended pauses");
  };
  running = round();
  return {
    async stop() {
      stopped = true;
      cancel?.();
      await running;
    },
  };
}
