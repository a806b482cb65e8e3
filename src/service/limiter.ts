/** A counting semaphore: at most `max` tasks run at once, the rest wait in order. */

/** Runs tasks with bounded concurrency. */
export interface ConcurrencyLimiter {
  /** Runs `task` when a slot is free; the slot is released when it settles. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running now. */
  readonly active: number;
  /** Tasks waiting for a slot. */
  readonly waiting: number;
}

/**
 * Creates a limiter allowing `max` tasks at once.
 * @throws {RangeError} when `max` is not a whole number of at least 1.
 */
export function createConcurrencyLimiter(max: number): ConcurrencyLimiter {
  if (!Number.isInteger(max) || max < 1) {
    throw new RangeError(`Concurrency limit must be a whole number of at least 1, got ${String(max)}`);
  }
  let active = 0;
  const queue: Array<() => void> = [];

  const release = () => {
    const next = queue.shift();
    if (next) next();
    else active--;
  };

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active < max) active++;
      // A released slot passes straight to the next waiter, so `active` stays counted.
      else await new Promise<void>((resolve) => queue.push(resolve));
      try {
        return await task();
      } finally {
        release();
      }
    },
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
  };
}
