/**
 * Waiting on emulator state: a predicate re-evaluated after every change (request, message, gateway event,
 * clock jump) and on a short poll, until it returns something truthy, or a timeout with a description of
 * what was going on.
 */

/** Options for waitFor. */
export interface WaitForOptions {
  /** Real ms to wait (default 5000). */
  timeoutMs?: number;
  /** What is awaited, for the timeout message. */
  description?: string;
  /**
   * Also re-check every `pollMs` real ms (default 25), for predicates on state outside the emulator
   * (the bot's database, discord.js caches). 0 turns polling off.
   */
  pollMs?: number;
}

interface Waiter {
  check(): void;
}

/** Re-runs registered predicates whenever {@link ChangeWaiters.notify} is called. */
export class ChangeWaiters {
  readonly #waiters = new Set<Waiter>();
  readonly #listeners = new Set<() => void>();
  #scheduled = false;

  constructor(private readonly describeState: () => string) {}

  /** Signals a change; predicates run once per microtask burst, after the change completed. */
  notify(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    queueMicrotask(() => {
      this.#scheduled = false;
      for (const waiter of [...this.#waiters]) waiter.check();
      for (const listener of [...this.#listeners]) listener();
    });
  }

  /** Calls `listener` after every burst of changes until the returned function is called. */
  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Resolves with the predicate's first truthy result; rejects on timeout or if the predicate throws. */
  waitFor<T>(predicate: () => T | null | undefined | false, options: WaitForOptions = {}): Promise<T> {
    const timeoutMs = options.timeoutMs ?? 5000;
    const started = Date.now();
    return new Promise<T>((resolve, reject) => {
      const waiter: Waiter = {
        check: () => {
          let result: T | null | undefined | false;
          try {
            result = predicate();
          } catch (error) {
            finish();
            reject(error instanceof Error ? error : new Error(String(error)));
            return;
          }
          if (result) {
            finish();
            resolve(result);
          }
        },
      };
      const pollMs = options.pollMs ?? 25;
      const poll = pollMs > 0 ? setInterval(() => waiter.check(), pollMs) : null;
      const timer = setTimeout(() => {
        finish();
        const what = options.description ?? predicate.toString().slice(0, 200);
        reject(
          new Error(
            `waitFor timed out after ${Date.now() - started} ms waiting for: ${what}\n${this.describeState()}`,
          ),
        );
      }, timeoutMs);
      const finish = () => {
        clearTimeout(timer);
        if (poll) clearInterval(poll);
        this.#waiters.delete(waiter);
      };
      this.#waiters.add(waiter);
      waiter.check();
    });
  }
}
