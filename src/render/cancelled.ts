/** The final message of a cancelled job. */
import type { APIEmbed } from "discord-api-types/v10";
import { EMBED_COLORS } from "./format.js";
import { fitMessageLimits } from "./limits.js";
import {
  jobFooter,
  NO_PINGS,
  promptBlock,
  timingFields,
  userMention,
  type RenderContext,
} from "./message-parts.js";
import type { MessagePayload } from "./payload.js";

/** Longest prompt shown, so it can be copied and tried again. */
const PROMPT_LENGTH = 1500;

/**
 * A job someone cancelled: "Cancelled by <@user>", the prompt, the job id and when it was requested, with no
 * buttons left (a result that still arrives is not posted). Pings nobody: whoever cancelled just did it, and
 * the requester is named in the text.
 */
export function renderCancelled(ctx: RenderContext, cancelledBy: string): MessagePayload {
  const by = userMention(cancelledBy) || "someone";
  const requester = userMention(ctx.requesterId);
  const forWhom = requester !== "" && cancelledBy !== ctx.requesterId ? ` (asked for by ${requester})` : "";
  const embed: APIEmbed = {
    title: "✖️ Cancelled",
    description:
      `The bot stopped following this job${forWhom}; its result will not be posted.\n\n` +
      promptBlock(ctx.prompt, PROMPT_LENGTH),
    color: EMBED_COLORS.timedOut,
    fields: timingFields(ctx),
  };
  const footer = jobFooter(ctx.jobId);
  if (footer) embed.footer = footer;
  return fitMessageLimits({
    content: `Cancelled by ${by}`,
    embeds: [embed],
    components: [],
    allowedMentions: NO_PINGS,
  });
}
