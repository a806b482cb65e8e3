/**
 * Opens the bot's stores on one database connection: Postgres when `DATABASE_URL` is set (a fleet of bot
 * processes sharing one database), otherwise the SQLite file at `DATABASE_PATH` (the zero-configuration
 * default). The job store opens the connection (migrating and checking it); the other stores share it.
 * The Postgres store, and with it the `pg` client, is loaded only when `DATABASE_URL` is set.
 */
import type pg from "pg";
import type { Config } from "../config.js";
import type { JobStore } from "../imagine/job-store.js";
import { registerSecret, type Logger } from "../logger.js";
import type { DailyImageCounts } from "../moderation/daily-image-counts.js";
import type { SettingsStore } from "../settings/settings.js";
import { PostgresSettingsRows, SqliteSettingsRows, type OnConnection } from "./settings-rows.js";
import { PostgresDailyImageCounts, SqliteDailyImageCounts } from "./sql-daily-image-counts.js";
import { SqlSettingsStore } from "./sql-settings-store.js";
import { SqlRefusalPauseStore } from "./sql-refusal-pauses.js";
import type { RefusalPauseStore } from "../moderation/refusal-pauses.js";
import type { ServerHoldStore } from "../pool/account-health/server-holds.js";
import { SqlServerHoldStore } from "./sql-server-holds.js";
import type { ServerCreateStore } from "../pool/account-health/server-creates.js";
import { SqlServerCreateStore } from "./sql-server-creates.js";
import type { SqliteDatabase } from "./sqlite-database.js";
import { openSqliteJobStore } from "./sqlite-job-store.js";

/** What {@link openStores} needs besides the configuration. */
export interface JobStoreDeps {
  /** The stores' logger (e.g. `log.child({ component: "store" })`). */
  logger: Logger;
  /** Clock for `updated_at` and `prune`. Default `Date.now`. */
  now?: () => number;
}

/** Every store of the bot, on one database connection; closing `jobs` closes the connection. */
export interface Stores {
  jobs: JobStore;
  settings: SettingsStore;
  daily: DailyImageCounts;
  /** Midjourney's refusals per member and the pauses they start. */
  pauses: RefusalPauseStore;
  /** Image servers held after a notice about their Midjourney account (shared by a fleet). */
  holds: ServerHoldStore;
  /** The creates sent to each image server, for its daily budget (shared by a fleet, kept across restarts). */
  creates: ServerCreateStore;
}

/**
 * Opens the configured database, migrated and checked writable, and the stores on it.
 * @throws {StoreError} saying what to do when the database cannot be used.
 */
export async function openStores(
  config: Pick<Config, "DATABASE_URL" | "DATABASE_PATH">,
  deps: JobStoreDeps,
): Promise<Stores> {
  const now = deps.now ?? Date.now;
  const options = { logger: deps.logger, now };
  const settingsOptions = { logger: deps.logger };
  if (config.DATABASE_URL === undefined) {
    const jobs = await openSqliteJobStore(config.DATABASE_PATH, options);
    const onConnection: OnConnection<SqliteDatabase> = (what, op) => jobs.onConnection(what, op);
    return {
      jobs,
      settings: new SqlSettingsStore(new SqliteSettingsRows(onConnection, now), settingsOptions),
      daily: new SqliteDailyImageCounts(onConnection),
      pauses: new SqlRefusalPauseStore((what, sql, args) => jobs.statement(what, sql, args)),
      holds: new SqlServerHoldStore((what, sql, args) => jobs.statement(what, sql, args)),
      creates: new SqlServerCreateStore((what, sql, args) => jobs.statement(what, sql, args)),
    };
  }
  const [{ postgresTarget }, { openPostgresJobStore }] = await Promise.all([
    import("./postgres-errors.js"),
    import("./postgres-job-store.js"),
  ]);
  // The URL carries the password: keep it out of every log line.
  registerSecret(postgresTarget(config.DATABASE_URL).password);
  const jobs = await openPostgresJobStore(config.DATABASE_URL, options);
  const onConnection: OnConnection<pg.Pool> = (what, op) => jobs.onConnection(what, op);
  return {
    jobs,
    settings: new SqlSettingsStore(new PostgresSettingsRows(onConnection, now), settingsOptions),
    daily: new PostgresDailyImageCounts(onConnection),
    pauses: new SqlRefusalPauseStore((what, sql, args) => jobs.statement(what, sql, args)),
    holds: new SqlServerHoldStore((what, sql, args) => jobs.statement(what, sql, args)),
    creates: new SqlServerCreateStore((what, sql, args) => jobs.statement(what, sql, args)),
  };
}
