/**
 * Picks the job store the configuration asks for: Postgres when `DATABASE_URL` is set (a fleet of bot
 * processes sharing one database), otherwise the SQLite file at `DATABASE_PATH` (the zero-configuration default).
 */
import type { Config } from "../config.js";
import type { JobStore } from "../imagine/job-store.js";
import { registerSecret, type Logger } from "../logger.js";
import { postgresTarget } from "./postgres-errors.js";
import { openPostgresJobStore } from "./postgres-job-store.js";
import { openSqliteJobStore } from "./sqlite-job-store.js";

/** What {@link openJobStore} needs besides the configuration. */
export interface JobStoreDeps {
  /** The store's logger (e.g. `log.child({ component: "store" })`). */
  logger: Logger;
  /** Clock for `updated_at` and `prune`. Default `Date.now`. */
  now?: () => number;
}

/**
 * Opens the configured job store, migrated and checked writable.
 * @throws {StoreError} saying what to do when the database cannot be used.
 */
export async function openJobStore(
  config: Pick<Config, "DATABASE_URL" | "DATABASE_PATH">,
  deps: JobStoreDeps,
): Promise<JobStore> {
  const options = { logger: deps.logger, ...(deps.now ? { now: deps.now } : {}) };
  if (config.DATABASE_URL === undefined) return openSqliteJobStore(config.DATABASE_PATH, options);
  // The URL carries the password: keep it out of every log line.
  registerSecret(postgresTarget(config.DATABASE_URL).password);
  return openPostgresJobStore(config.DATABASE_URL, options);
}
