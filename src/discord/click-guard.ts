/**
 * Remembers recent button clicks so a double click does not start the same work twice. Discord delivers
 * each click as its own interaction, often within a few hundred milliseconds of each other.
 */
export class ClickGuard {
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly windowMs = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** True the first time `key` is claimed within the window; false for a repeat. */
  claim(key: string): boolean {
    const at = this.now();
    for (const [k, until] of this.seen) if (until <= at) this.seen.delete(k);
    if (this.seen.has(key)) return false;
    this.seen.set(key, at + this.windowMs);
    return true;
  }

  /** Frees `key` early, e.g. when the work it guarded failed before starting. */
  release(key: string): void {
    this.seen.delete(key);
  }
}
