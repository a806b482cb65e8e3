import { describe, expect, test } from "vitest";
import { statusCodec } from "../../../src/discord/components/status-id.js";

describe("status page button ids", () => {
  test.each([0, 1, 42, 999_999_999])("page %i survives a round trip within 100 characters", (page) => {
    const id = statusCodec.encode({ kind: "page", page });
    expect(id).toBe(`imagine-status:page:${page}`);
    expect(id.length).toBeLessThanOrEqual(100);
    expect(statusCodec.decode(id)).toEqual({ kind: "page", page });
  });

  test.each([-1, 1.5, Number.NaN, Infinity, 1_000_000_000])("refuses to encode page %d", (page) => {
    expect(() => statusCodec.encode({ kind: "page", page })).toThrow(RangeError);
  });

  test.each([
    "",
    "imagine-status:page:",
    "imagine-status:page:-1",
    "imagine-status:page:1.5",
    "imagine-status:page:1:extra",
    "imagine-status:page:1000000000",
    "imagine-status:refresh:1",
    "imagine:r:abc",
  ])("decodes %j as nothing (malformed or forged)", (id) => {
    expect(statusCodec.decode(id)).toBeNull();
  });
});
