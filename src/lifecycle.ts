/**
 * The bot's lifecycle around a built core: log in to Discord, wait for READY, start the operations server,
 * resume unfinished jobs, run the housekeeping, watch the gateway, and stop in order. A refusal by Discord
 * after the start (a reset token, refused intents) logs one line and stops the bot, so the process can
 * exit non-zero instead of idling.
 */
import { Events, type Client } from "discord.js";
import type { BotCore } from "./bot-context.js";
import { watchGateway } from "./discord/gateway-watch.js";
import { LoginError, loginFailure } from "./discord/login-error.js";
import { joinFleet } from "./fleet/fleet-member.js";
import { startHousekeeping } from "./housekeeping.js";
import type { Clock } from "./jobs/clock.js";
import { startOps } from "./ops.js";

export interface LifecycleOptions {
  client: Client;
  core: BotCore;
  clock: Clock;
  /**
   * Called when Discord refused the bot for good after the start (already logged), with the stop that
   * follows (jobs are saved for the next start).
   */
  onRefused?(error: LoginError, stopped: Promise<void>): void;
}

/** A bot that is up: connected, jobs resumed, housekeeping running. */
export interface RunningBot {
  readonly client: Client;
  readonly context: BotCore;
  /** The operations server's URL, when HTTP_PORT is set. */
  readonly opsUrl: string | null;
  /** Stops taking work, stops polling, closes the HTTP server, destroys the Discord client, closes the store. */
  stop(): Promise<void>;
}

/**
 * Logs in and resolves once the gateway is ready and unfinished jobs were resumed.
 * @throws {LoginError} when Discord refuses the token or cannot be reached.
 */
export async function runBot(options: LifecycleOptions): Promise<RunningBot> {
  const { client, core, clock } = options;
  const { config, logger: log, store, imagine } = core;
  // Which kind of server the service is, found out while Discord connects; never waited for.
  for (const server of core.pool.servers) void server.profile.probe();
  let refusedAtStart: (error: LoginError) => void = () => {};
  const refusal = new Promise<never>((_, reject) => (refusedAtStart = reject));
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  let loggedIn = false;
  let stopBot: (() => Promise<void>) | null = null;
  /** A refusal that came after READY but before the bot was up: handled once it is. */
  const whileStarting: { refused?: () => void } = {};
  const gateway = watchGateway(client, {
    logger: log.child({ component: "gateway" }),
    now: core.now,
    onRefused(error, closeCode) {
      if (!loggedIn) return refusedAtStart(error);
      const refuse = (stop: () => Promise<void>) => {
        log.fatal({ closeCode }, `${error.message} The bot stops.`);
        options.onRefused?.(error, stop());
      };
      if (stopBot === null) whileStarting.refused = () => refuse(stopBot!);
      else refuse(stopBot);
    },
  });
  try {
    await Promise.race([client.login(config.DISCORD_TOKEN).then(() => ready), refusal]);
    loggedIn = true;
  } catch (err) {
    gateway.dispose();
    await client.destroy();
    await store.close();
    throw err instanceof LoginError ? err : loginFailure(err, config.DISCORD_API_URL);
  }
  log.info({ user: client.user?.tag, guilds: client.guilds.cache.size }, "connected to Discord");
  const ops = await startOps({
    ...core,
    profile: core.pool.first.profile,
    gateway,
    logger: log,
    shards: () => [...client.ws.shards.keys()],
  });
  // Servers held after an account notice stay held across the restart (and are read from the fleet's database).
  await core.accounts.start();
  await imagine.resume(config.PROCESS_MAX_JOBS);
  // A shared database (Postgres): other processes may die, stop or start; jobs move by lease.
  const fleet = store.shared
    ? joinFleet({
        store,
        imagine,
        leaseMs: config.JOB_LEASE_MS,
        pollIntervalMs: config.POLL_INTERVAL_MS,
        maxJobs: config.PROCESS_MAX_JOBS,
        shards: () => [...client.ws.shards.keys()],
        clock,
        logger: log,
      })
    : null;
  const owner = imagine.processId;
  if (store.fleet) {
    // Webhooks about this process's jobs may arrive at any process of the fleet.
    await store.fleet.hints
      .listen(owner, (imageId) => imagine.hint(imageId))
      .catch((err: unknown) =>
        log.warn({ err }, "cannot listen for webhook hints from other processes; polling finds the results"),
      );
  }
  const housekeeping = startHousekeeping({
    store,
    pauses: core.pauses,
    retentionDays: config.JOB_RETENTION_DAYS,
    clock,
    logger: log,
    ...(store.shared
      ? {
          holdLease: (leaseMs: number) =>
            store.acquireNamedLease("housekeeping", { owner, expiresAt: clock.now() + leaseMs }),
        }
      : {}),
  });

  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      gateway.dispose();
      client.removeAllListeners(Events.InteractionCreate);
      client.removeAllListeners(Events.MessageCreate);
      await housekeeping.stop();
      core.accounts.stop();
      await fleet?.stop();
      await imagine.stop();
      await fleet?.leave();
      await ops?.close();
      await client.destroy();
      await store.close();
      log.info("stopped");
    })();
    return stopping;
  };
  stopBot = stop;
  whileStarting.refused?.();
  return { client, context: core, opsUrl: ops?.url ?? null, stop };
}
