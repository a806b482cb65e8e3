/**
 * The `/history` message: the member's own jobs, newest first, each with its prompt (shortened), outcome,
 * when it was requested (a Discord timestamp, in the reader's time zone) and a jump link to its message;
 * buttons page through them and re-post a finished one. Pings nobody.
 * @see https://discord.com/developers/docs/reference#message-formatting-timestamp-styles
 */
import {
  ButtonStyle,
  ComponentType,
  type APIActionRowComponent,
  type APIButtonComponent,
} from "discord-api-types/v10";
import type { Translator } from "../../src/i18n/translate.js";
import type { HistoryPage } from "./history-query.js";
import { isWaiting, shownJobId, type Job } from "../../src/imagine/job.js";
import { EMBED_COLORS, absoluteTimestamp, statusView } from "../../src/render/format.js";
import { fitMessageLimits, truncate } from "../../src/render/limits.js";
import { inlineCode } from "../../src/render/markdown.js";
import { NO_PINGS, promptExcerpt } from "../../src/render/message-parts.js";
import type { MessagePayload } from "../../src/render/payload.js";
import { messageJumpLink } from "../../src/render/message-link.js";

/** The custom ids of the buttons, from the handlers' codecs. */
export interface HistoryButtonIds {
  page(page: number): string;
  /** The id of a "Show" button re-posting `job`, or `null` when its id cannot go in a button. */
  show(job: Job): string | null;
}

const PROMPT_LENGTH = 90;

function outcomeOf(t: Translator, job: Job): string {
  if (job.outcome !== null) return t(`outcome.${job.outcome}`);
  // A job in the bot's line has reached no generator yet: it waits in line, not in a generator's queue.
  return isWaiting(job) ? t("poolWait.title") : statusView(t, job.status).label;
}

function jobLine(t: Translator, job: Job, position: number, scope: HistoryPage["scope"]): string {
  const link = messageJumpLink(job.location);
  const where =
    scope === "everywhere"
      ? ` · ${job.location.guildId === null ? t("history.inDm") : t("history.inServer")}`
      : "";
  const parts = [
    `**${position}.** ${outcomeOf(t, job)}`,
    absoluteTimestamp(job.startedAt) ?? "—",
    link === null ? t("history.noMessage") : `[${t("history.jump")}](${link})`,
  ];
  return (
    `${parts.join(" · ")}${where}\n` +
    `${inlineCode(truncate(shownJobId(job), 40))} ${promptExcerpt(job.prompt.text, PROMPT_LENGTH, t)}`
  );
}

function button(
  customId: string,
  label: string,
  style: ButtonStyle.Primary | ButtonStyle.Secondary = ButtonStyle.Secondary,
): APIButtonComponent {
  return { type: ComponentType.Button, style, custom_id: customId, label };
}

function buttons(
  t: Translator,
  history: HistoryPage,
  first: number,
  ids: HistoryButtonIds,
): APIActionRowComponent<APIButtonComponent>[] {
  const rows: APIActionRowComponent<APIButtonComponent>[] = [];
  const shows = history.jobs.flatMap((job, i) => {
    const id = job.outcome === "completed" ? ids.show(job) : null;
    return id === null ? [] : [button(id, t("history.show", { n: first + i + 1 }), ButtonStyle.Primary)];
  });
  if (shows.length > 0) rows.push({ type: ComponentType.ActionRow, components: shows });
  const paging: APIButtonComponent[] = [];
  // Left out rather than disabled, as on /imagine-status.
  if (history.page > 0) paging.push(button(ids.page(history.page - 1), t("history.newer")));
  if (history.hasOlder) paging.push(button(ids.page(history.page + 1), t("history.older")));
  if (paging.length > 0) rows.push({ type: ComponentType.ActionRow, components: paging });
  return rows;
}

/** The `/history` message for one page (ephemeral: only the member sees it). Pure. */
export function renderHistory(
  t: Translator,
  history: HistoryPage,
  pageSize: number,
  ids: HistoryButtonIds,
): MessagePayload {
  const inServer = history.scope === "server";
  if (history.jobs.length === 0) {
    return {
      content: inServer ? t("history.empty") : t("history.emptyEverywhere"),
      embeds: [],
      components: [],
      allowedMentions: NO_PINGS,
    };
  }
  const first = history.page * pageSize;
  const lines = history.jobs.map((job, i) => jobLine(t, job, first + i + 1, history.scope));
  return fitMessageLimits({
    content: "",
    embeds: [
      {
        title: inServer ? t("history.title") : t("history.titleEverywhere"),
        description: lines.join("\n"),
        color: EMBED_COLORS.submitting,
        footer: { text: t("history.footer", { page: history.page + 1 }) },
      },
    ],
    components: buttons(t, history, first, ids),
    allowedMentions: NO_PINGS,
  });
}
