import { describe, expect, test } from "vitest";
import { FairQueue } from "../../src/pool/fair-queue.js";

const entry = (id: string, member: string, queuedAt: number) => ({ id, member, queuedAt });

describe("FairQueue", () => {
  test("A had a job started, then queued two more, then B one: B's goes first, then A's in turn", () => {
    const queue = new FairQueue((member) => (member === "A" ? 1 : undefined));
    queue.add(entry("a2", "A", 2));
    queue.add(entry("a3", "A", 3));
    queue.add(entry("b1", "B", 4));
    expect(queue.order().map((e) => e.id)).toEqual(["b1", "a2", "a3"]);
    expect(queue.place("a3")).toBe(3);
  });

  test("members take turns as jobs start: each start moves its member to the back of the rotation", () => {
    const queue = new FairQueue();
    for (const [id, member, at] of [
      ["a1", "A", 1],
      ["a2", "A", 2],
      ["a3", "A", 3],
      ["b1", "B", 4],
      ["c1", "C", 5],
      ["b2", "B", 6],
    ] as const)
      queue.add(entry(id, member, at));
    expect(queue.order().map((e) => e.id)).toEqual(["a1", "b1", "c1", "a2", "b2", "a3"]);
    const started = [10, 11, 12, 13, 14, 15].map((now) => queue.take(now)?.id);
    expect(started).toEqual(["a1", "b1", "c1", "a2", "b2", "a3"]);
    expect(queue.take(16)).toBeUndefined();
  });

  test("the next job no free server can run stays in line; the first that one can run starts, its member's turn used", () => {
    const queue = new FairQueue();
    queue.add(entry("a1", "A", 1));
    queue.add(entry("b1", "B", 2));
    expect(queue.take(10, (e) => e.id !== "a1")?.id).toBe("b1");
    expect(queue.take(11, () => false)).toBeUndefined();
    expect(queue.order().map((e) => e.id)).toEqual(["a1"]);
  });

  test("a cancelled job gives its place up", () => {
    const queue = new FairQueue();
    queue.add(entry("a1", "A", 1));
    queue.add(entry("b1", "B", 2));
    expect(queue.remove("a1")).toBe(true);
    expect(queue.place("b1")).toBe(1);
    expect(queue.place("a1")).toBe(0);
    expect(queue.remove("a1")).toBe(false);
  });
});
