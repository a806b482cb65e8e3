import { describe, expect, test } from "vitest";
import {
  absoluteTimestamp,
  EMBED_COLORS,
  formatDuration,
  formatElapsed,
  progressBar,
  relativeTimestamp,
  statusView,
} from "../../src/render/format.js";
import { english } from "../../src/i18n/translate.js";

describe("progressBar", () => {
  test.each([
    [null, "▱▱▱▱▱▱▱▱▱▱ 0%"],
    [0, "▱▱▱▱▱▱▱▱▱▱ 0%"],
    [9, "▱▱▱▱▱▱▱▱▱▱ 9%"],
    [40, "▰▰▰▰▱▱▱▱▱▱ 40%"],
    [45.7, "▰▰▰▰▱▱▱▱▱▱ 45%"],
    [99, "▰▰▰▰▰▰▰▰▰▱ 99%"],
    [100, "▰▰▰▰▰▰▰▰▰▰ 100%"],
    [150, "▰▰▰▰▰▰▰▰▰▰ 100%"],
    [-5, "▱▱▱▱▱▱▱▱▱▱ 0%"],
    [Number.NaN, "▱▱▱▱▱▱▱▱▱▱ 0%"],
  ])("shows %s as %s", (progress, expected) => {
    expect(progressBar(progress)).toBe(expected);
  });

  test("can have another number of segments", () => {
    expect(progressBar(50, 4)).toBe("▰▰▱▱ 50%");
  });
});

describe("relativeTimestamp", () => {
  test.each([
    [1_714_557_600_000, "<t:1714557600:R>"],
    [1_714_557_600_999, "<t:1714557600:R>"],
    [0, "<t:0:R>"],
    [-1, null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
  ])("writes %d as %s", (ms, expected) => {
    expect(relativeTimestamp(ms)).toBe(expected);
  });
});

describe("formatDuration", () => {
  test.each([
    [0, "0 seconds"],
    [1_000, "1 second"],
    [45_000, "45 seconds"],
    [60_000, "1 minute"],
    [90_000, "1 minute 30 seconds"],
    [1_200_000, "20 minutes"],
    [3_600_000, "1 hour"],
    [3_900_000, "1 hour 5 minutes"],
    [7_230_000, "2 hours"],
    [-5, "0 seconds"],
    [Number.NaN, "0 seconds"],
  ])("writes %d ms as %j", (ms, expected) => {
    expect(formatDuration(english, ms)).toBe(expected);
  });
});

describe("formatElapsed", () => {
  test.each([
    [0, "0 s"],
    [400, "0 s"],
    [42_000, "42 s"],
    [59_600, "1 min"],
    [185_000, "3 min 5 s"],
    [1_200_000, "20 min"],
    [3_600_000, "1 h"],
    [3_720_000, "1 h 2 min"],
    [3_725_000, "1 h 2 min"],
    [-5, "0 s"],
    [Number.NaN, "0 s"],
  ])("says %d ms took %j", (ms, expected) => {
    expect(formatElapsed(english, ms)).toBe(expected);
  });
});

describe("absoluteTimestamp", () => {
  test.each([
    [1_714_557_600_999, "<t:1714557600:f>"],
    [0, "<t:0:f>"],
    [-1, null],
    [Number.NaN, null],
  ])("writes %d ms as %j", (ms, expected) => {
    expect(absoluteTimestamp(ms)).toBe(expected);
  });
});

describe("statusView", () => {
  test.each([
    ["pending", "⏳ Waiting in line", EMBED_COLORS.waiting],
    ["in-progress", "🖌️ Generating", EMBED_COLORS.generating],
    ["completed", "✅ Finishing", EMBED_COLORS.completed],
    ["failed", "❌ Failed", EMBED_COLORS.failed],
    ["queued", "⏳ Waiting (queued)", EMBED_COLORS.waiting],
    ["*weird*", "⏳ Waiting (\\*weird\\*)", EMBED_COLORS.waiting],
  ])("shows %s as %s", (status, label, color) => {
    expect(statusView(english, status)).toEqual({ label, color });
  });

  test("a very long unknown status is shortened", () => {
    expect(statusView(english, "x".repeat(500)).label.length).toBeLessThan(60);
  });
});
