import { describe, expect, test } from "vitest";
import { applyMemberEdit } from "../../src/settings/member-edits.js";

describe("applyMemberEdit", () => {
  test("sets one preference and keeps the others", () => {
    expect(applyMemberEdit({ suffix: "--v 6" }, { key: "delivery", value: "dm" })).toEqual({
      suffix: "--v 6",
      delivery: "dm",
    });
  });

  test("null clears a preference (back to the default)", () => {
    expect(applyMemberEdit({ suffix: "--v 6", language: "ja" }, { key: "language", value: null })).toEqual({
      suffix: "--v 6",
    });
  });
});
