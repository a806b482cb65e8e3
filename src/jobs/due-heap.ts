/**
 * A binary min-heap of keyed entries ordered by due time, with O(log n) insert, removal of any entry and
 * removal of the earliest one. Each entry remembers its position so a key can be replaced or cancelled
 * without a scan. Equal due times keep insertion order (a sequence number breaks ties).
 */

/**
 * One entry of a {@link DueHeap}, read-only for callers. Entries are reused (a key rescheduled keeps its
 * entry; a removed one serves the next new key), so read what you need before the next insertion.
 */
export interface DueEntry<T> {
  readonly key: string;
  readonly dueAt: number;
  readonly seq: number;
  readonly value: T;
}

/** The heap's own view of an entry. */
interface MutableEntry<T> {
  key: string;
  dueAt: number;
  seq: number;
  value: T | undefined;
  index: number;
}

/**
 * Removed entries kept for reuse: thousands of jobs each rescheduled every few seconds would otherwise
 * move an entry per poll into the old generation. A job's entry is free only between its poll's start and
 * its next scheduling, so a few hundred cover thousands of polls a second.
 */
const MAX_FREE_ENTRIES = 1024;

/** Min-heap of {@link DueEntry} by `(dueAt, seq)`, at most one entry per key. */
export class DueHeap<T> {
  private readonly items: MutableEntry<T>[] = [];
  private readonly byKey = new Map<string, MutableEntry<T>>();
  private readonly free: MutableEntry<T>[] = [];
  private nextSeq = 0;

  /** Number of entries. */
  get size(): number {
    return this.items.length;
  }

  /** The sequence number the next inserted entry will get (entries inserted later compare greater). */
  get sequence(): number {
    return this.nextSeq;
  }

  /** The entry for `key`, if any. */
  get(key: string): DueEntry<T> | undefined {
    return this.byKey.get(key) as DueEntry<T> | undefined;
  }

  /** The earliest entry without removing it. */
  peek(): DueEntry<T> | undefined {
    return this.items[0] as DueEntry<T> | undefined;
  }

  /** Inserts an entry for `key`, replacing the key's existing entry (it then sorts after equal due times). */
  set(key: string, dueAt: number, value: T): DueEntry<T> {
    const existing = this.byKey.get(key);
    if (existing) {
      existing.dueAt = dueAt;
      existing.seq = this.nextSeq++;
      existing.value = value;
      this.siftDown(this.siftUp(existing.index));
      return existing as DueEntry<T>;
    }
    const entry = this.free.pop() ?? { key, dueAt, seq: 0, value, index: 0 };
    entry.key = key;
    entry.dueAt = dueAt;
    entry.seq = this.nextSeq++;
    entry.value = value;
    entry.index = this.items.length;
    this.items.push(entry);
    this.byKey.set(key, entry);
    this.siftUp(entry.index);
    return entry as DueEntry<T>;
  }

  /** Removes the entry for `key`. Returns whether there was one. */
  delete(key: string): boolean {
    const entry = this.byKey.get(key);
    if (!entry) return false;
    this.byKey.delete(key);
    const last = this.items.pop() as MutableEntry<T>;
    if (last !== entry) {
      this.items[entry.index] = last;
      last.index = entry.index;
      this.siftDown(this.siftUp(last.index));
    }
    if (this.free.length < MAX_FREE_ENTRIES) {
      entry.value = undefined;
      this.free.push(entry);
    }
    return true;
  }

  /**
   * Removes the earliest entry and returns its key and value (read before the next insertion, which may
   * reuse the entry).
   */
  pop(): { readonly key: string; readonly value: T } | undefined {
    const first = this.items[0];
    if (!first) return undefined;
    const { key, value } = first;
    this.delete(key);
    return { key, value: value as T };
  }

  /** Removes every entry. */
  clear(): void {
    this.items.length = 0;
    this.byKey.clear();
    this.free.length = 0;
  }

  private less(a: MutableEntry<T>, b: MutableEntry<T>): boolean {
    return a.dueAt < b.dueAt || (a.dueAt === b.dueAt && a.seq < b.seq);
  }

  private swap(i: number, j: number): void {
    const a = this.items[i] as MutableEntry<T>;
    const b = this.items[j] as MutableEntry<T>;
    this.items[i] = b;
    this.items[j] = a;
    b.index = i;
    a.index = j;
  }

  private siftUp(start: number): number {
    let i = start;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.less(this.items[i] as MutableEntry<T>, this.items[parent] as MutableEntry<T>)) break;
      this.swap(i, parent);
      i = parent;
    }
    return i;
  }

  private siftDown(start: number): void {
    let i = start;
    const n = this.items.length;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let smallest = i;
      if (
        left < n &&
        this.less(this.items[left] as MutableEntry<T>, this.items[smallest] as MutableEntry<T>)
      ) {
        smallest = left;
      }
      if (
        right < n &&
        this.less(this.items[right] as MutableEntry<T>, this.items[smallest] as MutableEntry<T>)
      ) {
        smallest = right;
      }
      if (smallest === i) return;
      this.swap(i, smallest);
      i = smallest;
    }
  }
}
