/**
 * The emulator clock: real time plus a manual offset. Tests jump it forward with {@link EmulatorClock.advance}
 * to reach Discord's time limits (3 s first response, 15 min interaction token) without waiting, while code
 * that never touches it sees plain real time. Rate limits deliberately ignore the offset (they use real time)
 * so discord.js, which waits on real timers, stays in step with them.
 */
export class EmulatorClock {
  #offsetMs = 0;
  readonly #listeners = new Set<() => void>();

  /** @param onAdvance - called after every jump, so waiters re-check time-dependent conditions. */
  constructor(private readonly onAdvance: () => void = () => {}) {}

  /** Emulated now in ms since 1970. */
  now(): number {
    return Date.now() + this.#offsetMs;
  }

  /** How far the clock has been moved ahead of real time. */
  get offsetMs(): number {
    return this.#offsetMs;
  }

  /** Moves the clock forward by `ms` (which must be a non-negative finite number). */
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0)
      throw new RangeError(`clock.advance needs a non-negative number of ms, got ${ms}`);
    this.#offsetMs += ms;
    this.onAdvance();
    for (const listener of this.#listeners) listener();
  }

  /** Calls `listener` after every jump from now on; returns a function that stops it. */
  onJump(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
