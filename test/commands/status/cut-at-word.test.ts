import { describe, expect, test } from "vitest";
import { cutAtWord } from "../../../commands/status/cut-at-word.js";

describe("cutting a text for /imagine-status", () => {
  test.each([
    ["Midjourney credits exhausted", 80, "Midjourney credits exhausted"],
    ["connect ECONNREFUSED to the server now", 20, "connect…"],
    ["Midjourney credits exhausted, renew them", 30, "Midjourney credits exhausted…"],
    ["Supercalifragilistic", 8, "Superca…"],
  ])("%j in at most %i characters is %j: never cut mid-word", (text, max, cut) => {
    expect(cutAtWord(text, max)).toBe(cut);
    expect(cutAtWord(text, max).length).toBeLessThanOrEqual(max);
  });
});
