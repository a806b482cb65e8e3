/**
 * The composition root: builds the Discord adapter and the core, connects the handlers, and hands both to
 * the lifecycle. `main.ts` runs it; end-to-end tests start it in-process.
 */
import { Events } from "discord.js";
import type { Config } from "./config.js";
import { directMessage, registry as defaultRegistry } from "../commands/index.js";
import type { BotContext } from "./bot-context.js";
import { buildCore } from "./core.js";
import { createDiscordClient, createInteractionRest } from "./discord/create-client.js";
import { DiscordMessenger } from "./discord/discord-messenger.js";
import { createInteractionRouter, type InteractionRegistry } from "./discord/interaction-router.js";
import type { LoginError } from "./discord/login-error.js";
import type { JobStore } from "./imagine/job-store.js";
import type { SettingsStore } from "./settings/settings.js";
import { systemClock, type Clock } from "./jobs/clock.js";
import { runBot, type RunningBot } from "./lifecycle.js";
import { registerSecret, type Logger } from "./logger.js";
import type { MetricsSink } from "./metrics/metrics-sink.js";

export type { RunningBot } from "./lifecycle.js";

export interface StartBotOptions {
  logger: Logger;
  /** Default: the SQLite store at DATABASE_PATH. */
  store?: JobStore;
  /** Default: the configured database's, or settings in memory when `store` is given without them. */
  settings?: SettingsStore;
  clock?: Clock;
  metrics?: MetricsSink;
  /** The commands and component handlers to route to; default: `commands/index.ts`. */
  interactions?: InteractionRegistry<BotContext>;
  /** Called when Discord refused the bot for good after the start (see `LifecycleOptions.onRefused`). */
  onRefused?(error: LoginError, stopped: Promise<void>): void;
}

/**
 * Starts the bot and resolves once the gateway is ready and unfinished jobs were resumed.
 * @throws {LoginError} when Discord refuses the token; a StoreError when the database is unusable.
 */
export async function startBot(config: Config, options: StartBotOptions): Promise<RunningBot> {
  const log = options.logger;
  const serverTokens = config.IMAGINE_SERVERS.map((s) => s.token);
  for (const secret of [
    config.DISCORD_TOKEN,
    config.IMAGINE_API_TOKEN,
    config.WEBHOOK_SECRET,
    ...serverTokens,
  ])
    registerSecret(secret);
  const clock = options.clock ?? systemClock;
  const client = createDiscordClient({
    apiUrl: config.DISCORD_API_URL,
    proxyUrl: config.DISCORD_PROXY_URL,
    shardCount: config.DISCORD_SHARD_COUNT,
    shards: config.DISCORD_SHARDS,
  });
  const interactionRest = createInteractionRest({ apiUrl: config.DISCORD_API_URL });
  const messenger = new DiscordMessenger({
    rest: client.rest,
    interactionRest,
    now: () => clock.now(),
    logger: log.child({ component: "discord" }),
  });
  const core = await buildCore(config, {
    logger: log,
    messenger,
    clock,
    serverName: (guildId) => client.guilds.cache.get(guildId)?.name ?? null,
    ...(options.store ? { store: options.store } : {}),
    ...(options.settings ? { settings: options.settings } : {}),
    ...(options.metrics ? { metrics: options.metrics } : {}),
  });
  // An interaction's follow-ups are counted with its job, so a restart does not forget them.
  messenger.countFollowUpsIn(core.store);
  const route = createInteractionRouter(options.interactions ?? defaultRegistry, core);

  client.on(Events.InteractionCreate, (interaction) => void route(interaction));
  client.on(Events.MessageCreate, (message) => void directMessage(message, core));
  client.on(Events.Error, (err) => log.error({ err }, "Discord client error"));
  client.on(Events.Warn, (message) => log.warn({ message }, "Discord client warning"));
  for (const rest of [client.rest, interactionRest]) {
    rest.on("rateLimited", (info) => {
      core.metrics.discordRateLimited();
      log.debug(
        { route: info.route, retryAfter: info.retryAfter, global: info.global },
        "Discord rate limit reached; waiting",
      );
    });
  }
  return runBot({
    client,
    core,
    clock,
    ...(options.onRefused ? { onRefused: options.onRefused } : {}),
  });
}
