import { describe, expect, test } from "vitest";
import { readPrompt } from "../../src/prompt/prompt.js";
import { withoutSpeeds } from "../../src/prompt/speed.js";

describe("a prompt's speed", () => {
  test.each([
    ["a cat", null],
    ["a cat --fast", "fast"],
    ["a cat --TURBO --v 7", "turbo"],
    ["a cat --fast --relax", "relax"],
  ] as const)("%j asks for %j", (prompt, speed) => {
    expect(readPrompt(prompt).speed).toBe(speed);
  });
});

describe("withoutSpeeds", () => {
  test.each([
    ["--v 7 --relax", "--v 7"],
    ["--Turbo  --ar 16:9 --fast", "--ar 16:9"],
    ["--q 2", "--q 2"],
    ["--relax", ""],
  ])("stored default parameters %j are sent as %j", (stored, sent) => {
    expect(withoutSpeeds(stored)).toBe(sent);
  });
});
