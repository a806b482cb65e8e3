/**
 * The {@link JobStore} that keeps jobs in a SQLite file, so jobs in flight survive a restart.
 * Open it with {@link openSqliteJobStore}: that creates the directory, applies the schema and checks the file
 * can be written, so a bad DATABASE_PATH stops the bot at start with a {@link StoreError} saying what to do.
 */
import { chmod, mkdir, stat } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { createClient, type Client, type InValue, type ResultSet } from "@libsql/client";
import { silentLogger } from "../logger.js";
import { migrate } from "./migrations.js";
import { SQL_DIALECTS, type SqlConnection, type Statement } from "./sql-dialect.js";
import { keepsTestWrite, SqlJobStore, type SqlJobStoreOptions } from "./sql-job-store.js";
import { StoreError, causeText, directoryFailure, isTransient, openFailure } from "./store-error.js";

/** Options of {@link openSqliteJobStore}. Durations in milliseconds. */
export interface SqliteJobStoreOptions extends SqlJobStoreOptions {
  /** How long SQLite waits for another connection's lock before failing with SQLITE_BUSY. Default 5000. */
  busyTimeoutMs?: number;
}

/**
 * Opens (creating if needed) the job database at `path` — a file path, or `:memory:` for a throwaway one.
 * Enables WAL and a busy timeout, applies pending migrations, then writes and reads back a row.
 * @throws {StoreError} whose message names the path, the cause and what to do, when the file cannot be
 *   created or written, is not a SQLite database, is damaged, or comes from a newer version of the bot.
 */
export async function openSqliteJobStore(
  path: string,
  options: SqliteJobStoreOptions = {},
): Promise<SqliteJobStore> {
  const log = options.logger ?? silentLogger;
  const now = options.now ?? Date.now;
  let url = ":memory:";
  let createdFile: string | undefined;
  if (path !== ":memory:") {
    const file = resolve(path);
    try {
      await mkdir(dirname(file), { recursive: true });
    } catch (err) {
      throw directoryFailure(dirname(file), path, err);
    }
    const existing = await stat(file).catch(() => undefined);
    if (existing?.isDirectory()) {
      throw new StoreError(
        `The database path ${path} is a directory. Set DATABASE_PATH to a file, e.g. ${join(path, "imagine-bot.db")}.`,
      );
    }
    url = pathToFileURL(file).href;
    // Interaction tokens are kept in it: a new file is readable by the bot's user only (SQLite gives its
    // -wal and -shm files the same mode). An existing file keeps the mode its owner chose.
    if (!existing) createdFile = file;
  }
  let client: Client | undefined;
  try {
    client = createClient({ url, timeout: options.busyTimeoutMs ?? 5000 });
    if (createdFile) await chmod(createdFile, 0o600);
    await client.execute("PRAGMA journal_mode = WAL");
    const { from, to } = await migrate(client, path);
    await checkWritable(client, path, now());
    log.info({ path, schemaVersion: to, ...(from !== to ? { migratedFrom: from } : {}) }, "job store opened");
    return new SqliteJobStore(client, path, { ...options, logger: log, now });
  } catch (err) {
    client?.close();
    throw openFailure(path, err);
  }
}

/** Writes the open time to `store_meta` and reads it back: proves the file takes writes now, not mid-job. */
async function checkWritable(client: Client, path: string, at: number): Promise<void> {
  if (!(await keepsTestWrite(sqliteConnection(client), SQL_DIALECTS.sqlite, at))) {
    throw new StoreError(
      `The database at ${path} did not keep a test write. Move it away or set DATABASE_PATH to another file.`,
    );
  }
}

/** The libsql client as a {@link SqlConnection}. */
function sqliteConnection(client: Client): SqlConnection<Client> {
  const result = (r: ResultSet) => ({ rows: r.rows, changed: r.rowsAffected });
  const statement = (s: Statement) => ({ sql: s.sql, args: s.args as InValue[] });
  return {
    native: client,
    execute: async (sql, args) => result(await client.execute(statement({ sql, args }))),
    transaction: async (statements) => (await client.batch(statements.map(statement), "write")).map(result),
    close: async () => client.close(),
  };
}

/**
 * The {@link SqlJobStore} on a SQLite file. Create it with {@link openSqliteJobStore}. An operation failing
 * with a transient error (busy, I/O, disk full) is tried again a few times with backoff; then, like any other
 * failure, it throws a {@link StoreError}.
 */
export class SqliteJobStore extends SqlJobStore<Client> {
  /** One process per file: leases found at start were left by a previous run. */
  readonly shared = false;

  /** Use {@link openSqliteJobStore}, which prepares `client` first. */
  constructor(
    client: Client,
    /** The database path as configured, for messages. */
    readonly path: string,
    options: SqliteJobStoreOptions = {},
  ) {
    super(sqliteConnection(client), SQL_DIALECTS.sqlite, options, {
      isTransient,
      causeText,
      where: `database ${path}`,
      named: `at ${path}`,
    });
  }
}
