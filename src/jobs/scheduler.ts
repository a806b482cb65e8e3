import { MAX_TIMER_DELAY_MS, systemClock, type CancelTimer, type Clock } from "./clock.js";
import { DueHeap } from "./due-heap.js";

/** Work run by the {@link Scheduler} when its due time comes. A returned promise is not awaited. */
export type ScheduledTask = () => void | Promise<void>;

/** Options of {@link Scheduler}. */
export interface SchedulerOptions {
  /** Time source. Default: {@link systemClock}. */
  clock?: Clock;
  /** Called when a task throws or its promise rejects. Default: the error is ignored. */
  onTaskError?: (error: unknown, key: string) => void;
  /**
   * The timer fires only at multiples of this many ms, so tasks due within one such slot run in one
   * tick (thousands of polls a second then share wake-ups); each runs up to this much later. Default 0:
   * at each task's own due time.
   */
  resolutionMs?: number;
}

/**
 * Runs keyed tasks at their due time with ONE underlying timer for all of them. Tasks wait in a min-heap
 * ({@link DueHeap}); the timer is armed for the earliest due time, so scheduling, replacing and cancelling
 * cost O(log n) and a tick costs O(k log n) for the k tasks that are due, whatever the number waiting.
 *
 * Keys are shared by everyone using the same scheduler: users prefix them (`poll:<id>`, `edit:<id>`).
 * Tasks run in due-time order (ties in the order they were scheduled). A task scheduled while due tasks
 * are running, with a due time already passed, runs on the next tick, so a task that reschedules itself
 * "now" cannot starve the others.
 */
export class Scheduler {
  private readonly clock: Clock;
  private readonly onTaskError: (error: unknown, key: string) => void;
  private readonly heap = new DueHeap<ScheduledTask>();
  private cancelTimer: CancelTimer | null = null;
  private armedFor: number | null = null;
  private isStopped = false;
  private readonly resolutionMs: number;

  /** @throws {RangeError} when `resolutionMs` is negative or not a number. */
  constructor(options: SchedulerOptions = {}) {
    this.clock = options.clock ?? systemClock;
    this.onTaskError = options.onTaskError ?? (() => {});
    this.resolutionMs = options.resolutionMs ?? 0;
    if (!(this.resolutionMs >= 0))
      throw new RangeError(`Scheduler: resolutionMs must be 0 or more (got ${String(options.resolutionMs)})`);
  }

  /** The scheduler's clock, for users that need `now()` on the same time base. */
  now(): number {
    return this.clock.now();
  }

  /** Number of tasks waiting. */
  get size(): number {
    return this.heap.size;
  }

  /** Whether {@link stop} was called. */
  get stopped(): boolean {
    return this.isStopped;
  }

  /**
   * Runs `task` at `dueAt` (epoch ms on the scheduler's clock; a past time means "as soon as possible"),
   * replacing the task already scheduled under `key`. Ignored after {@link stop}.
   * @throws {TypeError} when `dueAt` is not a finite number.
   */
  schedule(key: string, dueAt: number, task: ScheduledTask): void {
    if (!Number.isFinite(dueAt))
      throw new TypeError(`Scheduler: due time of "${key}" is not a finite number`);
    if (this.isStopped) return;
    this.heap.set(key, dueAt, task);
    this.rearm();
  }

  /** Schedules `task` `delayMs` from now (see {@link schedule}). */
  scheduleIn(key: string, delayMs: number, task: ScheduledTask): void {
    this.schedule(key, this.clock.now() + delayMs, task);
  }

  /** Removes the task scheduled under `key`. Returns whether there was one. */
  cancel(key: string): boolean {
    const removed = this.heap.delete(key);
    if (removed && this.heap.size === 0) this.disarm();
    return removed;
  }

  /** Whether a task is scheduled under `key`. */
  has(key: string): boolean {
    return this.heap.get(key) !== undefined;
  }

  /** The due time of the task scheduled under `key`. */
  dueAt(key: string): number | undefined {
    return this.heap.get(key)?.dueAt;
  }

  /** Drops every waiting task and the timer; later {@link schedule} calls are ignored. */
  stop(): void {
    this.isStopped = true;
    this.heap.clear();
    this.disarm();
  }

  private rearm(): void {
    const next = this.heap.peek();
    if (!next) return this.disarm();
    // A timer that fires earlier than needed is kept: it finds nothing due and re-arms, which is cheaper
    // than re-arming whenever the earliest task is cancelled.
    const r = this.resolutionMs;
    const fireAt = r > 0 ? Math.ceil(next.dueAt / r) * r : next.dueAt;
    if (this.armedFor !== null && this.armedFor <= fireAt) return;
    this.disarm();
    const delay = Math.min(Math.max(0, fireAt - this.clock.now()), MAX_TIMER_DELAY_MS);
    this.armedFor = fireAt;
    this.cancelTimer = this.clock.setTimer(() => this.tick(), delay);
  }

  private disarm(): void {
    this.cancelTimer?.();
    this.cancelTimer = null;
    this.armedFor = null;
  }

  private tick(): void {
    this.cancelTimer = null;
    this.armedFor = null;
    const now = this.clock.now();
    const firstLaterSeq = this.heap.sequence;
    for (;;) {
      const next = this.heap.peek();
      if (!next || next.dueAt > now || next.seq >= firstLaterSeq) break;
      const { key, value } = next;
      this.heap.delete(key);
      this.run(key, value);
    }
    if (!this.isStopped) this.rearm();
  }

  private run(key: string, task: ScheduledTask): void {
    try {
      const result = task();
      if (result) result.catch((error: unknown) => this.reportError(error, key));
    } catch (error) {
      this.reportError(error, key);
    }
  }

  private reportError(error: unknown, key: string): void {
    try {
      this.onTaskError(error, key);
    } catch {
      // An error reporter that throws must not break the timer loop.
    }
  }
}
