import { describe, expect, test } from "vitest";
import { gridButtonCodec, isButtonJobId, type GridButton } from "../../src/custom-ids/grid-button-id.js";

const UUID = "2b5c5d2e-5f4b-4f1e-9a55-0c1a2b3c4d5e";
const LONGEST = "j".repeat(64);
const ALICE = "123456789012345678";
const LONGEST_USER = "18446744073709551615";

describe("grid button ids", () => {
  test.each<[GridButton, string]>([
    [{ action: "upscale", jobId: UUID, index: 0, requesterId: ALICE }, `imagine:u:${UUID}:0:${ALICE}`],
    [{ action: "upscale", jobId: UUID, index: 3, requesterId: ALICE }, `imagine:u:${UUID}:3:${ALICE}`],
    [{ action: "reroll", jobId: UUID, requesterId: ALICE }, `imagine:r:${UUID}:${ALICE}`],
    [{ action: "upscale", jobId: "job_1", index: 2, requesterId: "1" }, "imagine:u:job_1:2:1"],
    [
      { action: "upscale", jobId: LONGEST, index: 1, requesterId: LONGEST_USER },
      `imagine:u:${LONGEST}:1:${LONGEST_USER}`,
    ],
    [{ action: "reroll", jobId: LONGEST, requesterId: LONGEST_USER }, `imagine:r:${LONGEST}:${LONGEST_USER}`],
  ])("%j is encoded as %s and decoded back", (button, customId) => {
    expect(gridButtonCodec.encode(button)).toBe(customId);
    expect(gridButtonCodec.decode(customId)).toEqual(button);
  });

  test.each<[string, GridButton]>([
    [`imagine:u:${UUID}:0`, { action: "upscale", jobId: UUID, index: 0, requesterId: null }],
    [`imagine:u:${UUID}:3`, { action: "upscale", jobId: UUID, index: 3, requesterId: null }],
    [`imagine:r:${UUID}`, { action: "reroll", jobId: UUID, requesterId: null }],
  ])("the older id %s, posted before ids carried the requester, still reads", (customId, button) => {
    expect(gridButtonCodec.decode(customId)).toEqual(button);
  });

  test("an id for the longest job id and user id stays within Discord's 100 characters", () => {
    const id = gridButtonCodec.encode({
      action: "upscale",
      jobId: LONGEST,
      index: 3,
      requesterId: LONGEST_USER,
    });
    expect(id.length).toBeLessThanOrEqual(100);
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
    `imagine:u:${UUID}:1:${ALICE}:extra`,
    `imagine:u:${UUID}:1:`,
    `imagine:u:${UUID}:1:<@${ALICE}>`,
    `imagine:u:${UUID}:1:${"9".repeat(21)}`,
    "imagine:r:",
    `imagine:r:${UUID}:`,
    `imagine:r:${UUID}:1.5`,
    `imagine:r:${UUID}:${ALICE}:1`,
    `imagine:x:${UUID}`,
    `IMAGINE:r:${UUID}`,
    `other:u:${UUID}:1`,
    `imagine:u:${"j".repeat(65)}:1`,
    "imagine:u:a b:1",
    "imagine:r:a/b",
    "imagine:r:ümlaut",
  ])("%j is not one of these buttons (malformed or forged)", (customId) => {
    expect(gridButtonCodec.decode(customId)).toBeNull();
  });

  test.each(["", "a:b", "with space", "j".repeat(65), "slash/id"])(
    "the job id %j cannot be encoded",
    (jobId) => {
      expect(isButtonJobId(jobId)).toBe(false);
      expect(() => gridButtonCodec.encode({ action: "reroll", jobId, requesterId: ALICE })).toThrow(
        RangeError,
      );
    },
  );

  test.each(["", "alice", "<@1>", "9".repeat(21)])("the requester %j cannot be encoded", (requesterId) => {
    expect(() => gridButtonCodec.encode({ action: "reroll", jobId: UUID, requesterId })).toThrow(RangeError);
  });

  test.each([4, -1, 1.5, Number.NaN])("the upscale index %d cannot be encoded", (index) => {
    expect(() =>
      gridButtonCodec.encode({ action: "upscale", jobId: UUID, index, requesterId: ALICE }),
    ).toThrow(/from 0 to 3/);
  });
});
