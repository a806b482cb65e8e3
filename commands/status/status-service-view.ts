/**
 * The first embed of `/imagine-status`: the image service's health, the features found out, the last 24
 * hours, the limits in force and the fleet; with what `/imagine-status` is given to show.
 * @see https://discord.com/developers/docs/resources/message#embed-object-embed-limits
 */
import type { APIEmbed } from "discord-api-types/v10";
import type { Translator } from "../../src/i18n/translate.js";
import type { Job } from "../../src/imagine/job.js";
import type { FleetProcess } from "../../src/imagine/job-store.js";
import { serviceCondition, type ServiceHealth } from "../../src/admission/service-health.js";
import type { ServiceFeatures } from "../../src/service/service-profile.js";
import { EMBED_COLORS, formatDuration } from "../../src/render/format.js";
import { truncate } from "../../src/render/limits.js";
import { inlineCode } from "../../src/render/markdown.js";
import { oneLine } from "../../src/render/message-parts.js";
import { ageOf, HEALTH, outOfDateLine } from "./status-health-view.js";
import { errorWords, serversFields, serversHeadline, type ServersStatus } from "./status-servers-view.js";

/** A job that failed recently. */
export interface RecentFailure {
  readonly imageId: string;
  readonly prompt: string;
  /** The record's `error` text (explained with `describeImageError`). */
  readonly error: string | null;
  /** When it failed, ms since the epoch. */
  readonly at: number;
  readonly requesterId: string;
  /** The bot stopped waiting for it (its time limit passed): called a time-out, in the reader's language. */
  readonly timedOut?: boolean;
}

/** The limits in force, as configured. */
export interface StatusLimits {
  readonly userMaxActive: number;
  readonly userCooldownMs: number;
  readonly guildMaxActive: number;
  readonly bannedWordsCount: number;
  readonly promptMaxLength: number;
}

/** Everything `/imagine-status` shows. */
export interface StatusInput {
  readonly service: ServiceHealth;
  /** Whether the service takes `ref` and has the upscale route, as found out. Default: not shown. */
  readonly features?: ServiceFeatures;
  /** Jobs `pending` longer than `minutes` (shown while the service reports healthy: a stale report). */
  readonly stalePending?: { readonly count: number; readonly minutes: number };
  /** This server's jobs in flight, in any order (they are shown oldest first). */
  readonly inFlight: readonly Job[];
  /** Each waiting job's place in line (1: next; 0: it waits in another process of the fleet). */
  readonly placesInLine?: ReadonlyMap<string, number>;
  /** No image server takes jobs at all (`ServerPool.someServerUp`): waiting jobs wait for one to be back. */
  readonly serversDown?: boolean;
  readonly counts24h: { readonly completed: number; readonly failed: number; readonly timedOut: number };
  /** Recent failures in any order; the {@link MAX_FAILURES_SHOWN} most recent are shown. */
  readonly recentFailures: readonly RecentFailure[];
  readonly limits: StatusLimits;
  /** 0-based page of in-flight jobs; out of range pages show the nearest page. */
  readonly page: number;
  /** Jobs per page, 1 to {@link MAX_STATUS_PAGE_SIZE}; default {@link MAX_STATUS_PAGE_SIZE}. */
  readonly pageSize?: number;
  /** Current time, ms since the epoch. */
  readonly now: number;
  /** The bot processes sharing the database, when there is a fleet (Postgres). */
  readonly fleet?: FleetStatus;
  /** The pool's servers, a row each (shown when there are several). */
  readonly servers?: ServersStatus;
  /** Set while the server is named out of date (`ServerWatch`): since when, and its failures. */
  readonly outOfDate?: { readonly since: number; readonly errors: readonly string[] } | null;
  /** Whether each server's row says its last error; default true (see `renderStatus`). */
  readonly serverDetails?: boolean;
  /** Longest excerpt of a job's prompt in its row; default 100. */
  readonly promptExcerptLength?: number;
  /** Most recent failures shown; default {@link MAX_FAILURES_SHOWN}. */
  readonly failuresShown?: number;
}

/** The fleet as `/imagine-status` shows it. */
export interface FleetStatus {
  /** Processes alive (seen within a lease time). */
  readonly processes: readonly FleetProcess[];
  /** The id of the process answering. */
  readonly self: string;
}

/** Most processes listed; the rest are counted. */
const MAX_PROCESSES_SHOWN = 10;

function fleetField(t: Translator, fleet: FleetStatus): { name: string; value: string; inline: boolean } {
  const lines = fleet.processes.slice(0, MAX_PROCESSES_SHOWN).map((p) => {
    const shards =
      p.shards.length === 0
        ? t("statusPage.noShards")
        : t("statusPage.shards", { shards: p.shards.join(", ") });
    const self = p.id === fleet.self ? t("statusPage.answeredThis") : "";
    return `${inlineCode(truncate(p.id, 60))}${self}: ${shards} · ${t("statusPage.jobs", { count: p.jobs })}`;
  });
  const more = fleet.processes.length - lines.length;
  if (more > 0) lines.push(t("statusPage.andMore", { n: more }));
  const alive = fleet.processes.length;
  return {
    name: t("statusPage.processes", { alive }),
    value: lines.join("\n") || t("statusPage.noProcesses"),
    inline: false,
  };
}

/** Most jobs per page: ten of the longest possible lines still fit one embed description with room to spare. */
export const MAX_STATUS_PAGE_SIZE = 10;
/** Most recent failures listed. */
export const MAX_FAILURES_SHOWN = 5;

/** Whether the service takes `ref` and has the upscale route, as the bot found out. */
function featuresLine(t: Translator, { ref, upscale }: ServiceFeatures): string {
  return t("statusPage.features", {
    ref: t(
      ref.has === null ? "statusPage.refUnknown" : ref.has ? "statusPage.refSent" : "statusPage.refOmitted",
    ),
    enhance: t(
      upscale.has === null
        ? "statusPage.enhanceUnknown"
        : upscale.has
          ? "statusPage.enhanceRoute"
          : "statusPage.noEnhanceRoute",
    ),
  });
}

/** The service embed of `/imagine-status`. */
export function serviceEmbed(t: Translator, input: StatusInput): APIEmbed {
  const { service, counts24h, limits } = input;
  // Several servers: the headline speaks for all of them, and each row for its own (never one server's 🟢).
  const pool = input.servers && input.servers.rows.length > 1 ? serversHeadline(t, input.servers) : null;
  const condition = serviceCondition(service, input.now);
  const health = HEALTH[condition] ?? null;
  const conditionName =
    health === null ? t("statusPage.conditionOther", { condition: oneLine(condition, 40) }) : t(health.name);
  const lines = [pool ? pool.line : `${health?.emoji ?? "⚪"} **${conditionName}**`];
  if (condition === "degraded" && !pool) lines[0] += ` — ${t("statusPage.degraded")}`;
  // The service's own words ("Bot is healthy") are about its Midjourney account, not this bot: quoted as such.
  if (service.message?.trim() && !pool)
    lines.push(t("statusPage.serviceSays", { message: oneLine(service.message, 200) }));
  const checked = ageOf(service.checkedAt);
  if (!pool)
    lines.push(
      service.latencyMs === null
        ? t("statusPage.noAnswer", { checked })
        : t("statusPage.latency", { latency: `${Math.round(service.latencyMs)} ms`, checked }),
    );
  if (service.lastError?.trim() && !pool) {
    lines.push(
      t("statusPage.lastError", {
        when: ageOf(service.lastErrorAt),
        // Its kind in plain words when known: the message may name the server's address.
        error: service.lastErrorKind ? errorWords(t, service.lastErrorKind) : oneLine(service.lastError, 300),
      }),
    );
  }
  const stale = input.stalePending;
  if (stale && stale.count > 0 && service.botStatus === "healthy")
    lines.push(t("statusPage.stalePending", stale));
  if (input.features && !pool) lines.push(featuresLine(t, input.features));
  if (input.outOfDate) lines.push(outOfDateLine(t, input.outOfDate));
  const cooldown =
    limits.userCooldownMs > 0
      ? t("statusPage.cooldown", { duration: formatDuration(t, limits.userCooldownMs) })
      : t("statusPage.noCooldown");
  return {
    title: t("statusPage.title"),
    description: lines.join("\n"),
    color: pool?.color ?? health?.color ?? EMBED_COLORS.timedOut,
    fields: [
      {
        name: t("statusPage.last24h"),
        value: t("statusPage.counts", counts24h),
        inline: true,
      },
      {
        name: t("statusPage.limits"),
        value: [
          t("statusPage.limitsUser", { active: limits.userMaxActive, cooldown }),
          t("statusPage.limitsServer", { active: limits.guildMaxActive }),
          t("statusPage.limitsPrompt", { max: limits.promptMaxLength }),
          t("statusPage.limitsBanned", { count: limits.bannedWordsCount }),
        ].join("\n"),
        inline: true,
      },
      ...(input.fleet ? [fleetField(t, input.fleet)] : []),
      ...(input.servers && input.servers.rows.length > 1
        ? serversFields(t, input.servers, input.now, input.serverDetails ?? true)
        : []),
    ],
    ...(Number.isFinite(input.now) && input.now >= 0 ? { timestamp: new Date(input.now).toISOString() } : {}),
  };
}
