/**
 * A process's waiting jobs placed in the fleet's one line: they take the fleet's order and its places, so
 * places said across the processes are 1..N without duplicates; a job queued since the line was read comes
 * after it, and an unreadable line leaves the process's own count.
 */
import { describe, expect, test } from "vitest";
import type { FleetWaiting } from "../../../src/fleet/fleet-channels.js";
import { FleetLine, placesInLine } from "../../../src/imagine/line/fleet-line.js";
import { silentLogger } from "../../../src/logger.js";

const jobs = (...ids: string[]) => ids.map((id) => ({ id }));
const placed = (list: { entry: { id: string }; place: number }[]) => list.map((p) => [p.entry.id, p.place]);

describe("placesInLine", () => {
  test.each([
    [
      "no line: the process's own order and count",
      jobs("a", "b"),
      null,
      [
        ["a", 1],
        ["b", 2],
      ],
    ],
    [
      "the fleet's order and places, other processes' jobs between",
      jobs("a", "b", "c"),
      ["x", "c", "y", "a", "b"],
      [
        ["c", 2],
        ["a", 4],
        ["b", 5],
      ],
    ],
    [
      "jobs the line lacks come after it, in their own order",
      jobs("new2", "a", "new1"),
      ["x", "a"],
      [
        ["a", 2],
        ["new2", 3],
        ["new1", 4],
      ],
    ],
  ] as const)("%s", (_, local, line, expected) => {
    expect(placed(placesInLine(local, line))).toEqual(expected);
  });
});

describe("FleetLine", () => {
  const waiting = (id: string): FleetWaiting => ({
    id,
    ref: id,
    member: "m",
    queuedAt: 0,
    owner: "p",
    inTurn: true,
  });

  test("a job this process follows but no longer queues (started or cancelled here) leaves the line at once", async () => {
    const line = new FleetLine({ waitingLine: async () => ["x", "gone", "a"].map(waiting) }, silentLogger);
    await line.read(
      (id) => id === "a",
      (id) => id === "a" || id === "gone",
    );
    expect(placed(line.places(jobs("a")))).toEqual([["a", 2]]);
  });

  test("an unreadable line leaves the process's own count, and the next read the fleet's again", async () => {
    let fails = true;
    const line = new FleetLine(
      {
        waitingLine: async () => {
          if (fails) throw new Error("connection refused");
          return ["x", "a"].map(waiting);
        },
      },
      silentLogger,
    );
    await line.read(
      () => true,
      () => true,
    );
    expect(placed(line.places(jobs("a")))).toEqual([["a", 1]]);
    fails = false;
    await line.read(
      () => true,
      () => true,
    );
    expect(placed(line.places(jobs("a")))).toEqual([["a", 2]]);
  });
});
