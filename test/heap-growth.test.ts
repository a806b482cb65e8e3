import { describe, expect, test } from "vitest";
import { limitHeapGrowth } from "../src/heap-growth.js";

describe("limitHeapGrowth", () => {
  test("sets V8's heap growing percent to the configured value", () => {
    const flags: string[] = [];
    limitHeapGrowth(40, (f) => flags.push(f));
    expect(flags).toEqual(["--heap-growing-percent=40"]);
  });

  test("0 leaves V8's own growth rule alone", () => {
    const flags: string[] = [];
    limitHeapGrowth(0, (f) => flags.push(f));
    expect(flags).toEqual([]);
  });

  test.each([-1, 1.5, Number.NaN])("%s is refused before any flag is set", (percent) => {
    const flags: string[] = [];
    expect(() => limitHeapGrowth(percent, (f) => flags.push(f))).toThrow(RangeError);
    expect(flags).toEqual([]);
  });
});
