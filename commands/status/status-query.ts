/**
 * Gathers what `/imagine-status` shows for one server: the service's health, the server's jobs in flight,
 * the last 24 hours' outcomes and failures, and the limits in force.
 */
import type { Config } from "../../src/config.js";
import type { BannedWords } from "../../src/moderation/banned-words.js";
import type { Admission } from "../../src/admission/admission.js";
import type { StatusInput } from "./status-view.js";
import type { ImagineService } from "../../src/imagine/imagine-service.js";
import type { FleetRegistry, JobRecords, StoreScope } from "../../src/imagine/job-store.js";
import { shownJobId } from "../../src/imagine/job.js";
import type { HealthReader } from "../../src/admission/service-health.js";
import type { ServerPool } from "../../src/pool/server-pool.js";
import type { ServersStatus } from "./status-servers-view.js";
import type { AccountHealth } from "../../src/pool/account-health/account-health.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A job `pending` this long while the service reports `healthy` suggests the report is stale: a self-hosted
 * server keeps its last `bot_status` while its Midjourney bot is down (service-facts.md). A typical job
 * starts within seconds.
 */
export const STALE_PENDING_MS = 3 * 60_000;

export interface StatusSources {
  config: Config;
  imagine: ImagineService;
  store: StoreScope & Pick<JobRecords, "startedSince"> & Pick<FleetRegistry, "processes">;
  health: HealthReader;
  /** The pool of ImagineAPI servers: a row each on the status page. */
  pool?: Pick<ServerPool, "servers" | "someServerUp" | "reopensAt">;
  /** Each server's account: held, resting, today's creates. */
  accounts?: Pick<AccountHealth, "state" | "today">;
  bannedWords: BannedWords;
  /** The settings in force in the server (its own over the owner's defaults). */
  admission: Pick<Admission, "settingsFor">;
  now: () => number;
}

/** Each server of the pool as the status page shows it. */
function serversStatus(
  pool: Pick<ServerPool, "servers">,
  accounts: StatusSources["accounts"],
  waiting: number,
  now: number,
): ServersStatus {
  return {
    waiting,
    rows: pool.servers.map((s) => ({
      number: s.number,
      account: accounts?.state(s.name, now) ?? { kind: "open" },
      today: accounts?.today(s.name, now) ?? { creates: 0, limit: null },
      takesJobs: s.takesJobs(now),
      lastCreateErrorKind: s.lastCreateErrorKind,
      lastCreateErrorAt: s.lastCreateErrorAt,
      name: s.name,
      health: s.health.last,
      inUse: s.inUse,
      slots: s.slots,
      backingOff: s.backingOff(now),
      lastCreateError: s.lastCreateError,
      features: s.profile.features,
      outOfDate: s.watch?.outOfDate ?? null,
    })),
  };
}

/** The status of server `guildId` (page `page` of its jobs in flight). */
export async function gatherStatus(
  sources: StatusSources,
  guildId: string,
  page: number,
): Promise<StatusInput> {
  const now = sources.now();
  const [service, recent, settings] = await Promise.all([
    sources.health.current(),
    sources.store.startedSince(now - DAY_MS),
    // The server's values for a member without role overrides.
    sources.admission.settingsFor({ userId: "", guildId, isModerator: false }),
  ]);
  const here = recent.filter((job) => job.location.guildId === guildId);
  const { store, imagine } = sources;
  // In a fleet the server's jobs are followed by several processes: the database has them all.
  const inFlight = store.shared
    ? here.filter((job) => job.outcome === null)
    : imagine.activeJobs().filter((job) => job.location.guildId === guildId);
  const fleet = store.shared
    ? {
        processes: await store.processes(now - sources.config.JOB_LEASE_MS),
        self: imagine.processId,
      }
    : null;
  const count = (outcome: string) => here.filter((job) => job.outcome === outcome).length;
  const { config } = sources;
  // Every job this process follows, in any server: a stuck queue is the service's, not the server's.
  const stalePending = imagine
    .activeJobs()
    .filter(
      (job) => job.outcome === null && job.status === "pending" && now - job.startedAt > STALE_PENDING_MS,
    );
  return {
    service,
    // What the bot found out about server 1 (each server's own is in its row).
    ...(sources.pool?.servers[0] ? { features: sources.pool.servers[0].profile.features } : {}),
    // One server: named on the page itself; several: in the row of the server named (see `serversStatus`).
    outOfDate:
      sources.pool?.servers.length === 1 ? (sources.pool.servers[0]?.watch?.outOfDate ?? null) : null,
    stalePending: { count: stalePending.length, minutes: STALE_PENDING_MS / 60_000 },
    inFlight,
    placesInLine: imagine.placesInLine(),
    counts24h: {
      completed: count("completed"),
      failed: count("failed") + count("lost"),
      timedOut: count("timed-out"),
    },
    recentFailures: here
      .filter((job) => job.outcome === "failed" || job.outcome === "lost" || job.outcome === "timed-out")
      .map((job) => ({
        imageId: shownJobId(job),
        prompt: job.prompt.text,
        error: job.error,
        ...(job.outcome === "timed-out" ? { timedOut: true } : {}),
        at: job.finishedAt ?? job.startedAt,
        requesterId: job.requesterId,
      })),
    limits: {
      userMaxActive: settings.userMaxActive.value,
      userCooldownMs: settings.userCooldownMs.value,
      guildMaxActive: settings.guildMaxActive.value,
      bannedWordsCount: sources.bannedWords.size + settings.bannedWords.value.length,
      promptMaxLength: config.PROMPT_MAX_LENGTH,
    },
    page,
    now,
    ...(fleet ? { fleet } : {}),
    ...(sources.pool
      ? { servers: serversStatus(sources.pool, sources.accounts, sources.imagine.waitingCount, now) }
      : {}),
    // Servers resting or at their budget are not down: they open again by themselves.
    ...(sources.pool && !sources.pool.someServerUp() && sources.pool.reopensAt() === null
      ? { serversDown: true }
      : {}),
  };
}
