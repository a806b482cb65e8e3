/**
 * The answers of `/settings` and `/imagine-config`: what changed (old → new), what is set, the banned words,
 * and the audit channel's record of a change. Ephemeral answers, except the audit entry.
 */
import type { APIEmbed } from "discord-api-types/v10";
import { EMBED_COLORS } from "./format.js";
import { truncate } from "./limits.js";
import { inlineCode } from "./markdown.js";
import { NO_PINGS, userMention } from "./message-parts.js";
import type { MessagePayload } from "./payload.js";
import { changeLines, NOT_SET, type SettingChange, type ShownSetting } from "./setting-values.js";

/** A settings embed as a whole message that pings nobody. */
function embedMessage(embed: APIEmbed): MessagePayload {
  return { content: "", embeds: [embed], components: [], allowedMentions: NO_PINGS };
}

/** The answer to a change: each setting that changed as "old → new", or that nothing changed. */
export function renderSettingsChanged(
  changes: readonly SettingChange[],
  scope: "server" | "member",
): MessagePayload {
  const effect =
    scope === "server" ? "In force for this server from now on." : "Used from your next prompt on.";
  const description =
    changes.length === 0
      ? "Nothing changed: that is already the setting."
      : `${truncate(changeLines(changes).join("\n"), 3800)}\n\n${effect}`;
  return embedMessage({ title: "Settings changed", color: EMBED_COLORS.completed, description });
}

/** The member's preferences (`/settings show`), with what applies when one is not set. */
export function renderMemberSettings(settings: readonly ShownSetting[]): MessagePayload {
  const defaults: Record<string, string> = {
    Suffix: "none",
    "Default aspect ratio": "the prompt's, else 1:1",
    "Result delivery": "in the channel",
    Language: "your Discord language",
  };
  return embedMessage({
    title: "Your settings",
    color: EMBED_COLORS.submitting,
    description: [
      ...settings.map(
        (s) => `**${s.label}**: ${s.value ?? `${NOT_SET} (${defaults[s.label] ?? "default"})`}`,
      ),
      "",
      "They apply wherever you use the bot (servers and DMs). A prompt's own parameters win over them.",
    ].join("\n"),
  });
}

/** The server's banned words (`/imagine-config banned-words list`); the owner's list applies on top. */
export function renderBannedWords(words: readonly string[], ownerWordCount: number): MessagePayload {
  const shown =
    words.length === 0
      ? "This server has no banned words of its own."
      : truncate(words.map((w) => inlineCode(w)).join(", "), 3500);
  const owner =
    ownerWordCount === 0
      ? "The bot's owner banned no words for every server."
      : `The bot's owner's list (${ownerWordCount} word${ownerWordCount === 1 ? "" : "s"}) always applies too, on top of these.`;
  return embedMessage({
    title: "Banned words of this server",
    color: EMBED_COLORS.submitting,
    description: `${shown}\n\n${owner}`,
  });
}

/** Asks a moderator to confirm `/imagine-config reset`, listing what would be removed. */
export function renderResetQuestion(set: readonly ShownSetting[]): Omit<MessagePayload, "components"> {
  const lines = set.filter((s) => s.value !== null).map((s) => `**${s.label}**: ${s.value ?? ""}`);
  return {
    content: "",
    embeds: [
      {
        title: "Reset this server's settings?",
        color: EMBED_COLORS.timedOut,
        description:
          lines.length === 0
            ? "This server has no settings of its own: the owner's defaults are in force."
            : `${truncate(lines.join("\n"), 3500)}\n\nAll of these go back to the owner's defaults.`,
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
