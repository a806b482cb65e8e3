/**
 * What moderators set for their server (`/imagine-config`) and members for themselves (`/settings`), as
 * stored. Every field is optional: a missing one means "not set here", so the owner's default (environment)
 * applies. Stored values are parsed with these schemas when read: nothing unverified is believed.
 */
import { z } from "zod";
import { LANGUAGES } from "../i18n/languages.js";
import { SPEEDS } from "../prompt/speed.js";
import { stylesSchema } from "./styles.js";

const snowflake = z.string().regex(/^\d{17,20}$/);
const count = z.number().int().min(1);

/** Limits a server may set for its members, and a role may override. */
export const memberLimitsSchema = z.object({
  /** Jobs one member may have in flight at once. */
  userMaxActive: count.optional(),
  /** Time from a member's last accepted submission until the next (ms); 0 disables it. */
  userCooldownMs: z.number().int().min(0).optional(),
  /** Images one member may start per day (UTC) in this server. */
  userDailyImages: count.optional(),
});
export type MemberLimits = z.infer<typeof memberLimitsSchema>;

/** One server's settings (`/imagine-config`). */
export const guildSettingsSchema = memberLimitsSchema.extend({
  /** Jobs the whole server may have in flight at once. */
  guildMaxActive: count.optional(),
  /** Per-role overrides of the member limits, keyed by role id. A member with several roles gets the most generous. */
  roleLimits: z.record(snowflake, memberLimitsSchema).optional(),
  /** Words refused in this server, on top of the owner's list. */
  bannedWords: z.array(z.string().min(1)).optional(),
  /** Where this server's submissions, refusals, outcomes and setting changes are posted. */
  auditChannelId: snowflake.optional(),
  /** The channels `/imagine` may be used in; absent or empty: all. */
  allowedChannelIds: z.array(snowflake).optional(),
  /** Prompts and results only in age-restricted channels. */
  ageRestrictedOnly: z.boolean().optional(),
  /** Parameters added to every prompt in this server (e.g. `--ar 16:9`), unless the prompt sets them. */
  defaultParameters: z.string().optional(),
  /** Whether Enhance buttons are offered here (only when the owner configured factors). */
  enhance: z.boolean().optional(),
  /** The speed of every prompt here that names none and whose member chose none (`--fast`, …). */
  speed: z.enum(SPEEDS).optional(),
  /** The speeds members may use here; absent: all the server can run. */
  speeds: z.array(z.enum(SPEEDS)).optional(),
  /** Per-role speeds, keyed by role id: a member with such roles may use the speeds of any of them. */
  roleSpeeds: z.record(snowflake, z.array(z.enum(SPEEDS))).optional(),
  /** Named texts a member may add to a prompt with `/imagine`'s `style` option (see `styles.ts`). */
  styles: stylesSchema.optional(),
});
export type GuildSettings = z.infer<typeof guildSettingsSchema>;

/** One member's preferences (`/settings`), the same in every server and in DMs. */
export const memberSettingsSchema = z.object({
  /** Appended to every prompt (like Midjourney's `/prefer suffix`). */
  suffix: z.string().optional(),
  /** Default aspect ratio (`16:9`), used when the prompt sets none. */
  aspectRatio: z.string().optional(),
  /** Where results are posted: in the channel (default) or by DM. */
  delivery: z.enum(["channel", "dm"]).optional(),
  /** The language the bot answers this member in, over Discord's locale. */
  language: z.enum(LANGUAGES).optional(),
  /** The speed of the member's prompts that name none, where the server allows it. */
  speed: z.enum(SPEEDS).optional(),
});
export type MemberSettings = z.infer<typeof memberSettingsSchema>;

/** A change applied by {@link SettingsStore}: the settings before and after it. */
export interface SettingsChange<T> {
  before: T;
  after: T;
}

/**
 * Where server and member settings are kept: on the same database connection as the jobs (SQLite or
 * Postgres). Reads return `{}` for nothing set. Updates are atomic: `change` gets the current settings and
 * returns the new ones, and concurrent updates (also from other processes) never lose one another.
 */
export interface SettingsStore {
  guild(guildId: string): Promise<GuildSettings>;
  updateGuild(
    guildId: string,
    change: (current: GuildSettings) => GuildSettings,
  ): Promise<SettingsChange<GuildSettings>>;
  /** Removes every setting of the server; returns what was set. */
  resetGuild(guildId: string): Promise<GuildSettings>;
  member(userId: string): Promise<MemberSettings>;
  updateMember(
    userId: string,
    change: (current: MemberSettings) => MemberSettings,
  ): Promise<SettingsChange<MemberSettings>>;
  /** Removes every preference of the member; returns what was set. */
  resetMember(userId: string): Promise<MemberSettings>;
}
