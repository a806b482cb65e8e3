import { describe, expect, test } from "vitest";
import { formatCount, quoteForProblem } from "../../src/prompt/problems.js";

describe("quoteForProblem", () => {
  test.each([
    ["short", 80, "short"],
    ["abcdef", 4, "abc…"],
    ["🦊🦊🦊🦊🦊", 3, "🦊🦊…"],
    ["", 5, ""],
  ])("shortens %j to at most %d characters", (text, max, expected) => {
    expect(quoteForProblem(text, max)).toBe(expected);
  });
});

describe("formatCount", () => {
  test.each([
    [0, "0"],
    [999, "999"],
    [2134, "2,134"],
    [4294967295, "4,294,967,295"],
  ])("writes %d as %j", (n, expected) => {
    expect(formatCount(n)).toBe(expected);
  });

  test.each([
    ["de", "2.134"],
    ["pt-BR", "2.134"],
    ["ja", "2,134"],
    ["en", "2,134"],
  ])("in %s writes 2134 as %j", (language, expected) => {
    expect(formatCount(2134, language)).toBe(expected);
  });
});
