/**
 * The {@link JobStore} that keeps jobs in a SQLite file, so jobs in flight survive a restart.
 * Open it with {@link openSqliteJobStore}: that creates the directory, applies the schema and checks the file
 * can be written, so a bad DATABASE_PATH stops the bot at start with a {@link StoreError} saying what to do.
 */
import { chmod, mkdir, stat } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { silentLogger } from "../logger.js";
import { migrate } from "./migrations.js";
import { SQL_DIALECTS } from "./sql-dialect.js";
import { openSqliteDatabase, sqliteConnection, type SqliteDatabase } from "./sqlite-database.js";
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
  let file = ":memory:";
  let createdFile: string | undefined;
  if (path !== ":memory:") {
    file = resolve(path);
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
    // Interaction tokens are kept in it: a new file is readable by the bot's user only (SQLite gives its
    // -wal and -shm files the same mode). An existing file keeps the mode its owner chose.
    if (!existing) createdFile = file;
  }
  let db: SqliteDatabase | undefined;
  try {
    db = openSqliteDatabase(file, options.busyTimeoutMs ?? 5000);
    if (createdFile) await chmod(createdFile, 0o600);
    db.pragma("journal_mode = WAL");
    const { from, to } = await migrate(db, path);
    await checkWritable(db, path, now());
    log.info({ path, schemaVersion: to, ...(from !== to ? { migratedFrom: from } : {}) }, "job store opened");
    return new SqliteJobStore(db, path, { ...options, logger: log, now });
  } catch (err) {
    db?.close();
    throw openFailure(path, err);
  }
}

/** Writes the open time to `store_meta` and reads it back: proves the file takes writes now, not mid-job. */
async function checkWritable(db: SqliteDatabase, path: string, at: number): Promise<void> {
  if (!(await keepsTestWrite(sqliteConnection(db), SQL_DIALECTS.sqlite, at))) {
    throw new StoreError(
      `The database at ${path} did not keep a test write. Move it away or set DATABASE_PATH to another file.`,
    );
  }
}

/**
 * The {@link SqlJobStore} on a SQLite file. Create it with {@link openSqliteJobStore}. An operation failing
 * with a transient error (busy, I/O, disk full) is tried again a few times with backoff; then, like any other
 * failure, it throws a {@link StoreError}.
 */
export class SqliteJobStore extends SqlJobStore<SqliteDatabase> {
  /** One process per file: leases found at start were left by a previous run. */
  readonly shared = false;

  /** Use {@link openSqliteJobStore}, which prepares `db` first. */
  constructor(
    db: SqliteDatabase,
    /** The database path as configured, for messages. */
    readonly path: string,
    options: SqliteJobStoreOptions = {},
  ) {
    super(sqliteConnection(db), SQL_DIALECTS.sqlite, options, {
      isTransient,
      causeText,
      where: `database ${path}`,
      named: `at ${path}`,
    });
  }
}
