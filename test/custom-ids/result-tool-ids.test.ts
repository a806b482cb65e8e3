import { describe, expect, test } from "vitest";
import {
  deleteIdCodec,
  moreIdCodec,
  promptIdCodec,
  remixIdCodec,
} from "../../src/custom-ids/result-tool-ids.js";

const JOB_ID = "2b5c5d2e-5f4b-4f1e-9a55-0c1a2b3c4d5e";
const REQUESTER_ID = "123456789012345678";
const LONGEST = { jobId: "x".repeat(64), requesterId: "18446744073709551615" };

describe("the result tool id codecs", () => {
  test.each([
    ["prompt", promptIdCodec, { jobId: JOB_ID, requesterId: REQUESTER_ID }],
    ["delete", deleteIdCodec, LONGEST],
    ["remix", remixIdCodec, { ...LONGEST, step: "open" as const }],
    ["remix", remixIdCodec, { jobId: JOB_ID, requesterId: REQUESTER_ID, step: "submit" as const }],
    ["more", moreIdCodec, { ...LONGEST, index: 3 }],
  ] as const)("%s reads back what it wrote, within 100 characters", (prefix, codec, data) => {
    const id = (codec.encode as (d: typeof data) => string)(data);
    expect(id.length).toBeLessThanOrEqual(100);
    expect(id.startsWith(`${prefix}:`)).toBe(true);
    expect(codec.decode(id)).toEqual(data);
  });

  test.each([
    [promptIdCodec, `prompt:${JOB_ID}`],
    [promptIdCodec, `delete:${JOB_ID}:${REQUESTER_ID}`],
    [deleteIdCodec, `delete:${JOB_ID}:${REQUESTER_ID}:extra`],
    [deleteIdCodec, `delete:bad id:${REQUESTER_ID}`],
    [remixIdCodec, `remix:x:${JOB_ID}:${REQUESTER_ID}`],
    [remixIdCodec, `remix:${JOB_ID}:${REQUESTER_ID}`],
    [moreIdCodec, `more:4:${JOB_ID}:${REQUESTER_ID}`],
    [moreIdCodec, `more:1:${JOB_ID}:<@1>`],
  ])("refuses an id it did not write: %#", (codec, customId) => {
    expect(codec.decode(customId)).toBeNull();
  });

  test("will not write an id it could not read back", () => {
    expect(() => moreIdCodec.encode({ jobId: JOB_ID, requesterId: REQUESTER_ID, index: 4 })).toThrow(
      RangeError,
    );
    expect(() => deleteIdCodec.encode({ jobId: "has:colon", requesterId: REQUESTER_ID })).toThrow(RangeError);
    expect(() => promptIdCodec.encode({ jobId: JOB_ID, requesterId: "not-a-user" })).toThrow(RangeError);
  });
});
