import { describe, expect, test } from "vitest";
import {
  checkUsage,
  DEFAULT_USAGE_LIMITS,
  resolveUsageLimits,
  type ActiveJobRef,
  type UsageInput,
  type UsageLimits,
} from "../../src/moderation/usage-limits.js";

const USER = "111111111111111111";
const OTHER = "222222222222222222";
const GUILD = "900000000000000001";
const OTHER_GUILD = "900000000000000002";
const NOW = 1_714_557_600_000;
const LIMITS: UsageLimits = { userMaxActive: 2, userCooldownMs: 10_000, guildMaxActive: 3 };

function jobs(count: number, requesterId: string, guildId: string | null): ActiveJobRef[] {
  return Array.from({ length: count }, () => ({ requesterId, guildId }));
}

function input(overrides: Partial<UsageInput> = {}): UsageInput {
  return {
    userId: USER,
    guildId: GUILD,
    isModerator: false,
    now: NOW,
    activeJobs: [],
    lastSubmissionAt: undefined,
    limits: LIMITS,
    ...overrides,
  };
}

describe("checkUsage", () => {
  test.each<[string, Partial<UsageInput>, "ok" | "user-active" | "cooldown" | "guild-active"]>([
    ["a first request with nothing running", {}, "ok"],
    ["one job running, below the user limit", { activeJobs: jobs(1, USER, GUILD) }, "ok"],
    ["the user at their limit", { activeJobs: jobs(2, USER, GUILD) }, "user-active"],
    [
      "the user's jobs in other servers and DMs",
      { activeJobs: [...jobs(1, USER, OTHER_GUILD), ...jobs(1, USER, null)] },
      "user-active",
    ],
    ["other users' jobs below the server limit", { activeJobs: jobs(2, OTHER, GUILD) }, "ok"],
    ["the server at its limit", { activeJobs: jobs(3, OTHER, GUILD) }, "guild-active"],
    ["another server at its limit", { activeJobs: jobs(3, OTHER, OTHER_GUILD) }, "ok"],
    ["a DM while every server is full", { guildId: null, activeJobs: jobs(3, OTHER, GUILD) }, "ok"],
    [
      "a DM while the user is at their limit",
      { guildId: null, activeJobs: jobs(2, USER, null) },
      "user-active",
    ],
    ["a DM during the cooldown", { guildId: null, lastSubmissionAt: NOW - 1 }, "cooldown"],
    ["one millisecond before the cooldown ends", { lastSubmissionAt: NOW - 9_999 }, "cooldown"],
    ["exactly when the cooldown ends", { lastSubmissionAt: NOW - 10_000 }, "ok"],
    ["long after the last submission", { lastSubmissionAt: NOW - 3_600_000 }, "ok"],
    ["a disabled cooldown", { lastSubmissionAt: NOW, limits: { ...LIMITS, userCooldownMs: 0 } }, "ok"],
    ["a moderator at the user limit", { isModerator: true, activeJobs: jobs(2, USER, GUILD) }, "ok"],
    ["a moderator during the cooldown", { isModerator: true, lastSubmissionAt: NOW - 1 }, "ok"],
    [
      "a moderator when the server is full",
      { isModerator: true, activeJobs: jobs(3, OTHER, GUILD) },
      "guild-active",
    ],
    [
      "a user at their limit in a full server (their own limit is named)",
      { activeJobs: [...jobs(2, USER, GUILD), ...jobs(1, OTHER, GUILD)] },
      "user-active",
    ],
    [
      "a user in cooldown in a full server (the cooldown is named)",
      { lastSubmissionAt: NOW - 1, activeJobs: jobs(3, OTHER, GUILD) },
      "cooldown",
    ],
    [
      "unlimited server jobs",
      { activeJobs: jobs(50, OTHER, GUILD), limits: { ...LIMITS, guildMaxActive: Infinity } },
      "ok",
    ],
  ])("decides %s", (_name, overrides, expected) => {
    const decision = checkUsage(input(overrides));
    expect(decision.ok ? "ok" : decision.code).toBe(expected);
  });

  test("uses the default limits for values left out", () => {
    const base = input({ limits: {} });
    expect(checkUsage({ ...base, activeJobs: jobs(1, USER, GUILD) }).ok).toBe(true);
    expect(checkUsage({ ...base, activeJobs: jobs(2, USER, GUILD) })).toMatchObject({
      code: "user-active",
    });
    expect(checkUsage({ ...base, lastSubmissionAt: NOW - 9_999 })).toMatchObject({ code: "cooldown" });
    expect(checkUsage({ ...base, activeJobs: jobs(9, OTHER, GUILD) }).ok).toBe(true);
    expect(checkUsage({ ...base, activeJobs: jobs(10, OTHER, GUILD) })).toMatchObject({
      code: "guild-active",
    });
    expect(DEFAULT_USAGE_LIMITS).toEqual({ userMaxActive: 2, userCooldownMs: 10_000, guildMaxActive: 10 });
  });

  test("tells a user in cooldown how long the cooldown is and when they can try again", () => {
    const decision = checkUsage(input({ lastSubmissionAt: NOW - 1_500 }));
    expect(decision).toEqual({
      ok: false,
      code: "cooldown",
      cooldownMs: 10_000,
      retryAt: NOW + 8_500,
      remainingMs: 8_500,
    });
  });

  test.each([1, 2])("tells a user at a limit of %i how many they have running and the limit", (limit) => {
    const decision = checkUsage(
      input({ activeJobs: jobs(limit, USER, GUILD), limits: { ...LIMITS, userMaxActive: limit } }),
    );
    expect(decision).toEqual({ ok: false, code: "user-active", active: limit, limit });
  });

  test("tells a member of a full server how many run there and the limit", () => {
    const decision = checkUsage(input({ activeJobs: jobs(3, OTHER, GUILD) }));
    expect(decision).toEqual({ ok: false, code: "guild-active", active: 3, limit: 3 });
  });

  test("ignores a last submission that is not a valid time", () => {
    expect(checkUsage(input({ lastSubmissionAt: Number.NaN })).ok).toBe(true);
  });

  test.each<[string, Partial<UsageLimits> | undefined, number]>([
    ["userMaxActive", { userMaxActive: 0 }, NOW],
    ["userMaxActive", { userMaxActive: 1.5 }, NOW],
    ["userCooldownMs", { userCooldownMs: -1 }, NOW],
    ["guildMaxActive", { guildMaxActive: Number.NaN }, NOW],
    ["now", undefined, Number.NaN],
  ])("refuses an invalid %s with a clear error", (name, limits, now) => {
    expect(() => checkUsage(input({ now, ...(limits ? { limits: { ...LIMITS, ...limits } } : {}) }))).toThrow(
      new RegExp(`^${name} |usage limit ${name} `),
    );
  });

  test("resolveUsageLimits fills in defaults and keeps given values", () => {
    expect(resolveUsageLimits({ guildMaxActive: 4 })).toEqual({ ...DEFAULT_USAGE_LIMITS, guildMaxActive: 4 });
  });
});
