import { describe, expect, test } from "vitest";
import { LineOrder, type Waiting } from "../../../src/imagine/line/line-order.js";

const entry = (id: string, member: string, queuedAt: number) => ({ id, member, queuedAt });

/** Starts the next job in order at `now`, as the bot's line does: taken out, its member's turn used. */
function startNext(queue: LineOrder<Waiting>, now: number): string | undefined {
  const next = queue.order()[0];
  if (!next) return undefined;
  queue.remove(next.id);
  queue.started(next.member, now);
  return next.id;
}

describe("LineOrder", () => {
  test("A had a job started, then queued two more, then B one: B's goes first, then A's in turn", () => {
    const queue = new LineOrder((member) => (member === "A" ? 1 : undefined));
    queue.add(entry("a2", "A", 2));
    queue.add(entry("a3", "A", 3));
    queue.add(entry("b1", "B", 4));
    expect(queue.order().map((e) => e.id)).toEqual(["b1", "a2", "a3"]);
  });

  test("members take turns as jobs start: each start moves its member to the back of the rotation", () => {
    const queue = new LineOrder();
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
    const started = [10, 11, 12, 13, 14, 15].map((now) => startNext(queue, now));
    expect(started).toEqual(["a1", "b1", "c1", "a2", "b2", "a3"]);
    expect(startNext(queue, 16)).toBeUndefined();
  });

  test("a job started out of order (the one ahead waits for another server) uses its member's turn", () => {
    const queue = new LineOrder();
    queue.add(entry("a1", "A", 1));
    queue.add(entry("b1", "B", 2));
    queue.add(entry("a2", "A", 3));
    queue.add(entry("b2", "B", 4));
    queue.remove("b1");
    queue.started("B", 10);
    expect(queue.order().map((e) => e.id)).toEqual(["a1", "b2", "a2"]);
  });

  test("a cancelled job gives its place up", () => {
    const queue = new LineOrder();
    queue.add(entry("a1", "A", 1));
    queue.add(entry("b1", "B", 2));
    expect(queue.remove("a1")).toBe(true);
    expect(queue.order().map((e) => e.id)).toEqual(["b1"]);
    expect(queue.has("a1")).toBe(false);
    expect(queue.remove("a1")).toBe(false);
  });
});
