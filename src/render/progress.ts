/** Messages shown while a job runs: right after the command, then at each progress update. */
import type { APIEmbed } from "discord-api-types/v10";
import type { ImageRecord } from "../service/schema.js";
import { EMBED_COLORS, progressBar, statusView } from "./format.js";
import { fitMessageLimits } from "./limits.js";
import { escapeMarkdown } from "./markdown.js";
import {
  cancelButton,
  jobFooter,
  NO_PINGS,
  promptBlock,
  requestFields,
  type RenderContext,
} from "./message-parts.js";
import type { MessagePayload } from "./payload.js";

/** Longest prompt shown while the job runs; the full prompt is shown with the result. */
const PROMPT_PREVIEW_LENGTH = 1000;

function embedWithFooter(embed: APIEmbed, jobId: string | null): APIEmbed {
  const footer = jobFooter(jobId);
  return footer === undefined ? embed : { ...embed, footer };
}

/** Shown right after the command is acknowledged, before the service has created the record. */
export function renderSubmitting(ctx: RenderContext): MessagePayload {
  const embed: APIEmbed = {
    title: "🎨 Sending your prompt…",
    description: promptBlock(ctx.prompt, PROMPT_PREVIEW_LENGTH),
    color: EMBED_COLORS.submitting,
    fields: requestFields(ctx),
  };
  return fitMessageLimits({
    content: "",
    embeds: [embedWithFooter(embed, ctx.jobId)],
    components: [],
    allowedMentions: NO_PINGS,
  });
}

/** A sentence about what is happening now, for statuses that have one. */
function statusSentence(record: ImageRecord): string {
  switch (record.status) {
    case "pending":
      return "Waiting for the generator to start your job. This can take a while when it is busy.";
    case "in-progress":
      return record.progress === null || record.progress === 0
        ? "The generator has started your image."
        : "The generator is drawing your image; the preview sharpens as it goes.";
    case "completed":
      return "Your image is done and on its way.";
    case "failed":
      return "The job failed.";
    default:
      return `The service reports the job as “${escapeMarkdown(record.status.slice(0, 40))}”; waiting for it to start.`;
  }
}

/** What {@link renderProgress} adds to the record. */
export interface ProgressNotice {
  /** The last polls failed: say the service is not answering and that the bot keeps trying. */
  readonly serviceUnanswering?: boolean;
}

/** The line shown while the image service is not answering. */
export const SERVICE_UNANSWERING_LINE =
  "⚠️ The image service is not answering right now. The bot keeps trying and will update this message when it does.";

/**
 * Shown while the job runs: status, a progress bar with the percentage, the start time as a relative
 * timestamp, the prompt, the job id, a ✖ Cancel button and, while generating, the preview image
 * (`ctx.imageUrl`); with
 * `notice.serviceUnanswering`, a warning that the service is not answering. Nothing in it depends on
 * the current time, so its `visibleKey` changes only when the record or the notice does.
 */
export function renderProgress(
  record: ImageRecord,
  ctx: RenderContext,
  notice: ProgressNotice = {},
): MessagePayload {
  const view = statusView(record.status);
  const generating = record.status === "in-progress";
  // A completed record has no progress any more (service-facts.md), but its bar is full.
  const bar = progressBar(record.status === "completed" ? 100 : record.progress);
  const embed: APIEmbed = {
    title: view.label,
    description:
      `${statusSentence(record)}\n${bar}\n` +
      (notice.serviceUnanswering ? `\n${SERVICE_UNANSWERING_LINE}\n` : "") +
      `\n${promptBlock(ctx.prompt, PROMPT_PREVIEW_LENGTH)}`,
    color: view.color,
    fields: requestFields(ctx),
  };
  if (generating && ctx.imageUrl) embed.image = { url: ctx.imageUrl };
  const cancel = record.status === "completed" ? null : cancelButton(ctx.jobId ?? record.id, ctx.requesterId);
  return fitMessageLimits({
    content: "",
    embeds: [embedWithFooter(embed, ctx.jobId ?? record.id)],
    components: cancel ? [{ type: 1, components: [cancel] }] : [],
    allowedMentions: NO_PINGS,
  });
}
