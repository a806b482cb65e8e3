/**
 * The demo's first line names what its image servers are (issue 40, newcomer point 8): one word when all are
 * the same kind, else which numbers are hosted and which self-hosted, never "(hosted)" for a mixed pool.
 */
import { expect, test } from "vitest";
import { demoServerProfile, describeDemoServers } from "../../demo/demo-pool.js";

test.each([
  [1, "hosted", "hosted"],
  [1, "self-hosted", "self-hosted"],
  [2, "self-hosted", "self-hosted"],
  [2, "hosted", "hosted: 1; self-hosted: 2"],
  [3, "self-hosted", "self-hosted: 1, 2; hosted: 3"],
  [4, "hosted", "hosted: 1, 3; self-hosted: 2, 4"],
] as const)("%d servers with --profile %s are described as %j", (count, first, expected) => {
  expect(describeDemoServers(count, first)).toBe(expected);
});

test("server 1 is what --profile says; the others alternate, every second one self-hosted", () => {
  expect([1, 2, 3, 4].map((n) => demoServerProfile(n, "self-hosted"))).toEqual([
    "self-hosted",
    "self-hosted",
    "hosted",
    "self-hosted",
  ]);
});
