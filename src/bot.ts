/**
 * Wires the bot together: the image-service client, the job store, the core ImagineService, the Discord
 * client and messenger, the handlers, and the operations server. `main.ts` runs it; end-to-end tests and
 * benchmarks start it in-process.
 */
import { readFile } from "node:fs/promises";
import { Events, type Client } from "discord.js";
import type { BotContext } from "./bot-context.js";
import type { Config } from "./config.js";
import { allCommands } from "./discord/commands.js";
import { createDiscordClient, createInteractionRest } from "./discord/create-client.js";
import { DiscordMessenger } from "./discord/discord-messenger.js";
import { handleDirectMessage } from "./discord/dm-handler.js";
import { createInteractionRouter } from "./discord/interaction-router.js";
import { Admission } from "./imagine/admission.js";
import { AuditLog } from "./imagine/audit-log.js";
import { ImagineService } from "./imagine/imagine-service.js";
import type { JobStore } from "./imagine/job-store.js";
import { ServiceHealthMonitor } from "./imagine/service-health.js";
import { systemClock, type Clock } from "./jobs/clock.js";
import { registerSecret, type Logger } from "./logger.js";
import { instrumentClient } from "./metrics/instrument-client.js";
import { BotMetrics } from "./metrics/metrics.js";
import { BannedWords } from "./moderation/banned-words.js";
import { startOps } from "./ops.js";
import { createImagineClient } from "./service/client.js";
import { openSqliteJobStore } from "./store/sqlite-job-store.js";

export interface StartBotOptions {
  logger: Logger;
  /** Default: the SQLite store at DATABASE_PATH. */
  store?: JobStore;
  clock?: Clock;
  metrics?: BotMetrics;
}

export interface RunningBot {
  readonly client: Client;
  readonly context: BotContext;
  /** The operations server's URL, when HTTP_PORT is set. */
  readonly opsUrl: string | null;
  /** Stops taking work, stops polling, closes the HTTP server, destroys the Discord client, closes the store. */
  stop(): Promise<void>;
}

/** Discord refused the bot token: nothing will work until the owner fixes it. */
export class LoginError extends Error {
  override name = "LoginError";
}

/** Why the login failed, for the owner: Discord unreachable (network, DISCORD_API_URL) or the token refused. */
function loginFailure(err: unknown, apiUrl: string): LoginError {
  const message = (err instanceof Error ? err.message : String(err)).replace(/\.+$/, "");
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === "string" && /^(ECONN|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH|UND_ERR)/.test(code)) {
    return new LoginError(
      `Could not reach Discord at ${apiUrl} (${message}). Check the network connection and DISCORD_API_URL.`,
      { cause: err },
    );
  }
  return new LoginError(
    `Discord did not accept the login (${message}). Check DISCORD_TOKEN (and DISCORD_API_URL).`,
    { cause: err },
  );
}

const HOUR_MS = 60 * 60 * 1000;

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

/**
 * Starts the bot and resolves once the gateway is ready and unfinished jobs were resumed.
 * @throws {LoginError} when Discord refuses the token; a StoreError when the database is unusable.
 */
export async function startBot(config: Config, options: StartBotOptions): Promise<RunningBot> {
  const log = options.logger;
  for (const secret of [config.DISCORD_TOKEN, config.IMAGINE_API_TOKEN, config.WEBHOOK_SECRET])
    registerSecret(secret);
  const clock = options.clock ?? systemClock;
  const now = () => clock.now();
  const metrics = options.metrics ?? new BotMetrics();
  const bannedWords = await loadBannedWords(config);
  const store =
    options.store ??
    (await openSqliteJobStore(config.DATABASE_PATH, { logger: log.child({ component: "store" }) }));
  const service = createImagineClient(config, { logger: log.child({ component: "service" }) });
  const health = new ServiceHealthMonitor({ getServiceStatus: () => service.getServiceStatus(), now });
  instrumentClient(service, metrics, (err) => health.recordError(err));
  const client = createDiscordClient({ apiUrl: config.DISCORD_API_URL });
  const interactionRest = createInteractionRest({ apiUrl: config.DISCORD_API_URL });
  const messenger = new DiscordMessenger({
    rest: client.rest,
    interactionRest,
    now,
    logger: log.child({ component: "discord" }),
  });
  const audit = new AuditLog({
    channelId: config.AUDIT_CHANNEL_ID,
    post: (channelId, message) => messenger.post(channelId, message),
    logger: log,
  });
  const imagine = new ImagineService({
    client: service,
    messenger,
    store,
    pollIntervalMs: config.POLL_INTERVAL_MS,
    timeoutMs: config.JOB_TIMEOUT_MS,
    progressUpdateIntervalMs: config.PROGRESS_UPDATE_INTERVAL_MS,
    imageDelivery: config.IMAGE_DELIVERY,
    imageDownloadMaxBytes: config.IMAGE_DOWNLOAD_MAX_BYTES,
    maxConcurrentPolls: config.SERVICE_MAX_CONCURRENCY,
    clock,
    logger: log.child({ component: "jobs" }),
    onActiveCountChanged: (count) => metrics.setJobsInFlight(count),
    onDelivered: (route, final) => metrics.discordEdit(route, final),
    onDeliveryFailed: (kind, final) => metrics.discordDeliveryFailed(kind, final),
    onJobEnded: (job, latencyMs) => {
      if (job.outcome) metrics.jobFinished(job.outcome);
      if (latencyMs !== null) metrics.deliveryLatency(latencyMs / 1000);
      void audit.jobEnded(job);
    },
  });
  const admission = new Admission({
    limits: {
      userMaxActive: config.USER_MAX_ACTIVE_JOBS,
      userCooldownMs: config.USER_COOLDOWN_MS,
      guildMaxActive: config.GUILD_MAX_ACTIVE_JOBS,
    },
    bannedWords,
    health,
    activeJobs: () =>
      imagine
        .activeJobs()
        .map((j) => ({ requesterId: j.requesterId, guildId: j.location.guildId, ref: j.ref })),
    lastSubmission: (userId) => store.getLastSubmission(userId),
    recordSubmission: (userId, at) => store.recordSubmission(userId, at),
    now,
  });
  const context: BotContext = {
    config,
    imagine,
    service,
    store,
    messenger,
    admission,
    health,
    bannedWords,
    audit,
    metrics,
    logger: log,
    now,
  };
  const route = createInteractionRouter(allCommands, context);

  client.on(Events.InteractionCreate, (interaction) => void route(interaction));
  client.on(Events.MessageCreate, (message) => void handleDirectMessage(message, context));
  client.on(Events.Error, (err) => log.error({ err }, "Discord client error"));
  client.on(Events.Warn, (message) => log.warn({ message }, "Discord client warning"));
  for (const rest of [client.rest, interactionRest]) {
    rest.on("rateLimited", (info) => {
      metrics.discordRateLimited();
      log.debug(
        { route: info.route, retryAfter: info.retryAfter, global: info.global },
        "Discord rate limit reached; waiting",
      );
    });
  }

  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  try {
    await client.login(config.DISCORD_TOKEN);
  } catch (err) {
    await client.destroy();
    await store.close();
    throw loginFailure(err, config.DISCORD_API_URL);
  }
  await ready;
  log.info({ user: client.user?.tag, guilds: client.guilds.cache.size }, "connected to Discord");
  const ops = await startOps({ config, client, store, health, imagine, metrics, logger: log, now });
  await imagine.resume();
  const prune = async () => {
    try {
      const removed = await store.prune(config.JOB_RETENTION_DAYS * 24 * HOUR_MS);
      if (removed > 0) log.info({ removed }, "pruned old jobs");
    } catch (err) {
      log.warn({ err }, "pruning old jobs failed");
    }
    imagine.scheduler.scheduleIn("prune", HOUR_MS, prune);
  };
  void prune();

  let stopped = false;
  return {
    client,
    context,
    opsUrl: ops?.url ?? null,
    async stop() {
      if (stopped) return;
      stopped = true;
      client.removeAllListeners(Events.InteractionCreate);
      client.removeAllListeners(Events.MessageCreate);
      await imagine.stop();
      await ops?.close();
      await client.destroy();
      await store.close();
      log.info("stopped");
    },
  };
}
