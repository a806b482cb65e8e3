/**
 * The private answer of 📋 Prompt: the exact prompt the bot sent for a job (the member's suffix, the
 * server's default parameters and every parameter included) in a code block, ready to copy.
 * @see https://discord.com/developers/docs/resources/message#create-message (content: at most 2000 characters)
 */
import type { Translator } from "../../src/i18n/translate.js";
import { DISCORD_LIMITS, fitMessageLimits, splitText } from "../../src/render/limits.js";
import { escapeMarkdown } from "../../src/render/markdown.js";
import { NO_PINGS } from "../../src/render/message-parts.js";
import type { MessagePayload } from "../../src/render/payload.js";

/** The fence around one piece of the prompt: three backticks and a line break on each side. */
const FENCE = 8;

/**
 * The heading and the prompt: in a code block in the content (what a phone copies with a long press). A
 * prompt longer than the content holds goes on in code blocks in embeds (up to Midjourney's 6,000
 * characters), split between words, never cut. A prompt with three backticks, which would end the block,
 * is shown as escaped text instead, still exactly as sent.
 */
export function renderPromptCopy(t: Translator, jobId: string, prompt: string): MessagePayload {
  const heading = t("promptTool.heading", { id: jobId });
  const fenced = !prompt.includes("```");
  const wrap = (piece: string) => (fenced ? `\`\`\`\n${piece}\n\`\`\`` : piece);
  const text = fenced ? prompt : escapeMarkdown(prompt);
  const room = DISCORD_LIMITS.content - heading.length - 1 - (fenced ? FENCE : 0);
  const [first = "", ...rest] = splitText(text, room);
  const remaining = rest.join("");
  const embeds = remaining === "" ? [] : splitText(remaining, DISCORD_LIMITS.description - FENCE);
  return fitMessageLimits({
    content: `${heading}\n${wrap(first)}`,
    embeds: embeds.map((piece) => ({ description: wrap(piece) })),
    components: [],
    allowedMentions: NO_PINGS,
  });
}
