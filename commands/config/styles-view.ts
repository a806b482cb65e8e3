/**
 * `/imagine-config styles list`: a server's styles, each name with the text it adds to a prompt, for
 * moderators (ephemeral).
 */
import type { APIEmbed } from "discord-api-types/v10";
import type { Translator } from "../../src/i18n/translate.js";
import type { Style } from "../../src/settings/styles.js";
import { EMBED_COLORS } from "../../src/render/format.js";
import { truncate } from "../../src/render/limits.js";
import { escapeMarkdown, inlineCode } from "../../src/render/markdown.js";
import { NO_PINGS } from "../../src/render/message-parts.js";
import type { AllowedMentions } from "../../src/render/payload.js";

/** The styles as a list (`**name**: \`text\``), or what to do when there are none, in `t`'s language. */
export function renderStyles(
  t: Translator,
  styles: readonly Style[],
): { embeds: APIEmbed[]; allowedMentions: AllowedMentions } {
  const lines = styles.map((s) => `**${escapeMarkdown(s.name)}**: ${inlineCode(s.text)}`);
  return {
    embeds: [
      {
        title: t("styles.list.title"),
        color: EMBED_COLORS.submitting,
        description: truncate(lines.length === 0 ? t("styles.list.none") : lines.join("\n"), 4000),
        footer: { text: t("styles.list.footer") },
      },
    ],
    allowedMentions: NO_PINGS,
  };
}
