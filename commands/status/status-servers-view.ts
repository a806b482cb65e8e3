/**
 * The pool's part of `/imagine-status`: a headline for all servers ("2 of 3 image servers working") and per
 * ImagineAPI server a row in plain words: working, N of M busy, resting until, held and why, not answering
 * since, out of date, today's creates against its budget, and its last error in the reader's language.
 * Never an address, URL or token; nothing cut mid-word.
 * @see https://discord.com/developers/docs/resources/message#embed-object-embed-limits
 */
import type { APIEmbedField } from "discord-api-types/v10";
import type { ServiceHealth } from "../../src/admission/service-health.js";
import type { Translator } from "../../src/i18n/translate.js";
import type { AccountState } from "../../src/pool/account-health/account-health.js";
import type { ServiceFeatures } from "../../src/service/service-profile.js";
import { SERVICE_ERROR_KINDS } from "../../src/service/errors.js";
import { absoluteTimestamp, EMBED_COLORS } from "../../src/render/format.js";
import { escapeMarkdown } from "../../src/render/markdown.js";
import { oneLine } from "../../src/render/message-parts.js";
import { ageOf, outOfDateLine } from "./status-health-view.js";
import type { OutOfDate } from "../../src/pool/server-watch.js";
import { truncate } from "../../src/render/limits.js";

/** One server as moderators see it. */
export interface ServerRow {
  /** Its number (1: IMAGINE_API_URL): the Resume button names it. */
  readonly number?: number;
  readonly name: string;
  readonly health: ServiceHealth;
  readonly inUse: number;
  readonly slots: number;
  /** Whether it gets no new job for now after failed creates. */
  readonly backingOff: boolean;
  /** Its last failed create, when newer than its health's last error. */
  readonly lastCreateError: string | null;
  /** That failure's kind (`ServiceErrorKind`), shown in plain words. */
  readonly lastCreateErrorKind?: string | null;
  readonly lastCreateErrorAt?: number | null;
  readonly features: ServiceFeatures;
  /** Set while the server is named out of date (`ServerWatch`): since when, and its failures. */
  readonly outOfDate?: OutOfDate | null;
  /** Its account: open, held after a notice, resting, at its daily budget. Default: open. */
  readonly account?: AccountState;
  /** Its creates in the last 24 hours, and its daily budget (null: none). */
  readonly today?: { readonly creates: number; readonly limit: number | null };
  /** Whether it takes new jobs now (`ImageServer.takesJobs`). */
  readonly takesJobs?: boolean;
}

/** The pool as `/imagine-status` shows it. */
export interface ServersStatus {
  readonly rows: readonly ServerRow[];
  /** Jobs waiting in the bot's line for a free slot. */
  readonly waiting: number;
}

/** Most servers listed (the pool holds at most 16). */
const MAX_ROWS = 16;
/** An embed field's value holds at most 1,024 characters. */
const FIELD_VALUE_MAX = 1024;

/** Longest service message quoted in a row. */
const MESSAGE_LENGTH = 80;

/** Whether `server` is working: it takes new jobs (its status, back-off and account allow it). */
function working(server: ServerRow): boolean {
  return server.takesJobs ?? (server.health.botStatus === "healthy" && !server.backingOff);
}

/** `<t:…:f>` of a time. */
function at(epochMs: number): string {
  return absoluteTimestamp(epochMs) ?? "—";
}

/** The words for the server's state, worst first, with its emoji. */
function stateOf(t: Translator, server: ServerRow): { emoji: string; words: string } {
  const account = server.account ?? { kind: "open" };
  if (account.kind === "held") {
    const why = t(`accountHealth.why.${account.hold.kind}` as "accountHealth.why.blocked");
    return {
      emoji: "⛔",
      words:
        account.hold.until === null
          ? t("accountHealth.state.held", { why })
          : t("accountHealth.state.heldUntil", { why, until: at(account.hold.until) }),
    };
  }
  const { botStatus, checkedAt, message } = server.health;
  if (botStatus === null) {
    if (checkedAt === null) return { emoji: "⚪", words: t("accountHealth.state.notChecked") };
    return {
      emoji: "🔴",
      words: t("accountHealth.state.notAnswering", {
        since: ageOf(server.health.unreachableSince ?? server.health.lastErrorAt ?? checkedAt),
      }),
    };
  }
  if (
    botStatus === "unhealthy" ||
    (botStatus !== "healthy" && botStatus !== "starting" && botStatus !== "paused")
  ) {
    const said = message?.trim() ? truncate(oneLine(message, 500), MESSAGE_LENGTH) : "";
    return {
      emoji: "🔴",
      words: said
        ? t("accountHealth.state.unhealthy", { message: `“${escapeMarkdown(said)}”` })
        : t("accountHealth.state.unhealthyNoMessage"),
    };
  }
  if (botStatus === "starting") return { emoji: "🟡", words: t("accountHealth.state.starting") };
  if (botStatus === "paused") return { emoji: "⏸️", words: t("accountHealth.state.paused") };
  if (account.kind === "resting")
    return { emoji: "🌙", words: t("accountHealth.state.resting", { until: at(account.until) }) };
  if (account.kind === "budget")
    return { emoji: "🌙", words: t("accountHealth.state.budget", { until: at(account.until) }) };
  if (server.outOfDate) return { emoji: "🟠", words: t("accountHealth.state.outOfDate") };
  if (server.backingOff) return { emoji: "🟠", words: t("accountHealth.state.backingOff") };
  if (account.kind === "gap") return { emoji: "🟢", words: t("accountHealth.state.gap") };
  return { emoji: "🟢", words: t("accountHealth.state.working") };
}

/** A failure in the reader's words, by its kind (never its message: it may name an address). */
export function errorWords(t: Translator, kind: string | null | undefined): string {
  const known: readonly string[] = SERVICE_ERROR_KINDS;

  return t(
    known.includes(kind ?? "")
      ? (`accountHealth.error.${kind}` as "accountHealth.error.network")
      : "accountHealth.error.other",
  );
}

/** The last error of `server`: its failed create, or its status check's, the newer one. */
function lastError(server: ServerRow): { kind: string | null; at: number | null } | null {
  const create = server.lastCreateError?.trim()
    ? { kind: server.lastCreateErrorKind ?? null, at: server.lastCreateErrorAt ?? null }
    : null;
  const health = server.health.lastError?.trim()
    ? { kind: server.health.lastErrorKind ?? null, at: server.health.lastErrorAt }
    : null;
  if (create && health) return (create.at ?? 0) >= (health.at ?? 0) ? create : health;
  return create ?? health;
}

function row(t: Translator, server: ServerRow, details: boolean): string {
  const state = stateOf(t, server);
  const parts = [
    `${state.emoji} **${escapeMarkdown(oneLine(server.name, 40))}** ${state.words}`,
    t("pool.slots", { inUse: server.inUse, slots: server.slots }),
    ...(server.today?.limit != null
      ? [t("accountHealth.today", { creates: server.today.creates, limit: server.today.limit })]
      : []),
    ...(server.features.upscale.has === true ? [t("pool.enhance")] : []),
  ];
  const error = lastError(server);
  const errorLine = error
    ? `\n  ${t("pool.lastError", { when: ageOf(error.at), error: errorWords(t, error.kind) })}`
    : "";
  const outOfDate = server.outOfDate ? `\n  ${outOfDateLine(t, server.outOfDate)}` : "";
  return parts.join(" · ") + (details ? errorLine + outOfDate : "");
}

/** The headline for all servers: how many of them work, with an emoji and a colour to match. */
export function serversHeadline(t: Translator, servers: ServersStatus): { line: string; color: number } {
  const total = servers.rows.length;
  const up = servers.rows.filter(working).length;
  const emoji = up === total ? "🟢" : up === 0 ? "🔴" : "🟠";
  const color = up === total ? EMBED_COLORS.completed : up === 0 ? EMBED_COLORS.failed : EMBED_COLORS.waiting;
  return { line: `${emoji} **${t("accountHealth.headline", { working: up, total })}**`, color };
}

/**
 * The fields listing every server of the pool: whole rows, as many to a field as its 1,024 characters
 * hold, the first field titled, the next ones continuing it (a row is never cut). Without `details`, each
 * row is its first line (no last error), for a status that would not fit Discord's limits with them.
 * @see https://discord.com/developers/docs/resources/message#embed-object-embed-limits
 */
export function serversFields(
  t: Translator,
  servers: ServersStatus,
  _now: number,
  details = true,
): APIEmbedField[] {
  const lines = servers.rows.slice(0, MAX_ROWS).map((s) => row(t, s, details));
  if (!details) lines.push(t("pool.detailsLeftOut"));
  const values: string[] = [];
  for (const line of lines) {
    const last = values.at(-1);
    if (last !== undefined && last.length + 1 + line.length <= FIELD_VALUE_MAX)
      values[values.length - 1] = `${last}\n${line}`;
    else values.push(truncate(line, FIELD_VALUE_MAX));
  }
  const name = t("pool.serversTitle", { count: servers.waiting });
  if (values.length === 0) return [{ name, value: "\u200b", inline: false }];
  // A continued field's name is a zero-width space: Discord requires one, and the title is said once.
  return values.map((value, i) => ({ name: i === 0 ? name : "\u200b", value, inline: false }));
}
