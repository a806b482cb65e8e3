/**
 * Holds the calls that do not fit in the bot token's {@link SlidingWindow} until they do, first come first
 * sent: a call beyond the global limit waits here (never dropped) instead of reaching Discord as a 429.
 */
import { SlidingWindow, type SlidingWindowOptions } from "./sliding-window.js";

/** Options of a {@link GlobalLimitGate}. */
export interface GlobalLimitGateOptions extends SlidingWindowOptions {
  /**
   * Calls held at most at once; one more is refused at once ({@link GateFullError}), as a wait longer than
   * `maxQueued / limit` windows would come close to the caller's own time-out.
   */
  maxQueued: number;
  /** Runs `wake` after `ms`; returns a function that cancels it (`setTimeout`, or a test's clock). */
  setTimer: (wake: () => void, ms: number) => () => void;
}

/** A call refused because {@link GlobalLimitGateOptions.maxQueued} calls are already held. */
export class GateFullError extends Error {
  /** When a call may be tried again, ms. */
  readonly retryAfterMs: number;
  constructor(retryAfterMs: number) {
    super("too many calls held for the global rate limit");
    this.name = "GateFullError";
    this.retryAfterMs = retryAfterMs;
  }
}

interface Waiter {
  heldSince: number;
  admit: (answered: () => void) => void;
  /** Takes the call out of the queue, unsent, and rejects it with `reason`. */
  cancel: (reason: unknown) => void;
}

/** What the gate did so far. */
export interface GateCounts {
  /** Calls that had to wait for a place (sent later, not refused). */
  held: number;
  /** The longest of those waits, ms. */
  longestHoldMs: number;
  /** Calls refused with {@link GateFullError}. */
  refused: number;
}

/** The bot token's global limit for every call that carries it. */
export class GlobalLimitGate {
  readonly #options: GlobalLimitGateOptions;
  readonly #window: SlidingWindow;
  readonly #queue: Waiter[] = [];
  #cancelTimer: (() => void) | null = null;
  readonly #counts: GateCounts = { held: 0, longestHoldMs: 0, refused: 0 };

  constructor(options: GlobalLimitGateOptions) {
    this.#options = options;
    this.#window = new SlidingWindow(options);
  }

  /** Calls in any window. */
  get limit(): number {
    return this.#options.limit;
  }

  counts(): GateCounts {
    return { ...this.#counts };
  }

  /** Calls waiting for a place now. */
  get waiting(): number {
    return this.#queue.length;
  }

  /**
   * Resolves when a call may be sent, with the function to call once its answer came (or it failed).
   * @throws {GateFullError} at once when `maxQueued` calls are already held
   * @throws the signal's reason when it aborts while the call is held (the call is not sent)
   */
  acquire(signal?: AbortSignal): Promise<() => void> {
    signal?.throwIfAborted();
    if (this.#queue.length === 0 && this.#window.waitMs() === 0) return Promise.resolve(this.#take());
    if (this.#queue.length >= this.#options.maxQueued) {
      this.#counts.refused++;
      const wait = this.#window.waitMs();
      return Promise.reject(new GateFullError(Number.isFinite(wait) ? wait : this.#options.windowMs));
    }
    return new Promise((resolve, reject) => {
      const onAbort = () => waiter.cancel(signal?.reason);
      const waiter: Waiter = {
        heldSince: this.#options.now(),
        admit: (answered) => {
          signal?.removeEventListener("abort", onAbort);
          resolve(answered);
        },
        cancel: (reason) => {
          signal?.removeEventListener("abort", onAbort);
          const at = this.#queue.indexOf(waiter);
          if (at >= 0) this.#queue.splice(at, 1);
          reject(reason);
        },
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.#queue.push(waiter);
      this.#counts.held++;
      this.#pump();
    });
  }

  #take(): () => void {
    const answered = this.#window.take();
    return () => {
      answered();
      this.#pump();
    };
  }

  /** Sends the held calls that fit now, in order; wakes up again when the next place frees. */
  #pump(): void {
    while (this.#queue.length > 0 && this.#window.waitMs() === 0) {
      const waiter = this.#queue.shift()!;
      const heldMs = this.#options.now() - waiter.heldSince;
      this.#counts.longestHoldMs = Math.max(this.#counts.longestHoldMs, heldMs);
      waiter.admit(this.#take());
    }
    if (this.#queue.length === 0 || this.#cancelTimer) return;
    const wait = this.#window.waitMs();
    // Infinity: every place is held by a call in flight; its answer pumps again.
    if (!Number.isFinite(wait)) return;
    this.#cancelTimer = this.#options.setTimer(() => {
      this.#cancelTimer = null;
      this.#pump();
    }, wait);
  }

  /** Refuses every held call (the proxy is closing); they were never sent. */
  close(): void {
    this.#cancelTimer?.();
    this.#cancelTimer = null;
    for (const waiter of [...this.#queue]) waiter.cancel(new Error("the Discord proxy is closing"));
  }
}
