/**
 * The pool's rows of `/imagine-status`: per ImagineAPI server its name, health, slots in use of total, what it
 * offers and its last error, and how many jobs wait in the bot's line. Never a URL or token.
 * @see https://discord.com/developers/docs/resources/message#embed-object-embed-limits
 */
import type { APIEmbedField } from "discord-api-types/v10";
import { serviceCondition, type ServiceHealth } from "../../src/admission/service-health.js";
import type { Translator } from "../../src/i18n/translate.js";
import type { ServiceFeatures } from "../../src/service/service-profile.js";
import { escapeMarkdown } from "../../src/render/markdown.js";
import { oneLine } from "../../src/render/message-parts.js";
import { truncate } from "../../src/render/limits.js";
import { ageOf, HEALTH, outOfDateLine } from "./status-health-view.js";
import type { OutOfDate } from "../../src/pool/server-watch.js";

/** One server as moderators see it. */
export interface ServerRow {
  readonly name: string;
  readonly health: ServiceHealth;
  readonly inUse: number;
  readonly slots: number;
  /** Whether it gets no new job for now after failed creates. */
  readonly backingOff: boolean;
  /** Its last failed create, when newer than its health's last error. */
  readonly lastCreateError: string | null;
  readonly features: ServiceFeatures;
  /** Set while the server is named out of date (`ServerWatch`): since when, and its failures. */
  readonly outOfDate?: OutOfDate | null;
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

function row(t: Translator, server: ServerRow, now: number, details: boolean): string {
  const condition = serviceCondition(server.health, now);
  const health = HEALTH[condition];
  const features = [
    server.features.ref.has === false ? t("pool.noRef") : null,
    server.features.upscale.has === true ? t("pool.enhance") : null,
  ].filter(Boolean);
  const parts = [
    `${health?.emoji ?? "⚪"} **${escapeMarkdown(oneLine(server.name, 40))}** ${health ? t(health.name) : oneLine(condition, 20)}`,
    t("pool.slots", { inUse: server.inUse, slots: server.slots }),
    ...features,
    ...(server.backingOff ? [t("pool.backingOff")] : []),
  ];
  const error = server.lastCreateError ?? server.health.lastError;
  const errorLine = error?.trim()
    ? `\n  ${t("pool.lastError", { when: ageOf(server.health.lastErrorAt), error: oneLine(error, 90) })}`
    : "";
  const outOfDate = server.outOfDate ? `\n  ${outOfDateLine(t, server.outOfDate)}` : "";
  return parts.join(" · ") + (details ? errorLine + outOfDate : "");
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
  now: number,
  details = true,
): APIEmbedField[] {
  const lines = servers.rows.slice(0, MAX_ROWS).map((s) => row(t, s, now, details));
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
