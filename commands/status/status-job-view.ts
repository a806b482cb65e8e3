/**
 * `/imagine-status job:<id>`: one job in full for a moderator — the bot's job, the service's record and
 * where its message is. Re-exported by `status.ts`.
 */
import type { APIEmbed, APIEmbedField } from "discord-api-types/v10";
import type { Translator } from "../../src/i18n/translate.js";
import { isWaiting, shownJobId, type Job } from "../../src/imagine/job.js";
import { unknownKind } from "../../src/imagine/job-kind.js";
import type { ImageRecord } from "../../src/service/schema.js";
import { factorLabel } from "../../src/render/final.js";
import { EMBED_COLORS, progressBar, relativeTimestamp } from "../../src/render/format.js";
import { describeImageError } from "../../src/render/image-errors.js";
import { fitMessageLimits, truncate } from "../../src/render/limits.js";
import { escapeMarkdown, inlineCode } from "../../src/render/markdown.js";
import { NO_PINGS, promptBlock, userMention } from "../../src/render/message-parts.js";
import type { MessagePayload } from "../../src/render/payload.js";

/** A URL that can sit in a markdown link as it is: no spaces, brackets or parentheses to break it. */
const LINKABLE_URL = /^https?:\/\/[^\s()<>[\]]+$/i;
/** Longest URL linked: five links and the prompt then fit one description, so no link is cut. */
const MAX_LINKED_URL = 400;
/** The grid and its four upscales; a record never has more, but the links are bounded anyway. */
const MAX_LINKS = 5;
const PROMPT_LENGTH = 1200;

function colorOf(job: Job, status: string): number {
  if (job.outcome === "timed-out") return EMBED_COLORS.timedOut;
  if (status === "completed") return EMBED_COLORS.completed;
  if (status === "failed" || job.outcome === "failed") return EMBED_COLORS.failed;
  return status === "in-progress" ? EMBED_COLORS.generating : EMBED_COLORS.waiting;
}

function linkTo(t: Translator, label: string, url: string): string {
  if (url.length <= MAX_LINKED_URL && LINKABLE_URL.test(url)) return `[${label}](${url})`;
  return t("statusJob.notALink", { label, url: inlineCode(truncate(url, 80)) });
}

function imageLinks(t: Translator, record: ImageRecord): string | null {
  const links: string[] = [];
  const grid = record.status === "completed" ? t("statusJob.grid") : t("statusJob.preview");
  if (record.url) links.push(linkTo(t, grid, record.url));
  (record.upscaled_urls ?? []).forEach((url, i) => links.push(linkTo(t, `U${i + 1}`, url)));
  if (links.length === 0) return null;
  const more = links.length > MAX_LINKS ? t("statusJob.moreLinks", { n: links.length - MAX_LINKS }) : "";
  return `${t("statusJob.images")}\n${links.slice(0, MAX_LINKS).join(" · ")}${more}`;
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
function upscaleOf(t: Translator, job: Job, record: ImageRecord | null): string | null {
  const { kind } = job;
  switch (kind.name) {
    case "imagine":
      return record?.parent_id ? inlineCode(truncate(record.parent_id, 100)) : null;
    case "upscale": {
      const parent = inlineCode(truncate(kind.parentId, 100));
      return t("statusJob.upscaleOf", { n: kind.index + 1, parent, factor: factorLabel(kind.factor) });
    }
    default:
      return unknownKind(kind);
  }
}

function errorField(t: Translator, error: string | null, status: string): APIEmbedField[] {
  if (error === null && status !== "failed") return [];
  const described = describeImageError(t, error);
  const detail = described.detail === null ? "" : `\n> ${truncate(escapeMarkdown(described.detail), 700)}`;
  return field(t("statusJob.field.error"), `${described.summary}${detail}`, false);
}

/**
 * A waiting job's status for moderators: its place in line (0: it waits in another process of the fleet),
 * and, while no image server takes jobs at all (`serversDown`), that none does.
 */
export function waitingStatus(t: Translator, place: number, serversDown: boolean): string {
  if (serversDown) return place > 0 ? t("poolDown.status", { place }) : t("poolDown.statusElsewhere");
  return place > 0 ? t("pool.waiting.status", { place }) : t("pool.waiting.statusElsewhere");
}

/**
 * One job in full for a moderator: status and progress (the service's record when `record` is given,
 * else the last seen by the bot), the bot's outcome, requester, times, `ref`, the grid or preview and
 * upscaled URLs, the error explained, and a jump link to its message (`messageLink`, e.g. from
 * `messageJumpLink` in `message-link.ts`). A job waiting in the bot's line (no image yet) is named by its
 * request id and says its place (`placeInLine`, 0: it waits in another process of the fleet) and, with
 * `serversDown`, that no image server takes jobs. User text is escaped; nobody is pinged.
 */
export function renderJobDetails(
  t: Translator,
  job: Job,
  record: ImageRecord | null,
  messageLink: string | null,
  placeInLine = 0,
  serversDown = false,
): MessagePayload {
  const waiting = isWaiting(job);
  const status = record?.status ?? job.status;
  const progress = status === "completed" ? 100 : (record?.progress ?? job.progress);
  const startedAt = relativeTimestamp(job.startedAt);
  const finishedAt = job.finishedAt === null ? null : relativeTimestamp(job.finishedAt);
  const outcome = job.outcome === null ? t("statusJob.inFlight") : t(`outcome.${job.outcome}`);
  const delivery =
    job.outcome === null ? "" : job.delivered ? t("statusJob.delivered") : t("statusJob.notDelivered");
  const place = job.location.guildId === null ? t("statusJob.inDm") : t("statusJob.inServer");
  const source = job.source === "dm" ? t("statusJob.fromDm") : t("statusJob.fromCommand");
  const link =
    messageLink !== null && LINKABLE_URL.test(messageLink)
      ? `[${t("statusJob.jump")}](${messageLink})`
      : t("statusJob.notKnownYet");
  // A job that waited in the bot's line has no record: it waits, or it ended before any was made.
  const statusText = waiting
    ? job.outcome === null
      ? waitingStatus(t, placeInLine, serversDown)
      : t("poolWait.endedInLine")
    : record === null
      ? t("statusJob.lastSeen", { status: inlineCode(truncate(status, 40)) })
      : inlineCode(truncate(status, 40));
  const description = [
    promptBlock(t, job.prompt.text, PROMPT_LENGTH),
    record === null ? null : imageLinks(t, record),
  ]
    .filter((part) => part !== null)
    .join("\n\n");
  const embed: APIEmbed = {
    title: t("statusJob.title", { id: escapeMarkdown(truncate(shownJobId(job), 100)) }),
    description,
    color: colorOf(job, status),
    fields: [
      ...field(t("statusJob.field.status"), statusText),
      ...field(t("statusJob.field.progress"), waiting ? null : progressBar(progress)),
      ...field(t("statusJob.field.outcome"), `${outcome}${delivery}`),
      ...field(
        t("field.requestedBy"),
        userMention(job.requesterId) || inlineCode(truncate(job.requesterId, 30)),
      ),
      ...field(t("field.started"), startedAt),
      ...field(t("field.finished"), finishedAt),
      ...field(t("statusJob.field.message"), `${link}\n${t("statusJob.where", { place, source })}`),
      ...field(t("statusJob.field.ref"), inlineCode(truncate(record?.ref ?? job.ref, 100))),
      ...field(t("statusJob.field.created"), record === null ? null : serviceDate(record.date_created)),
      ...field(t("statusJob.field.upscaleOf"), upscaleOf(t, job, record)),
      ...errorField(t, record?.error ?? job.error, status),
    ],
    // No image id before the job left the line.
    ...(waiting ? {} : { footer: { text: t("statusJob.footer", { id: truncate(job.imageId, 200) }) } }),
  };
  return fitMessageLimits({ content: "", embeds: [embed], components: [], allowedMentions: NO_PINGS });
}
