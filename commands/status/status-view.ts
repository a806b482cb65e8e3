/**
 * The moderator command `/imagine-status`: service health, this server's jobs in flight (paginated), the
 * last 24 hours, recent failures and the limits in force; and, for its `job` option, one job in full.
 * Every payload fits Discord's limits however many jobs there are, and pings nobody.
 * @see https://discord.com/developers/docs/resources/message#embed-object-embed-limits
 */
import type { APIActionRowComponent, APIButtonComponent, APIEmbed } from "discord-api-types/v10";
import { isButtonJobId } from "../../src/custom-ids/id-parts.js";
import { statusCodec } from "./status-id.js";
import type { Translator } from "../../src/i18n/translate.js";
import { isWaiting, shownJobId, type Job } from "../../src/imagine/job.js";
import { EMBED_COLORS, progressBar, statusView } from "../../src/render/format.js";
import { describeImageError } from "../../src/render/image-errors.js";
import { waitingStatus } from "./status-job-view.js";
import { DISCORD_LIMITS, embedTextLength, fitMessageLimits, truncate } from "../../src/render/limits.js";
import { inlineCode } from "../../src/render/markdown.js";
import { NO_PINGS, oneLine, promptExcerpt, userMention } from "../../src/render/message-parts.js";
import type { MessagePayload } from "../../src/render/payload.js";
import { ageOf } from "./status-health-view.js";
import { escapeMarkdown } from "../../src/render/markdown.js";
import {
  MAX_FAILURES_SHOWN,
  MAX_STATUS_PAGE_SIZE,
  serviceEmbed,
  type RecentFailure,
  type StatusInput,
} from "./status-service-view.js";

export { MAX_FAILURES_SHOWN, MAX_STATUS_PAGE_SIZE } from "./status-service-view.js";
export type { FleetStatus, RecentFailure, StatusInput, StatusLimits } from "./status-service-view.js";

/**
 * A job's status in its row: a waiting job's place in the bot's line (and, while `down`, that no image
 * server is reachable), else its record's status.
 */
function statusLabel(t: Translator, job: Job, place: number | undefined, down: boolean): string {
  if (!isWaiting(job)) return truncate(statusView(t, job.status).label, 60);
  return waitingStatus(t, place ?? 0, down);
}

function jobLine(
  t: Translator,
  job: Job,
  position: number,
  place: number | undefined,
  down: boolean,
  pool: boolean,
  excerpt: number,
): string {
  const progress = job.status === "in-progress" ? ` · ${progressBar(job.progress)}` : "";
  const label = statusLabel(t, job, place, down);
  const who = userMention(job.requesterId) || t("cancelled.someone");
  const started = t("statusPage.started", { when: ageOf(job.startedAt) });
  // In a pool, each job names the server that runs it (a job waiting in line has none yet).
  const server =
    pool && job.server !== undefined && !isWaiting(job)
      ? ` · ${t("accountHealth.jobOn", { server: escapeMarkdown(oneLine(job.server, 40)) })}`
      : "";
  return (
    `**${position}.** ${who} · ${label}${progress}${server} · ${started}\n` +
    `${inlineCode(truncate(shownJobId(job), 40))} ${promptExcerpt(job.prompt.text, excerpt, t)}`
  );
}

/** Where a page starts and ends, with the page clamped into range. */
function pageBounds(total: number, page: number, pageSize: number) {
  const size = Number.isInteger(pageSize)
    ? Math.min(Math.max(pageSize, 1), MAX_STATUS_PAGE_SIZE)
    : MAX_STATUS_PAGE_SIZE;
  const pages = Math.max(1, Math.ceil(total / size));
  const current = Number.isFinite(page) ? Math.min(Math.max(Math.floor(page), 0), pages - 1) : 0;
  const start = current * size;
  return { pages, current, start, end: Math.min(start + size, total) };
}

function inFlightEmbed(t: Translator, input: StatusInput, bounds: ReturnType<typeof pageBounds>): APIEmbed {
  const total = input.inFlight.length;
  if (total === 0) {
    return {
      title: t("statusPage.inFlightNone"),
      description: t("statusPage.inFlightNothing"),
      color: EMBED_COLORS.generating,
    };
  }
  const jobs = pageJobs(input, bounds);
  return {
    title: t("statusPage.inFlight", { from: bounds.start + 1, to: bounds.end, total }),
    description: jobs
      .map((job, i) =>
        jobLine(
          t,
          job,
          bounds.start + i + 1,
          input.placesInLine?.get(job.imageId),
          input.serversDown ?? false,
          (input.servers?.rows.length ?? 0) > 1,
          input.promptExcerptLength ?? 100,
        ),
      )
      .join("\n"),
    color: EMBED_COLORS.generating,
    footer: { text: t("statusPage.page", { page: bounds.current + 1, pages: bounds.pages }) },
  };
}

/** The jobs of the page `bounds` shows, oldest first. */
function pageJobs(input: StatusInput, bounds: ReturnType<typeof pageBounds>): Job[] {
  return [...input.inFlight]
    .sort((a, b) => a.startedAt - b.startedAt || (a.imageId < b.imageId ? -1 : a.imageId > b.imageId ? 1 : 0))
    .slice(bounds.start, bounds.end);
}

/** A Resume button per image server held after a notice about its account (moderators resume it). */
function resumeRows(
  t: Translator,
  input: StatusInput,
  page: number,
): APIActionRowComponent<APIButtonComponent>[] {
  const held = (input.servers?.rows ?? []).filter(
    (r) => r.account?.kind === "held" && r.number !== undefined,
  );
  const buttons = held.slice(0, 5).map((r): APIButtonComponent => ({
    type: 2,
    style: 3,
    custom_id: statusCodec.encode({ kind: "resume", page, server: r.number! }),
    label: truncate(t("accountHealth.resume", { server: r.name }), 80),
    emoji: { name: "▶️" },
  }));
  return buttons.length === 0 ? [] : [{ type: 1, components: buttons }];
}

/**
 * A ✖ button per job of the page, labelled with its position in the list, that cancels it; none for jobs
 * whose id a button cannot carry.
 */
function cancelRows(
  t: Translator,
  input: StatusInput,
  bounds: ReturnType<typeof pageBounds>,
): APIActionRowComponent<APIButtonComponent>[] {
  const buttons = pageJobs(input, bounds)
    .map((job, i) => ({ job, position: bounds.start + i + 1 }))
    .filter(({ job }) => isButtonJobId(job.imageId))
    .map(({ job, position }): APIButtonComponent => ({
      type: 2,
      style: 4,
      custom_id: statusCodec.encode({ kind: "cancel", page: bounds.current, jobId: job.imageId }),
      label: t("statusPage.cancel", { n: position }),
      emoji: { name: "✖️" },
    }));
  const rows: APIActionRowComponent<APIButtonComponent>[] = [];
  for (let i = 0; i < buttons.length; i += 5) rows.push({ type: 1, components: buttons.slice(i, i + 5) });
  return rows;
}

function failureLine(t: Translator, failure: RecentFailure): string {
  const described =
    failure.timedOut && failure.error === null
      ? { summary: t("accountHealth.timedOut"), detail: null }
      : describeImageError(t, failure.error);
  const detail = described.detail === null ? "" : ` “${truncate(oneLine(described.detail, 500), 120)}”`;
  const who = userMention(failure.requesterId) || t("cancelled.someone");
  return (
    `${ageOf(failure.at)} ${who} ${inlineCode(truncate(failure.imageId, 40))} ${promptExcerpt(failure.prompt, 50, t)}\n` +
    `> ${described.summary}${detail}`
  );
}

function failuresEmbed(t: Translator, failures: readonly RecentFailure[], most: number): APIEmbed {
  const shown = [...failures].sort((a, b) => b.at - a.at).slice(0, most);
  const title =
    failures.length > shown.length
      ? t("statusPage.failuresSome", { shown: shown.length, total: failures.length })
      : t("statusPage.failures");
  return {
    title,
    description:
      shown.length === 0
        ? t("statusPage.noFailures")
        : shown.map((failure) => failureLine(t, failure)).join("\n"),
    color: EMBED_COLORS.failed,
  };
}

function pageButton(page: number, label: string, emoji: string): APIButtonComponent {
  return {
    type: 2,
    style: 2,
    custom_id: statusCodec.encode({ kind: "page", page }),
    label,
    emoji: { name: emoji },
  };
}

function pageButtons(
  t: Translator,
  bounds: ReturnType<typeof pageBounds>,
): APIActionRowComponent<APIButtonComponent>[] {
  const buttons: APIButtonComponent[] = [];
  // Previous and next are left out rather than disabled: a disabled button would need its own custom id.
  if (bounds.current > 0) buttons.push(pageButton(bounds.current - 1, t("statusPage.previous"), "◀️"));
  buttons.push(pageButton(bounds.current, t("statusPage.refresh"), "🔄"));
  if (bounds.current < bounds.pages - 1)
    buttons.push(pageButton(bounds.current + 1, t("statusPage.next"), "▶️"));
  return [{ type: 1, components: buttons }];
}

/**
 * The `/imagine-status` message: service health, this server's jobs in flight (oldest first, one page,
 * saying honestly which ones it shows, e.g. "showing 11-20 of 100"), counts of the last 24 hours, the
 * most recent failures explained, and the limits in force. Buttons page through the jobs and refresh the
 * current page; a ✖ button per listed job cancels it (their ids are written by `statusCodec`).
 */
export function renderStatus(t: Translator, input: StatusInput): MessagePayload {
  const bounds = pageBounds(input.inFlight.length, input.page, input.pageSize ?? MAX_STATUS_PAGE_SIZE);
  const embedsOf = (shown: StatusInput) => [
    serviceEmbed(t, shown),
    inFlightEmbed(t, shown, bounds),
    failuresEmbed(t, shown.recentFailures, shown.failuresShown ?? MAX_FAILURES_SHOWN),
  ];
  // Shorter forms, tried in turn until the embeds fit Discord's 6,000 characters: a big pool with many
  // errors first loses its servers' last errors, then the older failures (their title says how many), then the jobs' prompts are shorter.
  const forms: StatusInput[] = [
    input,
    { ...input, serverDetails: false },
    { ...input, serverDetails: false, failuresShown: 2 },
    { ...input, serverDetails: false, failuresShown: 2, promptExcerptLength: 30 },
    { ...input, serverDetails: false, failuresShown: 1, promptExcerptLength: 30 },
    // Each job row names its server in a pool: the shortest excerpts leave room for it.
    { ...input, serverDetails: false, failuresShown: 1, promptExcerptLength: 10 },
  ];
  const fitting = forms.map(embedsOf).find((embeds) => totalEmbedText(embeds) <= DISCORD_LIMITS.embedsTotal);
  return fitMessageLimits({
    content: "",
    embeds: fitting ?? embedsOf(forms[forms.length - 1] ?? input),
    // Discord allows five rows: the Resume row before the cancel rows, which give way first.
    components: [
      ...pageButtons(t, bounds),
      ...resumeRows(t, input, bounds.current),
      ...cancelRows(t, input, bounds),
    ].slice(0, 5),
    allowedMentions: NO_PINGS,
  });
}

function totalEmbedText(embeds: readonly APIEmbed[]): number {
  return embeds.reduce((sum, embed) => sum + embedTextLength(embed), 0);
}
