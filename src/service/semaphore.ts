/** Gives back a slot given by {@link Semaphore.whenFree}. Calling it more than once does nothing. */
export type ReleaseSlot = () => void;

/**
 * A counting semaphore with a first-come, first-served queue: at most `limit` holders at once, and waiters
 * get slots in the order they asked. {@link close} wakes every waiter with `null` (no slot).
 */
export class Semaphore {
  private holders = 0;
  /** The queue from `head` on; a slot before it is cleared when taken, so nothing keeps a served waiter. */
  private readonly waiters: Array<((release: ReleaseSlot | null) => void) | undefined> = [];
  private head = 0;
  private closed = false;

  /** @throws {RangeError} when `limit` is not a whole number of at least 1. */
  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) {
      throw new RangeError(`Semaphore limit must be a whole number of at least 1 (got ${String(limit)})`);
    }
  }

  /** Slots in use. */
  get inUse(): number {
    return this.holders;
  }

  /** Callers waiting for a slot. */
  get waiting(): number {
    return this.waiters.length - this.head;
  }

  /**
   * Calls `task` with a release function as soon as a slot is free: at once (synchronously) when one is,
   * else in turn with the other waiters; with `null` when the semaphore is or gets closed. A waiter costs
   * no promise, only its place in the queue: thousands of polls due in one wave can wait for a slot
   * without their state moving into the old generation.
   */
  whenFree(task: (release: ReleaseSlot | null) => void): void {
    if (this.closed) return task(null);
    if (this.holders < this.limit) {
      this.holders++;
      return task(this.releaser());
    }
    this.waiters.push(task);
  }

  /**
   * Runs `task` in a slot (in turn with the other waiters) and releases the slot when it settles.
   * @throws {Error} when the semaphore is or gets closed before a slot is free.
   */
  run<T>(task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) =>
      this.whenFree((release) => {
        if (!release) return reject(new Error("the semaphore is closed"));
        task().then(resolve, reject).finally(release);
      }),
    );
  }

  /** Wakes every waiter with `null`; later {@link whenFree} tasks get `null` at once. Holders keep slots. */
  close(): void {
    this.closed = true;
    while (this.head < this.waiters.length) this.takeWaiter()?.(null);
  }

  private releaser(): ReleaseSlot {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.takeWaiter();
      // The slot passes straight to the next waiter, so a newcomer cannot jump the queue; in a microtask,
      // so a waiter that gives its slot back at once does not run the next one inside this call.
      if (next) queueMicrotask(() => next(this.releaser()));
      else this.holders--;
    };
  }

  private takeWaiter(): ((release: ReleaseSlot | null) => void) | undefined {
    if (this.head >= this.waiters.length) return undefined;
    const next = this.waiters[this.head];
    // A served waiter's closure holds its task (a poll holds its job): not kept past its turn.
    this.waiters[this.head] = undefined;
    this.head++;
    if (this.head === this.waiters.length) {
      this.waiters.length = 0;
      this.head = 0;
    }
    // Compact now and then instead of shift() on every release (shift is O(n) on a long queue).
    else if (this.head > 1024 && this.head * 2 > this.waiters.length) {
      this.waiters.splice(0, this.head);
      this.head = 0;
    }
    return next;
  }
}
