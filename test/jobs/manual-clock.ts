import type { CancelTimer, Clock } from "../../src/jobs/clock.js";

interface ManualTimer {
  readonly dueAt: number;
  readonly seq: number;
  readonly fn: () => void;
}

/** Lets every pending promise callback run (a macrotask turn drains the whole microtask queue). */
export function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * A clock that only moves when told to. Timers fire in due order while {@link advance} walks time
 * forward, with pending promise callbacks run after each one, so async work chained on a timer completes
 * before the next timer fires.
 */
export class ManualClock implements Clock {
  private time: number;
  private readonly timers = new Set<ManualTimer>();
  private seq = 0;
  /** Most timers that were pending at once. */
  maxPendingTimers = 0;
  /** Timers ever set. */
  timersSet = 0;

  constructor(start = Date.UTC(2024, 0, 1)) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimer(fn: () => void, delayMs: number): CancelTimer {
    const timer: ManualTimer = { dueAt: this.time + Math.max(0, delayMs), seq: this.seq++, fn };
    this.timers.add(timer);
    this.timersSet++;
    this.maxPendingTimers = Math.max(this.maxPendingTimers, this.timers.size);
    return () => this.timers.delete(timer);
  }

  /** Timers set and not yet fired or cancelled. */
  get pendingTimers(): number {
    return this.timers.size;
  }

  /** A promise resolved after `ms` of manual time (for fakes that take time to answer). */
  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.setTimer(resolve, ms));
  }

  /** Moves time forward by `ms`, firing every timer due on the way, in order. */
  async advance(ms: number): Promise<void> {
    await this.advanceTo(this.time + ms);
  }

  /** Moves time forward to `target` (epoch ms), firing every timer due on the way, in order. */
  async advanceTo(target: number): Promise<void> {
    await settle();
    for (;;) {
      const next = this.earliest();
      if (!next || next.dueAt > target) break;
      this.timers.delete(next);
      this.time = Math.max(this.time, next.dueAt);
      next.fn();
      await settle();
    }
    this.time = Math.max(this.time, target);
    await settle();
  }

  private earliest(): ManualTimer | undefined {
    let best: ManualTimer | undefined;
    for (const t of this.timers) {
      if (!best || t.dueAt < best.dueAt || (t.dueAt === best.dueAt && t.seq < best.seq)) best = t;
    }
    return best;
  }
}
