/** Messages for jobs that did not produce an image: failed, given up on, or never started. */
import type {
  APIActionRowComponent,
  APIButtonComponent,
  APIEmbed,
  APIEmbedField,
} from "discord-api-types/v10";
import type { ServiceError } from "../service/errors.js";
import type { ImageRecord } from "../service/schema.js";
import { EMBED_COLORS, formatDuration } from "./format.js";
import { describeImageError } from "./image-errors.js";
import { fitMessageLimits, truncate } from "./limits.js";
import { escapeMarkdown } from "./markdown.js";
import {
  jobFooter,
  NO_PINGS,
  pingOnly,
  promptBlock,
  rerollButton,
  timingFields,
  userMention,
  type RenderContext,
} from "./message-parts.js";
import type { MessagePayload } from "./payload.js";
import { describeServiceError } from "./service-errors.js";

/** Longest prompt shown with a failure, so the user can copy it. */
const PROMPT_LENGTH = 1500;

function tryAgainRow(jobId: string | null, requesterId: string): APIActionRowComponent<APIButtonComponent>[] {
  const button = rerollButton(jobId, requesterId, "Try again");
  return button ? [{ type: 1, components: [button] }] : [];
}

function withFooter(embed: APIEmbed, jobId: string | null): APIEmbed {
  const footer = jobFooter(jobId);
  return footer ? { ...embed, footer } : embed;
}

/**
 * A failed record: what went wrong in plain words (the generator's moderation, a bad parameter, one of
 * the service's timeouts, ...), what to do, the generator's or service's own text when there is one, the
 * prompt and the job id. A "Try again" button is added when running the prompt again can help. The
 * requester is pinged once, like for a finished image: this is the end of their job.
 */
export function renderFailed(record: ImageRecord, ctx: RenderContext): MessagePayload {
  const jobId = ctx.jobId ?? record.id;
  const described = describeImageError(record.error);
  const fields: APIEmbedField[] = [];
  if (described.detail !== null) {
    const label = described.kind === "unknown" ? "The service said" : "The generator said";
    fields.push({ name: label, value: `> ${escapeMarkdown(truncate(described.detail, 1000))}` });
  }
  const embed: APIEmbed = {
    title: "❌ Your image could not be made",
    description: `${described.summary}\n${described.hint}\n\n${promptBlock(ctx.prompt, PROMPT_LENGTH)}`,
    color: EMBED_COLORS.failed,
    fields: [...fields, ...timingFields(ctx)],
  };
  const mention = userMention(ctx.requesterId);
  return fitMessageLimits({
    content: mention === "" ? "" : `${mention} your image could not be made.`,
    embeds: [withFooter(embed, jobId)],
    components: described.retryable ? tryAgainRow(jobId, ctx.requesterId) : [],
    allowedMentions: pingOnly(ctx.requesterId),
  });
}

/**
 * Whether a failed record is about the requester's own prompt (the generator's moderation, a parameter
 * it refused): such a refusal is shown only to the requester, never to the channel.
 */
export function isPrivateRefusal(record: ImageRecord): boolean {
  const { kind } = describeImageError(record.error);
  return kind === "moderation" || kind === "invalid-parameter";
}

/** What the channel sees of a {@link isPrivateRefusal} refusal: one neutral line, no prompt, no detail. */
export const PRIVATE_REFUSAL_NOTICE = "This prompt could not be generated.";

/**
 * The channel's message for a refusal shown only to the requester: {@link PRIVATE_REFUSAL_NOTICE} and the
 * job id (so a moderator can look it up with `/imagine-status`), pinging nobody.
 */
export function renderPrivateRefusalNotice(jobId: string | null): MessagePayload {
  const job = jobId === null || jobId === "" ? "" : ` Job ${escapeMarkdown(truncate(jobId, 100))}`;
  return { content: PRIVATE_REFUSAL_NOTICE + job, embeds: [], components: [], allowedMentions: NO_PINGS };
}

/**
 * The bot stopped waiting for the job after `timeoutMs` (the service can leave a job pending forever).
 * Says how long it waited, gives the job id and a "Try again" button, and pings the requester once.
 */
export function renderTimedOut(ctx: RenderContext, timeoutMs: number): MessagePayload {
  const waited = formatDuration(timeoutMs);
  const embed: APIEmbed = {
    title: `⌛ Stopped waiting after ${waited}`,
    description:
      `The image service did not finish this job within ${waited}, so the bot stopped waiting for it. ` +
      "The generator may be busy or stuck. Try again later with the button below or with `/imagine`." +
      `\n\n${promptBlock(ctx.prompt, PROMPT_LENGTH)}`,
    color: EMBED_COLORS.timedOut,
    fields: timingFields(ctx),
  };
  const mention = userMention(ctx.requesterId);
  return fitMessageLimits({
    content: mention === "" ? "" : `${mention} your image took too long.`,
    embeds: [withFooter(embed, ctx.jobId)],
    components: tryAgainRow(ctx.jobId, ctx.requesterId),
    allowedMentions: pingOnly(ctx.requesterId),
  });
}

/**
 * Creating the image failed: a clear message for each kind of {@link ServiceError} (misconfigured bot,
 * quota used up, busy with a retry time, refused prompt with the service's words, service unavailable).
 * Never shows the error's own message, the request or any URL. With `ctx`, the prompt is shown too so
 * the user can copy it. Nobody is pinged: this answers the command right away.
 */
export function renderServiceError(error: ServiceError, ctx?: Pick<RenderContext, "prompt">): MessagePayload {
  const described = describeServiceError(error);
  const prompt = ctx === undefined ? "" : `\n\n${promptBlock(ctx.prompt, PROMPT_LENGTH)}`;
  return fitMessageLimits({
    content: "",
    embeds: [
      {
        title: `⚠️ ${described.title}`,
        description: `${described.message}${prompt}`,
        color: described.retryable ? EMBED_COLORS.timedOut : EMBED_COLORS.failed,
      },
    ],
    components: [],
    allowedMentions: NO_PINGS,
  });
}
