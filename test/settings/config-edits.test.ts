import { describe, expect, test } from "vitest";
import { applyConfigEdit } from "../../src/settings/config-edits.js";

const ROLE = "300000000000000001";
const OTHER_ROLE = "300000000000000002";
const CHANNEL = "400000000000000001";

describe("applyConfigEdit", () => {
  test("set limits changes only the limits given", () => {
    expect(
      applyConfigEdit(
        { userMaxActive: 3, enhance: false },
        { kind: "set-limits", limits: { userCooldownMs: 0 } },
      ),
    ).toEqual({ userMaxActive: 3, userCooldownMs: 0, enhance: false });
  });

  test.each([
    ["one limit", "userMaxActive", { userCooldownMs: 5000, guildMaxActive: 4 }],
    ["all limits", "all", {}],
  ] as const)("clear %s goes back to the owner's defaults", (_name, which, expected) => {
    const current = { userMaxActive: 1, userCooldownMs: 5000, guildMaxActive: 4 };
    expect(applyConfigEdit(current, { kind: "clear-limits", which })).toEqual(expected);
  });

  test("a role override merges with what the role had, and clearing the last role removes the map", () => {
    const first = applyConfigEdit(
      {},
      { kind: "set-role-limits", roleId: ROLE, limits: { userMaxActive: 5 } },
    );
    const second = applyConfigEdit(first, {
      kind: "set-role-limits",
      roleId: ROLE,
      limits: { userDailyImages: 20 },
    });
    expect(second).toEqual({ roleLimits: { [ROLE]: { userMaxActive: 5, userDailyImages: 20 } } });
    const two = applyConfigEdit(second, {
      kind: "set-role-limits",
      roleId: OTHER_ROLE,
      limits: { userMaxActive: 1 },
    });
    expect(applyConfigEdit(two, { kind: "clear-role-limits", roleId: ROLE })).toEqual({
      roleLimits: { [OTHER_ROLE]: { userMaxActive: 1 } },
    });
    expect(applyConfigEdit(second, { kind: "clear-role-limits", roleId: ROLE })).toEqual({});
  });

  test("banned words are added once each (any case or accent), comma-separated, and removed the same way", () => {
    const added = applyConfigEdit(
      { bannedWords: ["gore"] },
      { kind: "add-banned-words", words: "GORE, blood, dark_magic" },
    );
    expect(added.bannedWords).toEqual(["gore", "blood", "dark_magic"]);
    const removed = applyConfigEdit(added, { kind: "remove-banned-words", words: "Blood, dark magic" });
    expect(removed.bannedWords).toEqual(["gore"]);
    expect(applyConfigEdit(removed, { kind: "remove-banned-words", words: "gore" })).toEqual({});
  });

  test("channels: none selected means all (the setting is removed), duplicates merged", () => {
    const set = applyConfigEdit({}, { kind: "allowed-channels", channelIds: [CHANNEL, CHANNEL] });
    expect(set).toEqual({ allowedChannelIds: [CHANNEL] });
    expect(applyConfigEdit(set, { kind: "allowed-channels", channelIds: [] })).toEqual({});
  });

  test.each([
    [{ kind: "audit-channel", channelId: CHANNEL }, { auditChannelId: CHANNEL }],
    [{ kind: "age-restricted-only", enabled: false }, { ageRestrictedOnly: false }],
    [{ kind: "default-parameters", parameters: "--v 7" }, { defaultParameters: "--v 7" }],
    [{ kind: "enhance", enabled: true }, { enhance: true }],
  ] as const)("%j", (edit, expected) => {
    expect(applyConfigEdit({}, edit)).toEqual(expected);
  });

  test("clearing the audit channel and default parameters removes them", () => {
    const current = { auditChannelId: CHANNEL, defaultParameters: "--v 7" };
    const cleared = applyConfigEdit(current, { kind: "audit-channel", channelId: null });
    expect(applyConfigEdit(cleared, { kind: "default-parameters", parameters: null })).toEqual({});
  });
});
