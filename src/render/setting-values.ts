/**
 * Settings as people read them: each setting under its label with its value shown (mentions, durations,
 * lists), so a change can be told as "old → new" by comparing what is shown before and after.
 */
import type { GuildSettings, MemberLimits, MemberSettings } from "../settings/settings.js";
import { LANGUAGE_NAMES } from "../i18n/languages.js";
import { english, type Translator } from "../i18n/translate.js";
import { formatDuration } from "./format.js";
import { truncate } from "./limits.js";
import { escapeMarkdown, inlineCode } from "./markdown.js";

/** One setting as shown: its label and its value, `null` when not set. */
export interface ShownSetting {
  readonly label: string;
  readonly value: string | null;
}

/** `on`/`off` in `t`'s language. */
export const onOffText = (t: Translator, on: boolean): string => t(on ? "setting.on" : "setting.off");
const onOff = (t: Translator, value: boolean | undefined) =>
  value === undefined ? null : onOffText(t, value);
const count = (value: number | undefined) => (value === undefined ? null : String(value));
/** A cooldown for people: `none` for 0, else a duration (in `t`'s language; English by default). */
export const formatCooldown = (ms: number, t: Translator = english): string =>
  ms === 0 ? t("setting.none") : formatDuration(t, ms);
const cooldown = (t: Translator, value: number | undefined) =>
  value === undefined ? null : formatCooldown(value, t);
const code = (value: string | undefined) => (value === undefined ? null : inlineCode(truncate(value, 300)));
const speedCode = (speed: string | undefined) => (speed === undefined ? null : inlineCode(`--${speed}`));
const list = (values: readonly string[] | undefined, show: (v: string) => string) =>
  values === undefined || values.length === 0 ? null : truncate(values.map(show).join(", "), 900);

function memberLimitSettings(t: Translator, limits: MemberLimits, labelPrefix = ""): ShownSetting[] {
  return [
    { label: `${labelPrefix}${t("setting.userMaxActive")}`, value: count(limits.userMaxActive) },
    { label: `${labelPrefix}${t("setting.userCooldownMs")}`, value: cooldown(t, limits.userCooldownMs) },
    { label: `${labelPrefix}${t("setting.userDailyImages")}`, value: count(limits.userDailyImages) },
  ];
}

/**
 * A server's settings as set there, every setting listed (unset ones `null`), role overrides per role, in
 * `t`'s language (English by default, as the audit channel shows them).
 */
export function shownGuildSettings(settings: GuildSettings, t: Translator = english): ShownSetting[] {
  const roles = Object.entries(settings.roleLimits ?? {}).flatMap(([roleId, limits]) =>
    memberLimitSettings(t, limits, `<@&${roleId}>: `),
  );
  return [
    ...memberLimitSettings(t, settings),
    { label: t("setting.guildMaxActive"), value: count(settings.guildMaxActive) },
    ...roles,
    { label: t("setting.bannedWords"), value: list(settings.bannedWords, (w) => inlineCode(w)) },
    {
      label: t("setting.auditChannel"),
      value: settings.auditChannelId ? `<#${settings.auditChannelId}>` : null,
    },
    { label: t("setting.allowedChannels"), value: list(settings.allowedChannelIds, (id) => `<#${id}>`) },
    { label: t("setting.ageRestrictedOnly"), value: onOff(t, settings.ageRestrictedOnly) },
    { label: t("setting.defaultParameters"), value: code(settings.defaultParameters) },
    { label: t("setting.enhance"), value: onOff(t, settings.enhance) },
    { label: t("setting.speed"), value: speedCode(settings.speed) },
    { label: t("setting.speeds"), value: list(settings.speeds, (s) => inlineCode(`--${s}`)) },
    ...Object.entries(settings.roleSpeeds ?? {}).map(([roleId, speeds]) => ({
      label: `<@&${roleId}>: ${t("setting.speeds")}`,
      value: speeds.length === 0 ? t("setting.none") : speeds.map((s) => inlineCode(`--${s}`)).join(", "),
    })),
    ...(settings.styles ?? []).map((style) => ({
      label: t("setting.style", { name: escapeMarkdown(style.name) }),
      value: code(style.text),
    })),
  ];
}

/** The label and the value shown when it is not set, of each member preference (`/settings show`). */
export const MEMBER_DEFAULTS = [
  ["setting.suffix", "settings.show.defaultSuffix"],
  ["setting.aspectRatio", "settings.show.defaultAspectRatio"],
  ["setting.delivery", "settings.show.defaultDelivery"],
  ["setting.language", "settings.show.defaultLanguage"],
  ["setting.speed", "settings.show.defaultSpeed"],
] as const;

/** A member's preferences, every one listed (unset ones `null`), in `t`'s language (English by default). */
export function shownMemberSettings(settings: MemberSettings, t: Translator = english): ShownSetting[] {
  const delivery = settings.delivery === "dm" ? t("setting.byDm") : t("setting.inChannel");
  return [
    { label: t("setting.suffix"), value: code(settings.suffix) },
    { label: t("setting.aspectRatio"), value: code(settings.aspectRatio) },
    { label: t("setting.delivery"), value: settings.delivery === undefined ? null : delivery },
    {
      label: t("setting.language"),
      value: settings.language === undefined ? null : escapeMarkdown(LANGUAGE_NAMES[settings.language]),
    },
    { label: t("setting.speed"), value: speedCode(settings.speed) },
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

/** `**Label**: old → new`, one line per change; unset values as `not set` in `t`'s language. */
export function changeLines(changes: readonly SettingChange[], t: Translator = english): string[] {
  const notSet = t("setting.notSet");
  return changes.map((c) => `**${c.label}**: ${c.before ?? notSet} → ${c.after ?? notSet}`);
}
