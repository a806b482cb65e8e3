import { describe, expect, test } from "vitest";
import { enhanceIdCodec } from "../../src/custom-ids/enhance-id.js";

const JOB_ID = "2b5c5d2e-5f4b-4f1e-9a55-0c1a2b3c4d5e";
const REQUESTER_ID = "123456789012345678";

describe("the Enhance id codec", () => {
  test.each([
    { jobId: JOB_ID, index: 0, factor: "2x" as const, requesterId: REQUESTER_ID },
    { jobId: "x".repeat(64), index: 3, factor: "12x" as const, requesterId: "18446744073709551615" },
  ])("reads back what it wrote, within 100 characters ($factor)", (request) => {
    const id = enhanceIdCodec.encode(request);

    expect(id.length).toBeLessThanOrEqual(100);
    expect(id.startsWith("enhance:")).toBe(true);
    expect(enhanceIdCodec.decode(id)).toEqual(request);
  });

  test.each([
    "enhance",
    `enhance:${JOB_ID}:0:2x`,
    `enhance:${JOB_ID}:4:2x:${REQUESTER_ID}`,
    `enhance:${JOB_ID}:0:3x:${REQUESTER_ID}`,
    `enhance:${JOB_ID}:0:2x:<@1>`,
    `enhance:${JOB_ID}:0:2x:${REQUESTER_ID}:extra`,
    `imagine:u:${JOB_ID}:0`,
    `enhance:bad id:0:2x:${REQUESTER_ID}`,
  ])("refuses %s", (customId) => {
    expect(enhanceIdCodec.decode(customId)).toBeNull();
  });

  test.each([
    { jobId: "", index: 0, factor: "2x" as const, requesterId: REQUESTER_ID },
    { jobId: JOB_ID, index: 4, factor: "2x" as const, requesterId: REQUESTER_ID },
    { jobId: JOB_ID, index: 0, factor: "3x" as never, requesterId: REQUESTER_ID },
    { jobId: JOB_ID, index: 0, factor: "2x" as const, requesterId: "123456789012345678901" },
  ])("will not write an id it could not read back: %o", (request) => {
    expect(() => enhanceIdCodec.encode(request)).toThrow(RangeError);
  });
});
