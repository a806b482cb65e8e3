import { describe, expect, test } from "vitest";
import { imageResponseSchema, MAX_RECORD_ERROR_LENGTH } from "../../src/service/schema.js";

const failed = (error: string) => ({ data: { id: "img-1", status: "failed", error } });

describe("imageResponseSchema", () => {
  test.each([
    { length: 10, kept: 10 },
    { length: MAX_RECORD_ERROR_LENGTH, kept: MAX_RECORD_ERROR_LENGTH },
    { length: MAX_RECORD_ERROR_LENGTH + 1, kept: MAX_RECORD_ERROR_LENGTH },
    { length: 2_000_000, kept: MAX_RECORD_ERROR_LENGTH },
  ])("a failed record with an error of $length characters is accepted, keeping $kept", ({ length, kept }) => {
    const text = `Midjourney message: ${"x".repeat(length)}`.slice(0, length);
    const parsed = imageResponseSchema.parse(failed(text));
    expect(parsed.data.error).toHaveLength(kept);
    expect(parsed.data.error!.startsWith(text.slice(0, Math.min(length, 20)))).toBe(true);
    if (kept < length) expect(parsed.data.error!.endsWith("…")).toBe(true);
  });
});
