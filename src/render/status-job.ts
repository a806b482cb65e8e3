/**
 * `/imagine-status job:<id>`: one job in full for a moderator — the bot's job, the service's record and
 * where its message is. Re-exported by `status.ts`.
 */
import type { APIEmbed, APIEmbedField } from "discord-api-types/v10";
import type { Translator } from "../i18n/translate.js";
import type { Job, JobOutcome, MessageLocation } from "../imagine/job.js";
import type { ImageRecord } from "../service/schema.js";
import { factorLabel } from "./final.js";
import { EMBED_COLORS, progressBar, relativeTimestamp } from "./format.js";
import { describeImageError } from "./image-errors.js";
import { fitMessageLimits, truncate } from "./limits.js";
import { escapeMarkdown, inlineCode } from "./markdown.js";
import { NO_PINGS, promptBlock, userMention } from "./message-parts.js";
import type { MessagePayload } from "./payload.js";

const SNOWFLAKE = /^\d{1,25}$/;
/** A URL that can sit in a markdown link as it is: no spaces, brackets or parentheses to break it. */
const LINKABLE_URL = /^https?:\/\/[^\s()<>[\]]+$/i;
/** Longest URL linked: five links and the prompt then fit one description, so no link is cut. */
const MAX_LINKED_URL = 400;
/** The grid and its four upscales; a record never has more, but the links are bounded anyway. */
const MAX_LINKS = 5;
const PROMPT_LENGTH = 1200;

/**
 * The jump link to a job's message, `https://discord.com/channels/<guild or @me>/<channel>/<message>`, or
 * `null` while the message id is unknown (or an id is not a Discord id).
 * @see https://discord.com/developers/docs/reference#message-formatting
 */
export function messageJumpLink(
  location: Pick<MessageLocation, "guildId" | "channelId" | "messageId">,
): string | null {
  const { guildId, channelId, messageId } = location;
  if (messageId === null || !SNOWFLAKE.test(messageId) || !SNOWFLAKE.test(channelId)) return null;
  if (guildId !== null && !SNOWFLAKE.test(guildId)) return null;
  return `https://discord.com/channels/${guildId ?? "@me"}/${channelId}/${messageId}`;
}

/** How each outcome of a job is named to people, with its emoji. */
export const OUTCOME_LABELS: Readonly<Record<JobOutcome, string>> = {
  completed: "✅ Completed",
  failed: "❌ Failed",
  "timed-out": "⌛ Timed out (the bot stopped waiting)",
  lost: "❔ Lost (the service no longer knows it)",
  "message-deleted": "🗑️ Its message was deleted",
  cancelled: "✖️ Cancelled",
};

function colorOf(job: Job, status: string): number {
  if (job.outcome === "timed-out") return EMBED_COLORS.timedOut;
  if (status === "completed") return EMBED_COLORS.completed;
  if (status === "failed" || job.outcome === "failed") return EMBED_COLORS.failed;
  return status === "in-progress" ? EMBED_COLORS.generating : EMBED_COLORS.waiting;
}

function linkTo(label: string, url: string): string {
  if (url.length <= MAX_LINKED_URL && LINKABLE_URL.test(url)) return `[${label}](${url})`;
  return `${label}: ${inlineCode(truncate(url, 80))} (not a usable link)`;
}

function imageLinks(record: ImageRecord): string | null {
  const links: string[] = [];
  if (record.url) links.push(linkTo(record.status === "completed" ? "Grid" : "Preview", record.url));
  (record.upscaled_urls ?? []).forEach((url, i) => links.push(linkTo(`U${i + 1}`, url)));
  if (links.length === 0) return null;
  const more = links.length > MAX_LINKS ? ` · and ${links.length - MAX_LINKS} more` : "";
  return `**Images**\n${links.slice(0, MAX_LINKS).join(" · ")}${more}`;
}

/** `<t:…:f> (<t:…:R>)` for an ISO date the service sent, the raw text if it cannot be read, or `null`. */
function serviceDate(text: string): string | null {
  if (text.trim() === "") return null;
  const ms = Date.parse(text);
  const relative = relativeTimestamp(ms);
  if (relative === null) return inlineCode(truncate(text, 60));
  return `<t:${Math.floor(ms / 1000)}:f> (${relative})`;
}

function field(name: string, value: string | null, inline = true): APIEmbedField[] {
  return value === null || value.trim() === "" ? [] : [{ name, value, inline }];
}

/** What an upscale enlarges: the Enhance the job records (image and factor), else the record's `parent_id`. */
function upscaleOf(job: Job, record: ImageRecord | null): string | null {
  const parentId = job.upscale?.parentId ?? record?.parent_id ?? null;
  if (parentId === null) return null;
  const parent = inlineCode(truncate(parentId, 100));
  if (job.upscale === null) return parent;
  return `U${job.upscale.index + 1} of ${parent}, enhanced ${factorLabel(job.upscale.factor)}`;
}

function errorField(t: Translator, error: string | null, status: string): APIEmbedField[] {
  if (error === null && status !== "failed") return [];
  const described = describeImageError(t, error);
  const detail = described.detail === null ? "" : `\n> ${truncate(escapeMarkdown(described.detail), 700)}`;
  return field("Error", `${described.summary}${detail}`, false);
}

/**
 * One job in full for a moderator: status and progress (the service's record when `record` is given,
 * else the last seen by the bot), the bot's outcome, requester, times, `ref`, the grid or preview and
 * upscaled URLs, the error explained, and a jump link to its message (`messageLink`, e.g. from
 * {@link messageJumpLink}). User text is escaped; nobody is pinged.
 */
export function renderJobDetails(
  t: Translator,
  job: Job,
  record: ImageRecord | null,
  messageLink: string | null,
): MessagePayload {
  const status = record?.status ?? job.status;
  const progress = status === "completed" ? 100 : (record?.progress ?? job.progress);
  const startedAt = relativeTimestamp(job.startedAt);
  const finishedAt = job.finishedAt === null ? null : relativeTimestamp(job.finishedAt);
  const outcome = job.outcome === null ? "⏳ In flight" : OUTCOME_LABELS[job.outcome];
  const delivery = job.outcome === null ? "" : job.delivered ? ", delivered" : ", not delivered";
  const place = job.location.guildId === null ? "a DM" : "this server";
  const link =
    messageLink !== null && LINKABLE_URL.test(messageLink)
      ? `[Jump to message](${messageLink})`
      : "Not known yet";
  const statusText =
    record === null
      ? `${inlineCode(truncate(status, 40))} (last seen; the record could not be loaded)`
      : inlineCode(truncate(status, 40));
  const description = [promptBlock(t, job.prompt, PROMPT_LENGTH), record === null ? null : imageLinks(record)]
    .filter((part) => part !== null)
    .join("\n\n");
  const embed: APIEmbed = {
    title: `🔎 Job ${escapeMarkdown(truncate(job.imageId, 100))}`,
    description,
    color: colorOf(job, status),
    fields: [
      ...field("Status", statusText),
      ...field("Progress", progressBar(progress)),
      ...field("Bot outcome", `${outcome}${delivery}`),
      ...field("Requested by", userMention(job.requesterId) || inlineCode(truncate(job.requesterId, 30))),
      ...field("Started", startedAt),
      ...field("Finished", finishedAt),
      ...field("Message", `${link}\nin ${place}, from ${job.source === "dm" ? "a DM prompt" : "a command"}`),
      ...field("Ref", inlineCode(truncate(record?.ref ?? job.ref, 100))),
      ...field("Created (service)", record === null ? null : serviceDate(record.date_created)),
      ...field("Upscale of", upscaleOf(job, record)),
      ...errorField(t, record?.error ?? job.error, status),
    ],
    footer: { text: `Image ${truncate(job.imageId, 200)}` },
  };
  return fitMessageLimits({ content: "", embeds: [embed], components: [], allowedMentions: NO_PINGS });
}
