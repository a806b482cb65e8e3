/**
 * A binary min-heap of keyed entries ordered by due time, with O(log n) insert, removal of any entry and
 * removal of the earliest one. Each entry remembers its position so a key can be replaced or cancelled
 * without a scan. Equal due times keep insertion order (a sequence number breaks ties).
 */

/** One entry of a {@link DueHeap}. `index` is maintained by the heap; callers must not change it. */
export interface DueEntry<T> {
  readonly key: string;
  readonly dueAt: number;
  readonly seq: number;
  readonly value: T;
  index: number;
}

/** Min-heap of {@link DueEntry} by `(dueAt, seq)`, at most one entry per key. */
export class DueHeap<T> {
  private readonly items: DueEntry<T>[] = [];
  private readonly byKey = new Map<string, DueEntry<T>>();
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
    return this.byKey.get(key);
  }

  /** The earliest entry without removing it. */
  peek(): DueEntry<T> | undefined {
    return this.items[0];
  }

  /** Inserts an entry for `key`, replacing the key's existing entry. */
  set(key: string, dueAt: number, value: T): DueEntry<T> {
    this.delete(key);
    const entry: DueEntry<T> = { key, dueAt, seq: this.nextSeq++, value, index: this.items.length };
    this.items.push(entry);
    this.byKey.set(key, entry);
    this.siftUp(entry.index);
    return entry;
  }

  /** Removes the entry for `key`. Returns whether there was one. */
  delete(key: string): boolean {
    const entry = this.byKey.get(key);
    if (!entry) return false;
    this.byKey.delete(key);
    const last = this.items.pop() as DueEntry<T>;
    if (last !== entry) {
      this.items[entry.index] = last;
      last.index = entry.index;
      this.siftDown(this.siftUp(last.index));
    }
    return true;
  }

  /** Removes and returns the earliest entry. */
  pop(): DueEntry<T> | undefined {
    const first = this.items[0];
    if (first) this.delete(first.key);
    return first;
  }

  /** Removes every entry. */
  clear(): void {
    this.items.length = 0;
    this.byKey.clear();
  }

  private less(a: DueEntry<T>, b: DueEntry<T>): boolean {
    return a.dueAt < b.dueAt || (a.dueAt === b.dueAt && a.seq < b.seq);
  }

  private swap(i: number, j: number): void {
    const a = this.items[i] as DueEntry<T>;
    const b = this.items[j] as DueEntry<T>;
    this.items[i] = b;
    this.items[j] = a;
    b.index = i;
    a.index = j;
  }

  private siftUp(start: number): number {
    let i = start;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.less(this.items[i] as DueEntry<T>, this.items[parent] as DueEntry<T>)) break;
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
      if (left < n && this.less(this.items[left] as DueEntry<T>, this.items[smallest] as DueEntry<T>)) {
        smallest = left;
      }
      if (right < n && this.less(this.items[right] as DueEntry<T>, this.items[smallest] as DueEntry<T>)) {
        smallest = right;
      }
      if (smallest === i) return;
      this.swap(i, smallest);
      i = smallest;
    }
  }
}
