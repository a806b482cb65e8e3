import { describe, expect, test } from "vitest";
import { statusCodec } from "../../../commands/status/status-id.js";

describe("status page button ids", () => {
  test.each([0, 1, 42, 999_999_999])("page %i survives a round trip within 100 characters", (page) => {
    const id = statusCodec.encode({ kind: "page", page });
    expect(id).toBe(`imagine-status:page:${page}`);
    expect(id.length).toBeLessThanOrEqual(100);
    expect(statusCodec.decode(id)).toEqual({ kind: "page", page });
  });

  test.each([0, 7, 999_999_999])(
    "a cancel of a job on page %i survives a round trip within 100 characters",
    (page) => {
      const jobId = "j".repeat(64);
      const id = statusCodec.encode({ kind: "cancel", page, jobId });
      expect(id).toBe(`imagine-status:cancel:${page}:${jobId}`);
      expect(id.length).toBeLessThanOrEqual(100);
      expect(statusCodec.decode(id)).toEqual({ kind: "cancel", page, jobId });
    },
  );

  test.each(["", "a:b", "j".repeat(65)])("refuses to encode a cancel of the job id %j", (jobId) => {
    expect(() => statusCodec.encode({ kind: "cancel", page: 0, jobId })).toThrow(RangeError);
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
    "imagine-status:cancel:0",
    "imagine-status:cancel:0:",
    "imagine-status:cancel:x:job",
    "imagine-status:cancel:0:a b",
    "imagine-status:cancel:0:job:extra",
    `imagine-status:cancel:0:${"j".repeat(65)}`,
  ])("decodes %j as nothing (malformed or forged)", (id) => {
    expect(statusCodec.decode(id)).toBeNull();
  });
});
