import { describe, expect, test } from "vitest";
import { sharedString } from "../../src/store/shared-strings.js";

describe("sharedString", () => {
  test("returns the value it is given, and null for null", () => {
    expect(sharedString("123456789012345678")).toBe("123456789012345678");
    expect(sharedString(null)).toBeNull();
  });

  test("still returns each value unchanged after more distinct values than the pool keeps", () => {
    const values = Array.from({ length: 10_000 }, (_, i) => `channel-${i}`);
    for (const v of values) sharedString(v);
    expect(values.map((v) => sharedString(`${v}`))).toEqual(values);
  });
});
