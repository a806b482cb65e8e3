import { describe, expect, test } from "vitest";
import { parseConfig } from "../../src/config.js";
import {
  effectiveSettings,
  ownerDefaults,
  type OwnerDefaults,
} from "../../src/settings/effective-settings.js";
import type { GuildSettings } from "../../src/settings/settings.js";

const owner: OwnerDefaults = {
  userMaxActive: 2,
  userCooldownMs: 10_000,
  userDailyImages: null,
  guildMaxActive: 10,
  enhanceAvailable: true,
  auditChannelId: "1000000000000000099",
  ageRestrictedOnly: false,
};

const BASE = { DISCORD_TOKEN: "t", IMAGINE_API_URL: "http://127.0.0.1:1", IMAGINE_API_TOKEN: "k" };
const SUPPORTER = "1000000000000000001";
const PATRON = "1000000000000000002";
const OTHER = "1000000000000000003";

const server: GuildSettings = {
  userMaxActive: 1,
  userCooldownMs: 30_000,
  userDailyImages: 5,
  roleLimits: {
    [SUPPORTER]: { userDailyImages: 20, userMaxActive: 3 },
    [PATRON]: { userDailyImages: 50, userCooldownMs: 0 },
  },
};

describe("owner defaults", () => {
  test("come from the environment; a daily limit of 0 means none and Enhance needs factors", () => {
    const base = {
      DISCORD_TOKEN: "t",
      IMAGINE_API_URL: "http://127.0.0.1:1",
      IMAGINE_API_TOKEN: "k",
    };
    expect(ownerDefaults(parseConfig(base))).toEqual({
      userMaxActive: 2,
      userCooldownMs: 10_000,
      userDailyImages: null,
      guildMaxActive: 10,
      enhanceAvailable: false,
      auditChannelId: null,
      ageRestrictedOnly: false,
    });
    expect(
      ownerDefaults(parseConfig({ ...base, USER_DAILY_IMAGES: "7", ENHANCE_FACTORS: "2x" })),
    ).toMatchObject({ userDailyImages: 7, enhanceAvailable: true });
  });
});

describe("effective settings", () => {
  test("the owner's age-restricted-only rule holds where a server did not choose; a server's own choice wins", () => {
    const strict = { ...owner, ageRestrictedOnly: true };
    expect(effectiveSettings(strict, {}).ageRestrictedOnly).toEqual({ value: true, source: "owner" });
    expect(effectiveSettings(strict, { ageRestrictedOnly: false }).ageRestrictedOnly).toEqual({
      value: false,
      source: "server",
    });
    expect(ownerDefaults(parseConfig({ ...BASE, AGE_RESTRICTED_ONLY: "on" })).ageRestrictedOnly).toBe(true);
  });

  test("a server that set nothing gets every owner default, marked as the owner's", () => {
    expect(effectiveSettings(owner, {})).toEqual({
      userMaxActive: { value: 2, source: "owner" },
      userCooldownMs: { value: 10_000, source: "owner" },
      userDailyImages: { value: null, source: "owner" },
      guildMaxActive: { value: 10, source: "owner" },
      speeds: { value: ["fast", "turbo", "relax"], source: "owner" },
      speed: { value: null, source: "owner" },
      bannedWords: { value: [], source: "owner" },
      auditChannelId: { value: "1000000000000000099", source: "owner" },
      allowedChannelIds: { value: [], source: "owner" },
      ageRestrictedOnly: { value: false, source: "owner" },
      defaultParameters: { value: "", source: "owner" },
      enhance: { value: true, source: "owner" },
    });
  });

  test("every server setting replaces the owner's default, marked as the server's", () => {
    const all: GuildSettings = {
      ...server,
      guildMaxActive: 4,
      bannedWords: ["kraken"],
      auditChannelId: "1000000000000000098",
      allowedChannelIds: ["1000000000000000097"],
      ageRestrictedOnly: true,
      defaultParameters: "--ar 16:9",
      enhance: false,
    };
    const settings = effectiveSettings(owner, all);
    for (const [key, value] of Object.entries(all)) {
      if (key === "roleLimits") continue;
      expect(settings[key as keyof typeof settings]).toEqual({ value, source: "server" });
    }
  });

  test.each([
    ["no roles", [], { userMaxActive: 1, userCooldownMs: 30_000, userDailyImages: 5 }, "server"],
    [
      "a role without overrides",
      [OTHER],
      { userMaxActive: 1, userCooldownMs: 30_000, userDailyImages: 5 },
      "server",
    ],
    [
      "one overriding role",
      [SUPPORTER],
      { userMaxActive: 3, userCooldownMs: 30_000, userDailyImages: 20 },
      "role",
    ],
    [
      "two roles: the most generous of each",
      [SUPPORTER, PATRON],
      { userMaxActive: 3, userCooldownMs: 0, userDailyImages: 50 },
      "role",
    ],
    [
      "the same two roles in the other order",
      [PATRON, SUPPORTER],
      { userMaxActive: 3, userCooldownMs: 0, userDailyImages: 50 },
      "role",
    ],
  ] as const)("a member with %s gets the limits of their roles", (_what, roles, expected, dailySource) => {
    const settings = effectiveSettings(owner, server, roles);
    expect({
      userMaxActive: settings.userMaxActive.value,
      userCooldownMs: settings.userCooldownMs.value,
      userDailyImages: settings.userDailyImages.value,
    }).toEqual(expected);
    expect(settings.userDailyImages.source).toBe(dailySource);
  });

  test("a role's override names the role it comes from", () => {
    const settings = effectiveSettings(owner, server, [SUPPORTER, PATRON]);
    expect(settings.userDailyImages).toEqual({ value: 50, source: "role", roleId: PATRON });
    expect(settings.userMaxActive).toEqual({ value: 3, source: "role", roleId: SUPPORTER });
  });

  test("a role override applies where the server set nothing for that limit", () => {
    const settings = effectiveSettings(owner, { roleLimits: { [SUPPORTER]: { userDailyImages: 20 } } }, [
      SUPPORTER,
    ]);
    expect(settings.userDailyImages).toEqual({ value: 20, source: "role", roleId: SUPPORTER });
    expect(settings.userMaxActive).toEqual({ value: 2, source: "owner" });
  });

  test.each([
    [true, undefined, { value: true, source: "owner" }],
    [true, false, { value: false, source: "server" }],
    [false, true, { value: false, source: "owner" }],
    [false, undefined, { value: false, source: "owner" }],
  ] as const)(
    "with owner factors %s and the server's Enhance setting %s, Enhance is %o",
    (available, set, expected) => {
      const settings = effectiveSettings(
        { ...owner, enhanceAvailable: available },
        set === undefined ? {} : { enhance: set },
      );
      expect(settings.enhance).toEqual(expected);
    },
  );
});

const ROLE_A = "810000000000000001";
const ROLE_B = "810000000000000002";

describe("speeds in force", () => {
  const server: GuildSettings = {
    speed: "turbo",
    speeds: ["fast", "turbo"],
    roleSpeeds: { [ROLE_A]: ["relax"], [ROLE_B]: ["fast", "relax"] },
  };

  test.each<[string, string[], string[], string]>([
    ["no role with speeds: the server's", [], ["fast", "turbo"], "server"],
    ["one role with speeds: that role's", [ROLE_A], ["relax"], "role"],
    ["several roles with speeds: all of theirs", [ROLE_A, ROLE_B], ["fast", "relax"], "role"],
  ])("%s", (_what, roleIds, speeds, source) => {
    const settings = effectiveSettings(owner, server, roleIds);
    expect(settings.speeds).toMatchObject({ value: speeds, source });
    expect(settings.speed).toEqual({ value: "turbo", source: "server" });
  });

  test("a server that set no speeds allows all three, with no default", () => {
    expect(effectiveSettings(owner, {}).speeds.value).toEqual(["fast", "turbo", "relax"]);
    expect(effectiveSettings(owner, {}).speed.value).toBeNull();
  });
});
