/**
 * Settings as people read them: each setting under its label with its value shown (mentions, durations,
 * lists), so a change can be told as "old → new" by comparing what is shown before and after.
 */
import type { GuildSettings, MemberLimits, MemberSettings } from "../settings/settings.js";
import { LANGUAGE_NAMES } from "../i18n/languages.js";
import { english } from "../i18n/translate.js";
import { formatDuration } from "./format.js";
import { truncate } from "./limits.js";
import { escapeMarkdown, inlineCode } from "./markdown.js";

/** One setting as shown: its label and its value, `null` when not set. */
export interface ShownSetting {
  readonly label: string;
  readonly value: string | null;
}

/** Shown for a setting that is not set where it is shown. */
export const NOT_SET = "not set";

/** The labels of the limits a server sets and a role overrides. */
export const LIMIT_LABELS = {
  userMaxActive: "Jobs at once per member",
  userCooldownMs: "Cooldown between a member's prompts",
  userDailyImages: "Images per member per day",
  guildMaxActive: "Jobs at once in this server",
} as const;

const onOff = (value: boolean | undefined) => (value === undefined ? null : value ? "on" : "off");
const count = (value: number | undefined) => (value === undefined ? null : String(value));
/** A cooldown for people: `none` for 0, else a duration. */
export const formatCooldown = (ms: number): string => (ms === 0 ? "none" : formatDuration(english, ms));
const cooldown = (value: number | undefined) => (value === undefined ? null : formatCooldown(value));
const code = (value: string | undefined) => (value === undefined ? null : inlineCode(truncate(value, 300)));
const list = (values: readonly string[] | undefined, show: (v: string) => string) =>
  values === undefined || values.length === 0 ? null : truncate(values.map(show).join(", "), 900);

function memberLimitSettings(limits: MemberLimits, labelPrefix = ""): ShownSetting[] {
  return [
    { label: `${labelPrefix}${LIMIT_LABELS.userMaxActive}`, value: count(limits.userMaxActive) },
    { label: `${labelPrefix}${LIMIT_LABELS.userCooldownMs}`, value: cooldown(limits.userCooldownMs) },
    { label: `${labelPrefix}${LIMIT_LABELS.userDailyImages}`, value: count(limits.userDailyImages) },
  ];
}

/** A server's settings as set there, every setting listed (unset ones `null`), role overrides per role. */
export function shownGuildSettings(settings: GuildSettings): ShownSetting[] {
  const roles = Object.entries(settings.roleLimits ?? {}).flatMap(([roleId, limits]) =>
    memberLimitSettings(limits, `<@&${roleId}>: `),
  );
  return [
    ...memberLimitSettings(settings),
    { label: LIMIT_LABELS.guildMaxActive, value: count(settings.guildMaxActive) },
    ...roles,
    { label: "Banned words", value: list(settings.bannedWords, (w) => inlineCode(w)) },
    { label: "Audit channel", value: settings.auditChannelId ? `<#${settings.auditChannelId}>` : null },
    { label: "Channels for /imagine", value: list(settings.allowedChannelIds, (id) => `<#${id}>`) },
    { label: "Age-restricted channels only", value: onOff(settings.ageRestrictedOnly) },
    { label: "Default parameters", value: code(settings.defaultParameters) },
    { label: "Enhance buttons", value: onOff(settings.enhance) },
  ];
}

/** A member's preferences, every one listed (unset ones `null`). */
export function shownMemberSettings(settings: MemberSettings): ShownSetting[] {
  return [
    { label: "Suffix", value: code(settings.suffix) },
    { label: "Default aspect ratio", value: code(settings.aspectRatio) },
    {
      label: "Result delivery",
      value: settings.delivery === undefined ? null : settings.delivery === "dm" ? "by DM" : "in the channel",
    },
    {
      label: "Language",
      value: settings.language === undefined ? null : escapeMarkdown(LANGUAGE_NAMES[settings.language]),
    },
  ];
}

/** One setting that differs: what was shown before and what is shown after. */
export interface SettingChange {
  readonly label: string;
  readonly before: string | null;
  readonly after: string | null;
}

/** The settings whose shown value differs between `before` and `after`, in the order of `after`. */
export function settingChanges(
  before: readonly ShownSetting[],
  after: readonly ShownSetting[],
): SettingChange[] {
  const old = new Map(before.map((s) => [s.label, s.value]));
  const changes: SettingChange[] = after
    .filter((s) => (old.get(s.label) ?? null) !== s.value)
    .map((s) => ({ label: s.label, before: old.get(s.label) ?? null, after: s.value }));
  const kept = new Set(after.map((s) => s.label));
  for (const s of before) {
    if (!kept.has(s.label) && s.value !== null)
      changes.push({ label: s.label, before: s.value, after: null });
  }
  return changes;
}

/** `**Label**: old → new`, one line per change; unset values as {@link NOT_SET}. */
export function changeLines(changes: readonly SettingChange[]): string[] {
  return changes.map((c) => `**${c.label}**: ${c.before ?? NOT_SET} → ${c.after ?? NOT_SET}`);
}
