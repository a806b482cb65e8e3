/** Messages for jobs that did not produce an image: failed, given up on, or never started. */
import type {
  APIActionRowComponent,
  APIButtonComponent,
  APIEmbed,
  APIEmbedField,
} from "discord-api-types/v10";
import type { Translator } from "../i18n/translate.js";
import type { ServiceError } from "../service/errors.js";
import type { ImageRecord } from "../service/schema.js";
import { EMBED_COLORS, formatDuration } from "./format.js";
import { classifyImageError, describeImageError, isOutOfDateFailure } from "./image-errors.js";
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

function tryAgainRow(
  t: Translator,
  jobId: string | null,
  requesterId: string,
): APIActionRowComponent<APIButtonComponent>[] {
  const button = rerollButton(jobId, requesterId, t("button.tryAgain"));
  return button ? [{ type: 1, components: [button] }] : [];
}

function withFooter(t: Translator, embed: APIEmbed, jobId: string | null): APIEmbed {
  const footer = jobFooter(t, jobId);
  return footer ? { ...embed, footer } : embed;
}

/**
 * A failed record: what went wrong in plain words (the generator's moderation, a bad parameter, one of
 * the service's timeouts, ...), what to do, the generator's or service's own text when there is one, the
 * prompt and the job id. A "Try again" button is added when running the prompt again can help. The
 * requester is pinged once, like for a finished image: this is the end of their job. On a server named out
 * of date (`serverOutOfDate`), its failures say that the server probably needs updating, without Try again.
 */
export function renderFailed(
  t: Translator,
  record: ImageRecord,
  ctx: RenderContext,
  serverOutOfDate = false,
): MessagePayload {
  const jobId = ctx.jobId ?? record.id;
  const plain = describeImageError(t, record.error);
  // On a server named out of date its failures say so: trying again would fail the same way.
  const described =
    serverOutOfDate && isOutOfDateFailure(record.error)
      ? {
          ...plain,
          summary: t("accountSafety.outOfDate.summary"),
          hint: t("accountSafety.outOfDate.hint"),
          retryable: false,
        }
      : plain;
  const fields: APIEmbedField[] = [];
  if (described.detail !== null) {
    const label = described.kind === "unknown" ? t("failure.serviceSaid") : t("failure.generatorSaid");
    fields.push({ name: label, value: `> ${escapeMarkdown(truncate(described.detail, 1000))}` });
  }
  const embed: APIEmbed = {
    title: t("failure.title"),
    description: `${described.summary}\n${described.hint}\n\n${promptBlock(t, ctx.prompt.text, PROMPT_LENGTH)}`,
    color: EMBED_COLORS.failed,
    fields: [...fields, ...timingFields(t, ctx)],
  };
  const mention = userMention(ctx.requesterId);
  return fitMessageLimits({
    content: mention === "" ? "" : t("failure.content", { mention }),
    embeds: [withFooter(t, embed, ctx.shownId ?? jobId)],
    components: described.retryable ? tryAgainRow(t, jobId, ctx.requesterId) : [],
    allowedMentions: pingOnly(ctx.requesterId),
  });
}

/**
 * Whether a failed record is about the requester's own prompt (the generator's moderation, a parameter
 * it refused): such a refusal is shown only to the requester, never to the channel.
 */
export function isPrivateRefusal(record: ImageRecord): boolean {
  const { kind } = classifyImageError(record.error);
  return kind === "moderation" || kind === "invalid-parameter";
}

/**
 * The channel's message for a {@link isPrivateRefusal} refusal shown only to the requester: one neutral
 * line ("This prompt could not be generated.", no prompt, no detail) and the job id (so a moderator can look
 * it up with `/imagine-status`), pinging nobody.
 */
export function renderPrivateRefusalNotice(t: Translator, jobId: string | null): MessagePayload {
  const content =
    jobId === null || jobId === ""
      ? t("failure.privateNotice")
      : t("failure.privateNoticeJob", { id: escapeMarkdown(truncate(jobId, 100)) });
  return { content, embeds: [], components: [], allowedMentions: NO_PINGS };
}

/** What a job's message says when the bot gave it up after `timeoutMs`: running, or waiting in line. */
const GAVE_UP_TEXTS = {
  running: { title: "timeout.title", description: "timeout.description", content: "timeout.content" },
  waiting: {
    title: "pool.waiting.title",
    description: "pool.waiting.description",
    content: "pool.waiting.content",
  },
  waitingForSome: {
    title: "poolWait.expiredTitle",
    description: "poolWait.expiredDescription",
    content: "pool.waiting.content",
  },
} as const;

/**
 * The bot stopped waiting for the job after `timeoutMs` (the service can leave a job pending forever), or
 * (`waiting`) the job waited that long in the bot's line without a free image server, so nothing was sent
 * (`waitingForSome`: without a free one of the servers that can run it).
 * Says how long it waited, gives the job id and a "Try again" button, and pings the requester once.
 */
export function renderTimedOut(
  t: Translator,
  ctx: RenderContext,
  timeoutMs: number,
  why: keyof typeof GAVE_UP_TEXTS = "running",
): MessagePayload {
  const texts = GAVE_UP_TEXTS[why];
  const waited = formatDuration(t, timeoutMs);
  const embed: APIEmbed = {
    title: t(texts.title, { waited }),
    description: `${t(texts.description, { waited })}\n\n${promptBlock(t, ctx.prompt.text, PROMPT_LENGTH)}`,
    color: EMBED_COLORS.timedOut,
    fields: timingFields(t, ctx),
  };
  const mention = userMention(ctx.requesterId);
  return fitMessageLimits({
    content: mention === "" ? "" : t(texts.content, { mention }),
    embeds: [withFooter(t, embed, ctx.shownId ?? ctx.jobId)],
    components: tryAgainRow(t, ctx.jobId, ctx.requesterId),
    allowedMentions: pingOnly(ctx.requesterId),
  });
}

/**
 * Creating the image failed: a clear message for each kind of {@link ServiceError} (misconfigured bot,
 * quota used up, busy with a retry time, refused prompt with the service's words, service unavailable).
 * Never shows the error's own message, the request or any URL. With `ctx`, the prompt is shown too so
 * the user can copy it. Nobody is pinged: this answers the command right away.
 */
export function renderServiceError(
  t: Translator,
  error: ServiceError,
  ctx?: Pick<RenderContext, "prompt">,
): MessagePayload {
  const described = describeServiceError(t, error);
  const prompt = ctx === undefined ? "" : `\n\n${promptBlock(t, ctx.prompt.text, PROMPT_LENGTH)}`;
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
