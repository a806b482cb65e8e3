/**
 * Builds the bot's core from the configuration: the image-service client, the job store, the core
 * ImagineService, service health, admission, moderation and the audit log. Nothing here talks to Discord
 * or starts anything: the messenger is handed in, and the lifecycle (`lifecycle.ts`) logs in, resumes jobs
 * and runs the housekeeping.
 */
import { memberLanguageFrom } from "./i18n/choose-language.js";
import { readFile } from "node:fs/promises";
import type { BotCore } from "./bot-context.js";
import type { Config } from "./config.js";
import type { DiscordMessenger } from "./discord/discord-messenger.js";
import { Admission } from "./admission/admission.js";
import { AuditLog } from "./audit/audit-log.js";
import { ImagineService } from "./imagine/imagine-service.js";
import { jobEndPolicy } from "./imagine/job-end-policy.js";
import type { JobStore } from "./imagine/job-store.js";
import { systemClock, type Clock } from "./jobs/clock.js";
import type { Logger } from "./logger.js";
import { createMetrics, type MetricsSink } from "./metrics/metrics-sink.js";
import { BannedWords } from "./moderation/banned-words.js";
import { MIDJOURNEY_BANNED_WORDS, withPluralForms } from "./moderation/midjourney-banned-words.js";
import { Semaphore } from "./service/semaphore.js";
import { buildPool } from "./pool/build-pool.js";
import { newProcessId } from "./fleet/process-id.js";
import { ownerDefaults } from "./settings/effective-settings.js";
import { MemoryDailyImageCounts } from "./moderation/daily-image-counts.js";
import { MemoryRefusalPauseStore, RefusalPauses } from "./moderation/refusal-pauses.js";
import { watchRefusals } from "./audit/refusal-watch.js";
import { MemorySettingsStore } from "./settings/memory-settings-store.js";
import type { SettingsStore } from "./settings/settings.js";
import { openStores, type Stores } from "./store/open-stores.js";
import { MemoryServerHoldStore } from "./pool/account-health/server-holds.js";
import { MemoryServerCreateStore } from "./pool/account-health/server-creates.js";
import { AccountHealth } from "./pool/account-health/account-health.js";
import { serverState } from "./pool/account-health/server-state.js";

/** What {@link buildCore} needs besides the configuration. */
export interface CoreDeps {
  logger: Logger;
  /** Shows job messages in Discord (built by the Discord adapter; not used until jobs run). */
  messenger: DiscordMessenger;
  /** Default: the stores of the configured database (SQLite at DATABASE_PATH, or DATABASE_URL). */
  store?: JobStore;
  /** Default: the configured database's, or settings in memory when `store` is given without them. */
  settings?: SettingsStore;
  clock?: Clock;
  /** Default: Prometheus metrics when HTTP_PORT is set (prom-client is loaded only then), else none. */
  metrics?: MetricsSink;
  /** A server's name when the bot knows it (Discord's guild cache), for texts that name a server. */
  serverName?: (guildId: string) => string | null;
}

async function loadBannedWords(config: Config): Promise<BannedWords> {
  let fileText: string | null = null;
  if (config.BANNED_WORDS_FILE) {
    try {
      fileText = await readFile(config.BANNED_WORDS_FILE, "utf8");
    } catch (err) {
      throw new Error(
        `BANNED_WORDS_FILE ${config.BANNED_WORDS_FILE} cannot be read: ${(err as Error).message}`,
      );
    }
  }
  return BannedWords.fromTexts(config.BANNED_WORDS, fileText);
}

async function stores(config: Config, deps: CoreDeps): Promise<Stores> {
  if (!deps.store) return openStores(config, { logger: deps.logger.child({ component: "store" }) });
  return {
    jobs: deps.store,
    settings: deps.settings ?? new MemorySettingsStore(),
    daily: new MemoryDailyImageCounts(),
    pauses: new MemoryRefusalPauseStore(),
    holds: new MemoryServerHoldStore(),
    creates: new MemoryServerCreateStore(),
  };
}

/**
 * Wires the core together and returns what commands, handlers and the lifecycle use.
 * @throws {Error} when BANNED_WORDS_FILE cannot be read; a StoreError when the database is unusable.
 */
export async function buildCore(config: Config, deps: CoreDeps): Promise<BotCore> {
  const log = deps.logger;
  const clock = deps.clock ?? systemClock;
  const now = () => clock.now();
  const metrics = deps.metrics ?? (await createMetrics(config));
  const bannedWords = await loadBannedWords(config);
  const { jobs: store, settings, daily, pauses: pauseStore, holds, creates } = await stores(config, deps);
  const pauses = new RefusalPauses({
    store: pauseStore,
    threshold: config.MIDJOURNEY_REFUSALS_TO_PAUSE,
    pauseMs: config.MIDJOURNEY_REFUSAL_PAUSE_HOURS * 3_600_000,
    now,
  });
  const fleetCap = config.SERVICE_FLEET_MAX_CONCURRENCY;
  const fleetSlots =
    fleetCap === undefined
      ? undefined
      : store.fleet?.serviceSlots({ total: fleetCap, localMax: config.SERVICE_MAX_CONCURRENCY });
  // One semaphore bounds every request to the service, polls included, whichever server it goes to.
  const serviceSlots = new Semaphore(config.SERVICE_MAX_CONCURRENCY);
  // One server without IMAGINE_API_SLOTS or pacing sends every job at once, as before the pool.
  const queued =
    config.IMAGINE_SERVERS.length > 1 ||
    config.IMAGINE_SERVERS.some((s) => s.slotsGiven || Object.keys(s.pacing).length > 0);
  const { messenger } = deps;
  const audit = new AuditLog({
    channelId: config.AUDIT_CHANNEL_ID,
    serverChannelId: async (guildId) => (await settings.guild(guildId)).auditChannelId,
    post: (channelId, message) => messenger.post(channelId, message),
    logger: log,
  });
  // Each server's Midjourney account: held after a notice (kept in the database), paced.
  const accounts = new AccountHealth({
    servers: config.IMAGINE_SERVERS.map((s) => ({ name: s.name, pacing: s.pacing })),
    store: holds,
    creates,
    now,
    logger: log.child({ component: "pool" }),
    onHeld: (hold) => void audit.serverHeld(hold),
  });
  const processId = newProcessId();
  const pool = buildPool(config, {
    slots: serviceSlots,
    // A fleet counts each server's slots in the database; a hold outlives a create's time limit and retries.
    ...(queued && store.fleet
      ? {
          fleet: {
            ledger: store.fleet.serverSlots,
            owner: processId,
            holdMs: Math.max(60_000, 4 * config.SERVICE_TIMEOUT_MS),
          },
        }
      : {}),
    ...(fleetSlots ? { fleetSlots } : {}),
    bounded: queued,
    accounts,
    pendingMoveMs: config.IMAGINE_API_PENDING_MOVE_MS,
    metrics,
    logger: log,
    now,
    storedServer: async (imageId) => (await store.get(imageId))?.server,
  });
  const { health } = pool;
  const countRefusal = watchRefusals({
    pauses,
    audit,
    messenger,
    logger: log.child({ component: "moderation" }),
    ...(deps.serverName ? { serverName: deps.serverName } : {}),
  });
  const midjourneyBannedWords =
    config.MIDJOURNEY_BANNED_WORDS === "on"
      ? new BannedWords(withPluralForms(MIDJOURNEY_BANNED_WORDS))
      : null;
  const admission = new Admission({
    owner: ownerDefaults(config),
    bannedWords,
    midjourneyWords: midjourneyBannedWords,
    guildSettings: (guildId) => settings.guild(guildId),
    // A speed some server of the pool runs; the job then goes only to such a server (`requirementOf`).
    serviceSpeeds: () => pool.speeds,
    pauses,
    daily,
    health,
    // A job counts while it is followed; one that ended (a cancelled one at once) no longer does.
    activeJobs: () =>
      imagine
        .activeJobs()
        .filter((j) => j.outcome === null)
        .map((j) => ({ requesterId: j.requesterId, guildId: j.location.guildId, ref: j.ref })),
    lastSubmission: (userId) => store.getLastSubmission(userId),
    recordSubmission: (userId, at) => store.recordSubmission(userId, at),
    now,
    ...(store.fleet ? { fleet: { ledger: store.fleet.ledger, processId } } : {}),
  });
  const imagine: ImagineService = new ImagineService({
    servers: pool,
    messenger,
    store,
    pollIntervalMs: config.POLL_INTERVAL_MS,
    leaseMs: config.JOB_LEASE_MS,
    timeoutMs: config.JOB_TIMEOUT_MS,
    progressUpdateIntervalMs: config.PROGRESS_UPDATE_INTERVAL_MS,
    imageDelivery: config.IMAGE_DELIVERY,
    imageDownloadMaxBytes: config.IMAGE_DOWNLOAD_MAX_BYTES,
    serviceSlots,
    processId,
    clock,
    logger: log.child({ component: "jobs" }),
    events: {
      activeCountChanged: (count) => metrics.setJobsInFlight(count),
      delivered: (route, final) => metrics.discordEdit(route, final),
      deliveryFailed: (kind, final) => metrics.discordDeliveryFailed(kind, final),
      jobEnded: jobEndPolicy({ metrics, audit, refusals: countRefusal, daily: admission, log }),
    },
  });
  metrics.watchPool(() => ({
    waiting: imagine.waitingCount,
    servers: pool.servers.map((s) => ({
      name: s.name,
      slots: s.slots,
      inUse: s.inUse,
      up: s.health.last.botStatus !== null,
      backingOff: s.backingOff(now()),
      state: serverState(s, accounts.state(s.name, now()), now()),
      createsToday: accounts.today(s.name, now()).creates,
    })),
  }));
  return {
    config,
    imagine,
    pool,
    pauses,
    accounts,
    store,
    settings,
    messenger,
    admission,
    health,
    bannedWords,
    midjourneyBannedWords,
    audit,
    metrics,
    logger: log,
    now,
    memberLanguage: memberLanguageFrom(settings),
    clock,
  };
}
