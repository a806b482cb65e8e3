import { describe, expect, test } from "vitest";
import { cancelButtonCodec, type CancelButton } from "../../src/custom-ids/cancel-button-id.js";

const UUID = "2b5c5d2e-5f4b-4f1e-9a55-0c1a2b3c4d5e";
const ALICE = "123456789012345678";

describe("cancel button ids", () => {
  test.each<[CancelButton, string]>([
    [{ jobId: UUID, requesterId: ALICE }, `cancel:${UUID}:${ALICE}`],
    [
      { jobId: "j".repeat(64), requesterId: "18446744073709551615" },
      `cancel:${"j".repeat(64)}:18446744073709551615`,
    ],
  ])("%j is encoded as %s, within 100 characters, and decoded back", (button, customId) => {
    expect(cancelButtonCodec.encode(button)).toBe(customId);
    expect(customId.length).toBeLessThanOrEqual(100);
    expect(cancelButtonCodec.decode(customId)).toEqual(button);
  });

  test.each([
    "",
    "cancel",
    "cancel:",
    `cancel:${UUID}`,
    `cancel:${UUID}:`,
    `cancel:${UUID}:alice`,
    `cancel:${UUID}:${ALICE}:extra`,
    `cancel:a b:${ALICE}`,
    `cancel:${"j".repeat(65)}:${ALICE}`,
    `cancel:${UUID}:${"9".repeat(21)}`,
    `CANCEL:${UUID}:${ALICE}`,
    `imagine:r:${UUID}:${ALICE}`,
  ])("%j is not a cancel button (malformed or forged)", (customId) => {
    expect(cancelButtonCodec.decode(customId)).toBeNull();
  });

  test.each<CancelButton>([
    { jobId: "a:b", requesterId: ALICE },
    { jobId: UUID, requesterId: "<@1>" },
  ])("%j cannot be encoded", (button) => {
    expect(() => cancelButtonCodec.encode(button)).toThrow(RangeError);
  });
});
