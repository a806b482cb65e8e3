/**
 * Builds the pool's servers from the configuration: per server a client (all sharing the process's request
 * slots and the fleet's cap), its own profile (ref and upscale route found out on their own), its own health
 * (a `healthy` answer ends a back-off after failed creates) and metrics.
 */
import { ServiceHealthMonitor } from "../admission/service-health.js";
import type { Config } from "../config.js";
import type { ServiceSlots } from "../fleet/fleet-channels.js";
import type { Logger } from "../logger.js";
import { instrumentClient } from "../metrics/instrument-client.js";
import type { MetricsSink } from "../metrics/metrics-sink.js";
import { ImagineClient } from "../service/client.js";
import type { Semaphore } from "../service/semaphore.js";
import { ServiceProfile } from "../service/service-profile.js";
import { ImageServer } from "./image-server.js";
import { ServerPool, type ServerPoolDeps } from "./server-pool.js";
import { ServerWatch } from "./server-watch.js";
import type { AccountPort } from "./account-health/account-health.js";

/** What the servers share. */
export interface PoolParts {
  slots: Semaphore;
  fleetSlots?: Pick<ServiceSlots, "run">;
  metrics: MetricsSink;
  logger: Logger;
  now: () => number;
  storedServer: ServerPoolDeps["storedServer"];
  /** A fleet on Postgres: each server's slots counted across the fleet. */
  fleet?: ServerPoolDeps["fleet"];
  /** Jobs beyond a server's slots wait in the bot's line (see `ServerPoolDeps.bounded`). */
  bounded?: boolean;
  /** Each server's account health: a held or resting server gets no create. */
  accounts?: AccountPort;
  /** IMAGINE_API_PENDING_MOVE_MS (see `ServerPoolDeps.pendingMoveMs`). */
  pendingMoveMs?: number;
}

/** The pool of every configured server, server 1 first. */
export function buildPool(config: Config, parts: PoolParts): ServerPool {
  const servers = config.IMAGINE_SERVERS.map((server) => {
    // One server keeps its log lines as they were; several name theirs.
    const log = parts.logger.child(
      config.IMAGINE_SERVERS.length > 1
        ? { component: "service", server: server.name }
        : { component: "service" },
    );
    const client = new ImagineClient({
      baseUrl: server.url,
      token: server.token,
      timeoutMs: config.SERVICE_TIMEOUT_MS,
      maxConcurrency: config.SERVICE_MAX_CONCURRENCY,
      slots: parts.slots,
      logger: log,
      ...(parts.fleetSlots ? { fleetSlots: parts.fleetSlots } : {}),
    });
    const profile = new ServiceProfile({
      client,
      ref: config.IMAGINE_API_REF,
      upscale: config.IMAGINE_API_UPSCALE,
      logger: log,
    });
    const health = new ServiceHealthMonitor({
      getServiceStatus: async () => {
        const status = await client.getServiceStatus();
        // A service that was down at start is found out at its first answer.
        void profile.probe();
        return status;
      },
      // It may take jobs again before its back-off ends, and jobs waiting in line are told.
      onHealthy: () => imageServer.statusTurnedHealthy(),
      now: parts.now,
    });
    instrumentClient(client, parts.metrics, (err) => health.recordError(err));
    const watch = new ServerWatch({
      // Always named: an owner's line about one account must say which.
      logger: parts.logger.child({ component: "service", server: server.name }),
      now: parts.now,
      selfHosted: () => profile.selfHosted,
      botStatus: () => health.last.botStatus,
    });
    const imageServer = new ImageServer({
      watch,
      number: server.number,
      name: server.name,
      slots: server.slots,
      client,
      profile,
      health,
      ...(parts.accounts ? { account: parts.accounts } : {}),
    });
    return imageServer;
  });
  return new ServerPool(servers, {
    now: parts.now,
    logger: parts.logger.child({ component: "pool" }),
    storedServer: parts.storedServer,
    ...(parts.fleet ? { fleet: parts.fleet } : {}),
    ...(parts.bounded ? { bounded: true } : {}),
    ...(parts.accounts ? { accounts: parts.accounts } : {}),
    ...(parts.pendingMoveMs ? { pendingMoveMs: parts.pendingMoveMs } : {}),
  });
}
