/**
 * The last validated answer per key (an image id), so a poll whose answer is byte-identical to the one
 * before skips JSON parsing and zod validation and returns the object already validated: the same bytes
 * as an answer already checked are already checked. Most polls of a running job find nothing new, and at
 * thousands of jobs parsing and validating them again was a large share of the bot's CPU per poll.
 */
import { hash } from "node:crypto";

/** A validated answer and the digest of the bytes it came from. */
interface Remembered<T> {
  digest: string;
  value: T;
}

/** Digest of an answer's bytes: SHA-256, so no other answer can pass for one already validated. */
export function answerDigest(bytes: Buffer): string {
  return hash("sha256", bytes, "base64");
}

/**
 * Remembers one validated answer per key. Entries not read or written for between one and two
 * `retentionMs` are dropped (two generations swapped lazily), so keys that are never asked again
 * (a job that timed out) do not pile up.
 */
export class AnswerMemo<T> {
  #current = new Map<string, Remembered<T>>();
  #previous = new Map<string, Remembered<T>>();
  #rotatedAt: number;

  /**
   * @param retentionMs how long an unused entry is kept at least; a job's polls are always closer than this.
   * @param now clock in milliseconds.
   */
  constructor(
    private readonly retentionMs: number,
    private readonly now: () => number,
  ) {
    this.#rotatedAt = now();
  }

  /** The value remembered for `key` when it came from bytes with this `digest`, else undefined. */
  get(key: string, digest: string): T | undefined {
    this.#rotate();
    let entry = this.#current.get(key);
    if (entry === undefined) {
      entry = this.#previous.get(key);
      if (entry === undefined) return undefined;
      this.#previous.delete(key);
      this.#current.set(key, entry);
    }
    return entry.digest === digest ? entry.value : undefined;
  }

  /** Remembers `value`, validated from bytes with this `digest`, as the answer for `key`. */
  set(key: string, digest: string, value: T): void {
    this.#rotate();
    this.#previous.delete(key);
    this.#current.set(key, { digest, value });
  }

  /** Forgets `key` (its answer is final: nothing will ask for it again). */
  delete(key: string): void {
    this.#current.delete(key);
    this.#previous.delete(key);
  }

  /** Keys remembered. */
  get size(): number {
    return this.#current.size + this.#previous.size;
  }

  #rotate(): void {
    const now = this.now();
    if (now - this.#rotatedAt < this.retentionMs) return;
    this.#previous = now - this.#rotatedAt < 2 * this.retentionMs ? this.#current : new Map();
    this.#current = new Map();
    this.#rotatedAt = now;
  }
}
