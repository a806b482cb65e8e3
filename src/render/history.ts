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
import type { HistoryPage } from "../imagine/history.js";
import type { Job } from "../imagine/job.js";
import { EMBED_COLORS, absoluteTimestamp, statusView } from "./format.js";
import { fitMessageLimits, truncate } from "./limits.js";
import { inlineCode } from "./markdown.js";
import { NO_PINGS } from "./message-parts.js";
import type { MessagePayload } from "./payload.js";
import { promptExcerpt } from "./status.js";
import { messageJumpLink, OUTCOME_LABELS } from "./status-job.js";

/** The custom ids of the buttons, from the handlers' codecs. */
export interface HistoryButtonIds {
  page(page: number): string;
  /** The id of a "Show" button re-posting `job`, or `null` when its id cannot go in a button. */
  show(job: Job): string | null;
}

const PROMPT_LENGTH = 90;

function outcomeOf(job: Job): string {
  return job.outcome === null ? statusView(job.status).label : (OUTCOME_LABELS[job.outcome] ?? job.outcome);
}

function jobLine(job: Job, position: number, scope: HistoryPage["scope"]): string {
  const link = messageJumpLink(job.location);
  const where =
    scope === "everywhere" ? (job.location.guildId === null ? " · in DMs" : " · in a server") : "";
  const parts = [
    `**${position}.** ${outcomeOf(job)}`,
    absoluteTimestamp(job.startedAt) ?? "—",
    link === null ? "message unknown" : `[jump to message](${link})`,
  ];
  return (
    `${parts.join(" · ")}${where}\n` +
    `${inlineCode(truncate(job.imageId, 40))} ${promptExcerpt(job.prompt, PROMPT_LENGTH)}`
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
  history: HistoryPage,
  first: number,
  ids: HistoryButtonIds,
): APIActionRowComponent<APIButtonComponent>[] {
  const rows: APIActionRowComponent<APIButtonComponent>[] = [];
  const shows = history.jobs.flatMap((job, i) => {
    const id = job.outcome === "completed" ? ids.show(job) : null;
    return id === null ? [] : [button(id, `Show ${first + i + 1}`, ButtonStyle.Primary)];
  });
  if (shows.length > 0) rows.push({ type: ComponentType.ActionRow, components: shows });
  const paging: APIButtonComponent[] = [];
  // Left out rather than disabled, as on /imagine-status.
  if (history.page > 0) paging.push(button(ids.page(history.page - 1), "◀ Newer"));
  if (history.hasOlder) paging.push(button(ids.page(history.page + 1), "Older ▶"));
  if (paging.length > 0) rows.push({ type: ComponentType.ActionRow, components: paging });
  return rows;
}

/** The `/history` message for one page (ephemeral: only the member sees it). Pure. */
export function renderHistory(history: HistoryPage, pageSize: number, ids: HistoryButtonIds): MessagePayload {
  const where = history.scope === "server" ? "in this server" : "everywhere";
  if (history.jobs.length === 0) {
    return {
      content: `You have no images ${where} that the bot still remembers. Run \`/imagine\` to make one.`,
      embeds: [],
      components: [],
      allowedMentions: NO_PINGS,
    };
  }
  const first = history.page * pageSize;
  const lines = history.jobs.map((job, i) => jobLine(job, first + i + 1, history.scope));
  return fitMessageLimits({
    content: "",
    embeds: [
      {
        title: `🖼️ Your images ${where}`,
        description: lines.join("\n"),
        color: EMBED_COLORS.submitting,
        footer: { text: `Page ${history.page + 1} · newest first · /show job:<id> posts one again` },
      },
    ],
    components: buttons(history, first, ids),
    allowedMentions: NO_PINGS,
  });
}
