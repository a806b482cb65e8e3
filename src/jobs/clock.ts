/**
 * The time source of the job core, injected so tests drive time by hand instead of faking global timers.
 */

/** Cancels a timer set with {@link Clock.setTimer}. Calling it after the timer fired does nothing. */
export type CancelTimer = () => void;

/** Wall-clock time (epoch milliseconds, like `Date.now()`) and one-shot timers. */
export interface Clock {
  now(): number;
  /** Calls `fn` once after `delayMs` milliseconds; returns a function that cancels it. */
  setTimer(fn: () => void, delayMs: number): CancelTimer;
}

/** Longest delay `setTimeout` accepts; longer ones would fire at once. */
export const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

/**
 * The real clock: `Date.now()` and `setTimeout`. Timers are unref'd: a pending poll or edit alone does not
 * keep the process alive (the Discord gateway connection does, while the bot runs).
 */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(fn, delayMs) {
    const timer = setTimeout(fn, Math.min(Math.max(0, delayMs), MAX_TIMER_DELAY_MS));
    timer.unref();
    return () => clearTimeout(timer);
  },
};
