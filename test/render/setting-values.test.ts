import { describe, expect, test } from "vitest";
import {
  changeLines,
  settingChanges,
  shownGuildSettings,
  shownMemberSettings,
} from "../../src/render/setting-values.js";

const ROLE = "300000000000000001";
const CHANNEL = "400000000000000001";

/** The shown value of one labelled setting. */
function valueOf(
  settings: { label: string; value: string | null }[],
  label: string,
): string | null | undefined {
  return settings.find((s) => s.label === label)?.value;
}

describe("shownGuildSettings", () => {
  test("shows each set value for people and every unset one as null", () => {
    const shown = shownGuildSettings({
      userMaxActive: 3,
      userCooldownMs: 90_000,
      bannedWords: ["gore", "blood"],
      allowedChannelIds: [CHANNEL],
      ageRestrictedOnly: true,
      defaultParameters: "--v 7",
      roleLimits: { [ROLE]: { userDailyImages: 20 } },
    });
    expect(valueOf(shown, "Jobs at once per member")).toBe("3");
    expect(valueOf(shown, "Cooldown between a member's prompts")).toBe("1 minute 30 seconds");
    expect(valueOf(shown, "Banned words")).toBe("`gore`, `blood`");
    expect(valueOf(shown, "Channels for /imagine")).toBe(`<#${CHANNEL}>`);
    expect(valueOf(shown, "Age-restricted channels only")).toBe("on");
    expect(valueOf(shown, "Default parameters")).toBe("`--v 7`");
    expect(valueOf(shown, `<@&${ROLE}>: Images per member per day`)).toBe("20");
    expect(valueOf(shown, "Jobs at once in this server")).toBeNull();
    expect(valueOf(shown, "Audit channel")).toBeNull();
  });

  test("a cooldown of 0 is shown as none", () => {
    expect(valueOf(shownGuildSettings({ userCooldownMs: 0 }), "Cooldown between a member's prompts")).toBe(
      "none",
    );
  });
});

describe("settingChanges", () => {
  test("lists only what differs, old → new, unset as 'not set'", () => {
    const before = shownGuildSettings({ userMaxActive: 3, enhance: true });
    const after = shownGuildSettings({ userMaxActive: 1, enhance: true, auditChannelId: CHANNEL });
    expect(changeLines(settingChanges(before, after))).toEqual([
      "**Jobs at once per member**: 3 → 1",
      `**Audit channel**: not set → <#${CHANNEL}>`,
    ]);
  });

  test("a role override removed is listed as going back to not set", () => {
    const before = shownGuildSettings({ roleLimits: { [ROLE]: { userMaxActive: 5 } } });
    const after = shownGuildSettings({});
    expect(changeLines(settingChanges(before, after))).toEqual([
      `**<@&${ROLE}>: Jobs at once per member**: 5 → not set`,
    ]);
  });

  test("member preferences: delivery and language shown in words", () => {
    const before = shownMemberSettings({});
    const after = shownMemberSettings({ delivery: "dm", language: "de", suffix: "--ar 16:9" });
    expect(changeLines(settingChanges(before, after))).toEqual([
      "**Suffix**: not set → `--ar 16:9`",
      "**Result delivery**: not set → by DM",
      "**Language**: not set → Deutsch",
    ]);
  });
});
