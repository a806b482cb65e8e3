import { describe, expect, test } from "vitest";
import {
  SnowflakeGenerator,
  isSnowflake,
  snowflakeTimestamp,
} from "../../../tools/discord-emulator/world/snowflake.js";

describe("SnowflakeGenerator", () => {
  test("ids are 18-19 digits, increasing and carry their creation time", () => {
    const now = Date.UTC(2025, 5, 1);
    const ids = new SnowflakeGenerator(() => now);
    const a = ids.next();
    const b = ids.next();
    expect(a).toMatch(/^\d{18,19}$/);
    expect(BigInt(b) > BigInt(a)).toBe(true);
    expect(snowflakeTimestamp(a)).toBe(now);
  });

  test("ids stay unique past 4096 in one millisecond", () => {
    const ids = new SnowflakeGenerator(() => Date.UTC(2025, 0, 1));
    const seen = new Set(Array.from({ length: 5000 }, () => ids.next()));
    expect(seen.size).toBe(5000);
  });

  test.each([
    ["123456789012345678", true],
    ["12345", false],
    [42, false],
  ])("isSnowflake(%s) is %s", (value, expected) => {
    expect(isSnowflake(value)).toBe(expected);
  });
});
