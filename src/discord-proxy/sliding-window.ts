/**
 * The bot token's global limit kept as a sliding window: at most `limit` calls in any `windowMs`, however
 * the window is placed, and wherever in its flight Discord counts a call.
 *
 * A fixed window (discord.js's own limiter: `limit` calls, then a new window from the next call) can pass
 * twice its count within one second of Discord's: the end of one window and the start of the next. And
 * Discord counts a call when it arrives, somewhere between the moment it was sent and the moment its answer
 * came, so a call holds its place here from its sending until `windowMs` after its answer: whatever the
 * delays on the way, no span of `windowMs` at Discord holds more than `limit` of them.
 * @see https://discord.com/developers/docs/topics/rate-limits#global-rate-limit
 */

/** Size and clock of a {@link SlidingWindow}. */
export interface SlidingWindowOptions {
  /** Calls in any span of `windowMs` (Discord's global limit: 50 per second per bot token). */
  limit: number;
  windowMs: number;
  /** Milliseconds on a clock that never goes back (`performance.now`). */
  now: () => number;
}

/** The calls that hold a place in the window: those in flight, and those answered less than `windowMs` ago. */
export class SlidingWindow {
  readonly #options: SlidingWindowOptions;
  #inFlight = 0;
  /** When each answered call's place frees, earliest first. */
  readonly #freesAt: number[] = [];

  constructor(options: SlidingWindowOptions) {
    if (!(Number.isInteger(options.limit) && options.limit > 0))
      throw new RangeError(`the limit must be a positive whole number, not ${options.limit}`);
    if (!(options.windowMs > 0)) throw new RangeError(`the window must be positive, not ${options.windowMs}`);
    this.#options = options;
  }

  /** Places held now: calls in flight and calls answered within the last `windowMs`. */
  get held(): number {
    this.#forgetFreed(this.#options.now());
    return this.#inFlight + this.#freesAt.length;
  }

  /**
   * How long until one more call may be sent: 0 now; otherwise until the earliest answered call's place
   * frees; `Infinity` while every place is held by a call still in flight (an answer will tell).
   */
  waitMs(): number {
    const now = this.#options.now();
    this.#forgetFreed(now);
    if (this.#inFlight + this.#freesAt.length < this.#options.limit) return 0;
    const earliest = this.#freesAt[0];
    return earliest === undefined ? Number.POSITIVE_INFINITY : earliest - now;
  }

  /**
   * Takes a place for a call being sent now (only when {@link waitMs} is 0). Call the returned function when
   * its answer came or it failed (it may have reached Discord all the same); calling it again does nothing.
   * @throws {RangeError} when every place is held
   */
  take(): () => void {
    if (this.waitMs() > 0) throw new RangeError(`all ${this.#options.limit} places of the window are held`);
    this.#inFlight++;
    let answered = false;
    return () => {
      if (answered) return;
      answered = true;
      this.#inFlight--;
      const freesAt = this.#options.now() + this.#options.windowMs;
      // The clock never goes back, so appending keeps the order.
      this.#freesAt.push(freesAt);
    };
  }

  #forgetFreed(now: number): void {
    let freed = 0;
    while (freed < this.#freesAt.length && this.#freesAt[freed]! <= now) freed++;
    if (freed > 0) this.#freesAt.splice(0, freed);
  }
}
