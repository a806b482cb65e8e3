/**
 * The answers of `/settings` and `/imagine-config`: what changed (old → new), what is set, the banned words,
 * and the audit channel's record of a change. Ephemeral answers, except the audit entry.
 */
import type { APIEmbed } from "discord-api-types/v10";
import type { Translator } from "../i18n/translate.js";
import { EMBED_COLORS } from "./format.js";
import { truncate } from "./limits.js";
import { inlineCode } from "./markdown.js";
import { NO_PINGS, userMention } from "./message-parts.js";
import type { MessagePayload } from "./payload.js";
import { changeLines, MEMBER_DEFAULTS, type SettingChange, type ShownSetting } from "./setting-values.js";

/** A settings embed as a whole message that pings nobody. */
function embedMessage(embed: APIEmbed): MessagePayload {
  return { content: "", embeds: [embed], components: [], allowedMentions: NO_PINGS };
}

/** The answer to a change: each setting that changed as "old → new", or that nothing changed. */
export function renderSettingsChanged(
  t: Translator,
  changes: readonly SettingChange[],
  scope: "server" | "member",
): MessagePayload {
  const effect = t(scope === "server" ? "settings.changed.server" : "settings.changed.member");
  const description =
    changes.length === 0
      ? t("settings.changed.nothing")
      : `${truncate(changeLines(changes, t).join("\n"), 3800)}\n\n${effect}`;
  return embedMessage({ title: t("settings.changed.title"), color: EMBED_COLORS.completed, description });
}

/**
 * The member's preferences (`/settings show`, shown by `shownMemberSettings` in `t`'s language), with what
 * applies when one is not set.
 */
export function renderMemberSettings(t: Translator, settings: readonly ShownSetting[]): MessagePayload {
  const defaults = new Map<string, string>(MEMBER_DEFAULTS.map(([label, value]) => [t(label), t(value)]));
  const notSet = t("setting.notSet");
  return embedMessage({
    title: t("settings.show.title"),
    color: EMBED_COLORS.submitting,
    description: [
      ...settings.map((s) => {
        const unset = t("settings.show.unset", { notSet, fallback: defaults.get(s.label) ?? "" });
        return `**${s.label}**: ${s.value ?? unset}`;
      }),
      "",
      t("settings.show.note"),
    ].join("\n"),
  });
}

/** Whether Midjourney's starter list is checked too (`null`: the owner turned it off), and how to change that. */
function midjourneyLine(t: Translator, count: number | null): string {
  return count === null
    ? t("config.bannedWords.midjourneyOff")
    : t("config.bannedWords.midjourney", { count });
}

/**
 * The server's banned words (`/imagine-config banned-words list`); the owner's list applies on top, and
 * Midjourney's starter list after both when it is on.
 */
export function renderBannedWords(
  t: Translator,
  words: readonly string[],
  ownerWordCount: number,
  midjourneyWordCount: number | null = null,
): MessagePayload {
  const shown =
    words.length === 0
      ? t("config.bannedWords.none")
      : truncate(words.map((w) => inlineCode(w)).join(", "), 3500);
  const owner =
    ownerWordCount === 0
      ? t("config.bannedWords.ownerNone")
      : t("config.bannedWords.owner", { count: ownerWordCount });
  return embedMessage({
    title: t("config.bannedWords.title"),
    color: EMBED_COLORS.submitting,
    description: `${shown}\n\n${owner}\n${midjourneyLine(t, midjourneyWordCount)}`,
  });
}

/**
 * Asks a moderator to confirm `/imagine-config reset`, listing what would be removed (shown by
 * `shownGuildSettings` in `t`'s language).
 */
export function renderResetQuestion(
  t: Translator,
  set: readonly ShownSetting[],
): Omit<MessagePayload, "components"> {
  const lines = set.filter((s) => s.value !== null).map((s) => `**${s.label}**: ${s.value ?? ""}`);
  return {
    content: "",
    embeds: [
      {
        title: t("config.reset.title"),
        color: EMBED_COLORS.timedOut,
        description:
          lines.length === 0
            ? t("config.reset.nothing")
            : `${truncate(lines.join("\n"), 3500)}\n\n${t("config.reset.all")}`,
      },
    ],
    allowedMentions: NO_PINGS,
  };
}

/** What one person changed where, for the audit channel. */
export interface SettingsAuditEntry {
  /** The server whose settings changed. */
  readonly guildId: string;
  readonly changedBy: string;
  /** The command as run, e.g. `/imagine-config limits set`. */
  readonly command: string;
  readonly changes: readonly SettingChange[];
}

/** The audit channel's record of a settings change: who, with which command, each setting old → new. */
export function renderSettingsAudit(entry: SettingsAuditEntry): MessagePayload {
  return embedMessage({
    title: "Settings changed",
    color: EMBED_COLORS.waiting,
    description: truncate(changeLines(entry.changes).join("\n"), 3500),
    fields: [
      { name: "Changed by", value: userMention(entry.changedBy) || "unknown", inline: true },
      { name: "Command", value: inlineCode(entry.command), inline: true },
    ],
  });
}
