import { describe, expect, test } from "vitest";
import { DueHeap } from "../../src/jobs/due-heap.js";

/** A small deterministic generator (mulberry32) so the shuffled order is the same on every run. */
function seededRandom(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("DueHeap", () => {
  test("pops entries in due order after random inserts, replacements and deletions", () => {
    const random = seededRandom(42);
    const heap = new DueHeap<number>();
    const expected = new Map<string, number>();
    for (let i = 0; i < 2_000; i++) {
      const key = `k${Math.floor(random() * 500)}`;
      if (random() < 0.2) {
        expect(heap.delete(key)).toBe(expected.delete(key));
      } else {
        const dueAt = Math.floor(random() * 10_000);
        heap.set(key, dueAt, dueAt);
        expected.set(key, dueAt);
      }
    }
    expect(heap.size).toBe(expected.size);
    const popped: number[] = [];
    for (let e = heap.pop(); e; e = heap.pop()) {
      expect(e.value).toBe(expected.get(e.key));
      popped.push(e.value);
    }
    expect(popped).toEqual([...expected.values()].sort((a, b) => a - b));
  });

  test("a key rescheduled in place comes out after the keys already waiting at that due time", () => {
    const heap = new DueHeap<string>();
    for (const key of ["a", "b", "c"]) heap.set(key, 5, `${key}1`);
    heap.set("a", 5, "a2");
    expect(heap.size).toBe(3);
    expect([heap.pop(), heap.pop(), heap.pop()]).toEqual([
      { key: "b", value: "b1" },
      { key: "c", value: "c1" },
      { key: "a", value: "a2" },
    ]);
  });

  test("an entry freed by one key serves a new key without its old value", () => {
    const heap = new DueHeap<string>();
    heap.set("old", 1, "old value");
    expect(heap.pop()).toEqual({ key: "old", value: "old value" });
    heap.set("new", 2, "new value");
    expect(heap.get("old")).toBeUndefined();
    expect(heap.get("new")).toMatchObject({ key: "new", dueAt: 2, value: "new value" });
    expect(heap.pop()).toEqual({ key: "new", value: "new value" });
  });

  test("entries with the same due time come out in insertion order", () => {
    const heap = new DueHeap<string>();
    for (const key of ["a", "b", "c", "d"]) heap.set(key, 5, key);
    expect([heap.pop()?.key, heap.pop()?.key, heap.pop()?.key, heap.pop()?.key]).toEqual([
      "a",
      "b",
      "c",
      "d",
    ]);
  });
});
