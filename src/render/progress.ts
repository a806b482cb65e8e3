/** Messages shown while a job runs: right after the command, then at each progress update. */
import type { APIEmbed } from "discord-api-types/v10";
import type { Translator } from "../i18n/translate.js";
import type { ImageRecord } from "../service/schema.js";
import { EMBED_COLORS, progressBar, statusView } from "./format.js";
import { fitMessageLimits } from "./limits.js";
import { escapeMarkdown } from "./markdown.js";
import {
  cancelButton,
  enhanceLine,
  interactionOnlyNote,
  jobFooter,
  NO_PINGS,
  PROMPT_PREVIEW_LENGTH,
  promptBlock,
  requestFields,
  type RenderContext,
} from "./message-parts.js";
import type { MessagePayload } from "./payload.js";

function embedWithFooter(t: Translator, embed: APIEmbed, jobId: string | null): APIEmbed {
  const footer = jobFooter(t, jobId);
  return footer === undefined ? embed : { ...embed, footer };
}

/** Shown right after the command is acknowledged, before the service has created the record. */
export function renderSubmitting(t: Translator, ctx: RenderContext): MessagePayload {
  const embed: APIEmbed = {
    title: t("progress.submitting"),
    description: promptBlock(t, ctx.prompt.text, PROMPT_PREVIEW_LENGTH),
    color: EMBED_COLORS.submitting,
    fields: requestFields(t, ctx),
  };
  return fitMessageLimits({
    content: "",
    embeds: [embedWithFooter(t, embed, ctx.jobId)],
    components: [],
    allowedMentions: NO_PINGS,
  });
}

/** A sentence about what is happening now, for statuses that have one. */
function statusSentence(t: Translator, record: ImageRecord): string {
  switch (record.status) {
    case "pending":
      return t("progress.pending");
    case "in-progress":
      return record.progress === null || record.progress === 0
        ? t("progress.started")
        : t("progress.drawing");
    case "completed":
      return t("progress.completed");
    case "failed":
      return t("progress.failed");
    default:
      return t("progress.other", { status: escapeMarkdown(record.status.slice(0, 40)) });
  }
}

/** What {@link renderProgress} adds to the record. */
export interface ProgressNotice {
  /** The last polls failed: say the service is not answering and that the bot keeps trying. */
  readonly serviceUnanswering?: boolean;
  /**
   * The job waits because the service reports that it is starting, or down (unhealthy): it is queued there
   * and starts once the service is healthy, within the job's time limit.
   */
  readonly serviceNotReady?: "starting" | "down";
  /** The job's server is named out of date (`ServerWatch`): its failure says so. */
  readonly serverOutOfDate?: boolean;
  /** The job is made again: the server it first went to could not finish it (`Job.remadeFrom`). */
  readonly remade?: boolean;
}

/**
 * Shown while the job runs: status, a progress bar with the percentage, the start time as a relative
 * timestamp, the prompt, the job id, a ✖ Cancel button and, while generating, the preview image
 * (`ctx.imageUrl`); with
 * `notice.serviceUnanswering`, a warning that the service is not answering. Nothing in it depends on
 * the current time, so its `visibleKey` changes only when the record or the notice does.
 */
export function renderProgress(
  t: Translator,
  record: ImageRecord,
  ctx: RenderContext,
  notice: ProgressNotice = {},
): MessagePayload {
  const view = statusView(t, record.status);
  const generating = record.status === "in-progress";
  // A completed record has no progress any more (service-facts.md), but its bar is full.
  const bar = progressBar(record.status === "completed" ? 100 : record.progress);
  const embed: APIEmbed = {
    title: view.label,
    description:
      `${enhanceLine(t, ctx)}${statusSentence(t, record)}\n${bar}\n` +
      (notice.remade ? `\n${t("progress.remade")}\n` : "") +
      (notice.serviceUnanswering ? `\n${t("progress.serviceUnanswering")}\n` : "") +
      (notice.serviceNotReady === "starting" ? `\n${t("progress.serviceStarting")}\n` : "") +
      (notice.serviceNotReady === "down" ? `\n${t("progress.serviceDown")}\n` : "") +
      `\n${promptBlock(t, ctx.prompt.text, PROMPT_PREVIEW_LENGTH)}` +
      interactionOnlyNote(t, ctx),
    color: view.color,
    // Until the generator starts it, the job has not started: it was sent then.
    fields: requestFields(t, ctx, generating || record.status === "completed" ? "started" : "sent"),
  };
  if (generating && ctx.imageUrl) embed.image = { url: ctx.imageUrl };
  const cancel =
    record.status === "completed" ? null : cancelButton(t, ctx.jobId ?? record.id, ctx.requesterId);
  return fitMessageLimits({
    content: "",
    embeds: [embedWithFooter(t, embed, ctx.shownId ?? ctx.jobId ?? record.id)],
    components: cancel ? [{ type: 1, components: [cancel] }] : [],
    allowedMentions: NO_PINGS,
  });
}
