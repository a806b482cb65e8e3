/** The final message of a cancelled job. */
import type { APIEmbed } from "discord-api-types/v10";
import type { Translator } from "../i18n/translate.js";
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
export function renderCancelled(t: Translator, ctx: RenderContext, cancelledBy: string): MessagePayload {
  const by = userMention(cancelledBy) || t("cancelled.someone");
  const requester = userMention(ctx.requesterId);
  const stopped =
    requester !== "" && cancelledBy !== ctx.requesterId
      ? t("cancelled.descriptionFor", { requester })
      : t("cancelled.description");
  const embed: APIEmbed = {
    title: t("cancelled.title"),
    description: `${stopped}\n\n${promptBlock(t, ctx.prompt.text, PROMPT_LENGTH)}`,
    color: EMBED_COLORS.timedOut,
    fields: timingFields(t, ctx),
  };
  const footer = jobFooter(t, ctx.shownId ?? ctx.jobId);
  if (footer) embed.footer = footer;
  return fitMessageLimits({
    content: t("cancelled.content", { by }),
    embeds: [embed],
    components: [],
    allowedMentions: NO_PINGS,
  });
}
