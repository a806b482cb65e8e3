/**
 * The private answer of 📋 Prompt: the exact prompt the bot sent for a job (the member's suffix, the
 * server's default parameters and every parameter included) in a code block, ready to copy.
 * @see https://discord.com/developers/docs/resources/message#create-message (content: at most 2000 characters)
 */
import type { Translator } from "../../src/i18n/translate.js";
import { DISCORD_LIMITS, fitMessageLimits } from "../../src/render/limits.js";
import { escapeMarkdown } from "../../src/render/markdown.js";
import { NO_PINGS } from "../../src/render/message-parts.js";
import type { MessagePayload } from "../../src/render/payload.js";

/**
 * The heading and the prompt: in a code block in the content (what a phone copies with a long press), or in
 * an embed's description when the content cannot hold it. A prompt with three backticks, which would end
 * the block, is shown as escaped text instead, still exactly as sent.
 */
export function renderPromptCopy(t: Translator, jobId: string, prompt: string): MessagePayload {
  const heading = t("promptTool.heading", { id: jobId });
  const body = prompt.includes("```") ? escapeMarkdown(prompt) : `\`\`\`\n${prompt}\n\`\`\``;
  if (heading.length + 1 + body.length <= DISCORD_LIMITS.content) {
    return { content: `${heading}\n${body}`, embeds: [], components: [], allowedMentions: NO_PINGS };
  }
  return fitMessageLimits({
    content: heading,
    embeds: [{ description: body }],
    components: [],
    allowedMentions: NO_PINGS,
  });
}
