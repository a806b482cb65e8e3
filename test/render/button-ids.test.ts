import { describe, expect, test } from "vitest";
import {
  decodeButtonId,
  encodeButtonId,
  isButtonJobId,
  type ButtonAction,
} from "../../src/render/button-ids.js";

const UUID = "2b5c5d2e-5f4b-4f1e-9a55-0c1a2b3c4d5e";
const LONGEST = "j".repeat(64);

describe("button ids", () => {
  test.each<[ButtonAction, string]>([
    [{ action: "upscale", jobId: UUID, index: 0 }, `imagine:u:${UUID}:0`],
    [{ action: "upscale", jobId: UUID, index: 3 }, `imagine:u:${UUID}:3`],
    [{ action: "reroll", jobId: UUID }, `imagine:r:${UUID}`],
    [{ action: "upscale", jobId: "job_1", index: 2 }, "imagine:u:job_1:2"],
    [{ action: "upscale", jobId: LONGEST, index: 1 }, `imagine:u:${LONGEST}:1`],
    [{ action: "reroll", jobId: LONGEST }, `imagine:r:${LONGEST}`],
  ])("%j is encoded as %s and decoded back", (action, customId) => {
    expect(encodeButtonId(action)).toBe(customId);
    expect(decodeButtonId(customId)).toEqual(action);
  });

  test("an id for the longest job id stays within Discord's 100 characters", () => {
    expect(encodeButtonId({ action: "upscale", jobId: LONGEST, index: 3 }).length).toBeLessThanOrEqual(100);
  });

  test.each([
    "",
    "imagine",
    "imagine:",
    "imagine:u",
    `imagine:u:${UUID}`,
    `imagine:u:${UUID}:4`,
    `imagine:u:${UUID}:-1`,
    `imagine:u:${UUID}:01`,
    `imagine:u:${UUID}:1.0`,
    `imagine:u:${UUID}:1:extra`,
    "imagine:r:",
    `imagine:r:${UUID}:1`,
    `imagine:x:${UUID}`,
    `IMAGINE:r:${UUID}`,
    `other:u:${UUID}:1`,
    `imagine:u:${"j".repeat(65)}:1`,
    "imagine:u:a b:1",
    "imagine:r:a/b",
    "imagine:r:ümlaut",
  ])("%j is not one of these buttons", (customId) => {
    expect(decodeButtonId(customId)).toBeNull();
  });

  test.each(["", "a:b", "with space", "j".repeat(65), "slash/id"])(
    "the job id %j cannot be encoded",
    (jobId) => {
      expect(isButtonJobId(jobId)).toBe(false);
      expect(() => encodeButtonId({ action: "reroll", jobId })).toThrow(RangeError);
    },
  );

  test.each([4, -1, 1.5, Number.NaN])("the upscale index %d cannot be encoded", (index) => {
    expect(() => encodeButtonId({ action: "upscale", jobId: UUID, index })).toThrow(/from 0 to 3/);
  });
});
