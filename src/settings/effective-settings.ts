/**
 * The settings in force for one member in one server: the owner's defaults (environment) under the server's
 * settings (`/imagine-config`), under the per-role overrides of the member's roles. Pure, so admission,
 * `/quota` and `/imagine-config show` all see the same values, each with where it comes from.
 */
import { SPEEDS, type Speed } from "../prompt/speed.js";
import type { Config } from "../config.js";
import type { GuildSettings, MemberLimits } from "./settings.js";

/** Where a value in force comes from: the server's settings, one of the member's roles, or the owner. */
export type SettingSource = "server" | "role" | "owner";

/** A value in force and where it comes from (`roleId` names the role when the source is `role`). */
export interface InForce<T> {
  readonly value: T;
  readonly source: SettingSource;
  readonly roleId?: string;
}

/** The owner's defaults, from the environment: what applies where a server set nothing. */
export interface OwnerDefaults {
  readonly userMaxActive: number;
  readonly userCooldownMs: number;
  /** `null`: no daily limit. */
  readonly userDailyImages: number | null;
  readonly guildMaxActive: number;
  /** Whether the owner configured Enhance factors (a server may turn Enhance off, never on without them). */
  readonly enhanceAvailable: boolean;
  readonly auditChannelId: string | null;
  /** Images only in age-restricted channels, where a server did not choose (AGE_RESTRICTED_ONLY). */
  readonly ageRestrictedOnly: boolean;
}

/** Every value in force for a member in a server (or in DMs, where only the owner's apply). */
export interface EffectiveSettings {
  readonly userMaxActive: InForce<number>;
  readonly userCooldownMs: InForce<number>;
  /** `null`: no daily limit. */
  readonly userDailyImages: InForce<number | null>;
  readonly guildMaxActive: InForce<number>;
  /** The speeds this member may use here (a role's, else the server's, else all); the server's runnable ones apply on top. */
  readonly speeds: InForce<readonly Speed[]>;
  /** The server's default speed; `null`: the account's own mode. */
  readonly speed: InForce<Speed | null>;
  /** The server's banned words; the owner's list always applies besides them. */
  readonly bannedWords: InForce<readonly string[]>;
  readonly auditChannelId: InForce<string | null>;
  /** Empty: every channel. */
  readonly allowedChannelIds: InForce<readonly string[]>;
  readonly ageRestrictedOnly: InForce<boolean>;
  /** Parameters added to every prompt unless it sets them; `""`: none. */
  readonly defaultParameters: InForce<string>;
  readonly enhance: InForce<boolean>;
}

/** The owner's defaults read from the configuration. */
export function ownerDefaults(
  config: Pick<
    Config,
    | "USER_MAX_ACTIVE_JOBS"
    | "USER_COOLDOWN_MS"
    | "USER_DAILY_IMAGES"
    | "GUILD_MAX_ACTIVE_JOBS"
    | "ENHANCE_FACTORS"
    | "AUDIT_CHANNEL_ID"
    | "AGE_RESTRICTED_ONLY"
  >,
): OwnerDefaults {
  return {
    userMaxActive: config.USER_MAX_ACTIVE_JOBS,
    userCooldownMs: config.USER_COOLDOWN_MS,
    userDailyImages: config.USER_DAILY_IMAGES === 0 ? null : config.USER_DAILY_IMAGES,
    guildMaxActive: config.GUILD_MAX_ACTIVE_JOBS,
    enhanceAvailable: config.ENHANCE_FACTORS.length > 0,
    auditChannelId: config.AUDIT_CHANNEL_ID ?? null,
    ageRestrictedOnly: config.AGE_RESTRICTED_ONLY === "on",
  };
}

/** How a role's value compares: the most generous of a member's roles wins. */
const MORE_GENEROUS: { [K in keyof MemberLimits]-?: (a: number, b: number) => boolean } = {
  userMaxActive: (a, b) => a > b,
  userCooldownMs: (a, b) => a < b,
  userDailyImages: (a, b) => a > b,
};

/**
 * The value of one member limit: the most generous of the member's roles that set it, else the server's,
 * else the owner's.
 */
function memberLimit<K extends keyof MemberLimits, O>(
  key: K,
  owner: O,
  server: GuildSettings,
  roleIds: readonly string[],
): InForce<number | O> {
  let best: InForce<number> | undefined;
  for (const roleId of roleIds) {
    const value = server.roleLimits?.[roleId]?.[key];
    if (value === undefined) continue;
    if (!best || MORE_GENEROUS[key](value, best.value)) best = { value, source: "role", roleId };
  }
  if (best) return best;
  const set = server[key];
  return set === undefined ? { value: owner, source: "owner" } : { value: set, source: "server" };
}

/** The speeds of the member's roles that have some (all of them together), else the server's, else all. */
function roleSpeeds(server: GuildSettings, roleIds: readonly string[]): InForce<readonly Speed[]> {
  const byRole = roleIds.flatMap((id) => server.roleSpeeds?.[id] ?? []);
  const roleId = roleIds.find((id) => server.roleSpeeds?.[id] !== undefined);
  if (roleId !== undefined)
    return { value: SPEEDS.filter((s) => byRole.includes(s)), source: "role", roleId };
  return serverOr<readonly Speed[]>(server.speeds, SPEEDS);
}

/** The server's value when it set one, else the owner's. */
function serverOr<T>(set: T | undefined, owner: T): InForce<T> {
  return set === undefined ? { value: owner, source: "owner" } : { value: set, source: "server" };
}

/**
 * The settings in force for a member with `roleIds` in a server with `server` settings. In DMs pass `{}`
 * and no roles: only the owner's defaults apply there.
 */
export function effectiveSettings(
  owner: OwnerDefaults,
  server: GuildSettings,
  roleIds: readonly string[] = [],
): EffectiveSettings {
  return {
    userMaxActive: memberLimit("userMaxActive", owner.userMaxActive, server, roleIds) as InForce<number>,
    userCooldownMs: memberLimit("userCooldownMs", owner.userCooldownMs, server, roleIds) as InForce<number>,
    userDailyImages: memberLimit("userDailyImages", owner.userDailyImages, server, roleIds),
    guildMaxActive: serverOr(server.guildMaxActive, owner.guildMaxActive),
    speeds: roleSpeeds(server, roleIds),
    speed: serverOr<Speed | null>(server.speed, null),
    bannedWords: serverOr<readonly string[]>(server.bannedWords, []),
    auditChannelId: serverOr<string | null>(server.auditChannelId, owner.auditChannelId),
    allowedChannelIds: serverOr<readonly string[]>(server.allowedChannelIds, []),
    ageRestrictedOnly: serverOr(server.ageRestrictedOnly, owner.ageRestrictedOnly),
    defaultParameters: serverOr(server.defaultParameters, ""),
    // Without the owner's factors there is nothing to offer, whatever the server says.
    enhance: owner.enhanceAvailable ? serverOr(server.enhance, true) : { value: false, source: "owner" },
  };
}
