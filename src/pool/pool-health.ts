/** The pool's health: the best server's, so the bot refuses up front only when no server can take a job. */
import type { HealthReader, ServiceHealth } from "../admission/service-health.js";
import type { ImageServer } from "./image-server.js";

/** How well a status lets a server take jobs, best first; a one-server pool reports its one status. */
const STATUS_RANK: Record<string, number> = { healthy: 0, unhealthy: 3, paused: 5 };

/** The rank of `health` (lower: better able to take jobs). */
export function rankOf(health: ServiceHealth): number {
  if (health.botStatus === null) return health.checkedAt === null ? 2 : 4;
  return STATUS_RANK[health.botStatus] ?? 1;
}

function best(all: ServiceHealth[]): ServiceHealth {
  return all.reduce((a, b) => (rankOf(b) < rankOf(a) ? b : a));
}

/**
 * The pool's health for admission and `/healthz`: the best server's (one that takes jobs if any), so the bot
 * refuses up front only when no server can take a job (all `paused`). With one server, its own.
 */
export function poolHealth(servers: readonly ImageServer[]): HealthReader {
  return {
    current: async (options = {}) => best(await Promise.all(servers.map((s) => s.health.current(options)))),
    get last(): ServiceHealth {
      return best(servers.map((s) => s.health.last));
    },
  };
}
