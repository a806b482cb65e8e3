/** Delay arithmetic shared by polling and message delivery. */

/** `baseMs` × 2^(attempt-1), at most `capMs` (`attempt` 1 is the first retry). */
export function exponentialBackoffMs(attempt: number, baseMs: number, capMs: number): number {
  return Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 1));
}

/**
 * Adds up to `ratio` × `ms` at random (`random` returns 0 <= x < 1, like `Math.random`), so timers started
 * together drift apart instead of firing in lockstep.
 */
export function withJitter(ms: number, ratio: number, random: () => number): number {
  return ms + ms * ratio * random();
}
