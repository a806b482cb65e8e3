/**
 * The SQLite driver (better-sqlite3) behind the SQLite stores: opening a database and running statements on
 * it as a {@link SqlConnection}. The driver is synchronous; the connection keeps the promise-returning API of
 * the Postgres one so the stores are written once.
 */
import Database from "better-sqlite3";
import type { SqlConnection, Statement, StatementResult } from "./sql-dialect.js";

/** An open SQLite database (better-sqlite3's `Database`). */
export type SqliteDatabase = Database.Database;

/**
 * SQLite's page cache per connection, in KiB (`PRAGMA cache_size` takes KiB when negative): SQLite's own
 * default. better-sqlite3 builds SQLite with 16 MiB, which a bot running for months fills as its database
 * grows (the soak measured the process's native heap growing 1.3 MiB per 1,000 jobs until the cache was
 * full); the bot reads back only recent rows and the operating system caches the file as well.
 * @see https://www.sqlite.org/pragma.html#pragma_cache_size
 */
export const PAGE_CACHE_KIB = 2000;

/**
 * Opens the database file at `file` (created if missing), or a throwaway one for `:memory:`, with a page
 * cache of {@link PAGE_CACHE_KIB}.
 * @param busyTimeoutMs how long a statement waits for another connection's lock before SQLITE_BUSY.
 */
export function openSqliteDatabase(file: string, busyTimeoutMs = 5000): SqliteDatabase {
  const db = new Database(file, { timeout: busyTimeoutMs });
  db.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
  return db;
}

/** A value as SQLite stores it: the driver refuses booleans and `undefined`. */
function bindable(value: unknown): unknown {
  if (typeof value === "boolean") return value ? 1 : 0;
  return value === undefined ? null : value;
}

/** A prepared statement and how its arguments bind. */
interface Prepared {
  statement: Database.Statement;
  /** `?NNN` parameters: the driver names them by their digits, so arguments go by number. */
  numbered: boolean;
}

/** The statements each database has prepared, by SQL text: the stores run the same few dozen again and again. */
const preparedBy = new WeakMap<SqliteDatabase, Map<string, Prepared>>();
/** More distinct statements than the stores have: a bound that only text built per call could reach. */
const MAX_PREPARED = 200;

function prepared(db: SqliteDatabase, sql: string): Prepared {
  let cache = preparedBy.get(db);
  if (!cache) preparedBy.set(db, (cache = new Map()));
  let entry = cache.get(sql);
  if (!entry) {
    if (cache.size >= MAX_PREPARED) cache.clear();
    entry = { statement: db.prepare(sql), numbered: /\?\d/.test(sql) };
    cache.set(sql, entry);
  }
  return entry;
}

/**
 * Runs one statement and gives its rows (for statements that return some: `SELECT`, `RETURNING`, answering
 * PRAGMAs) and the number of rows it changed. Statements with `?NNN` parameters take `args` by number (the
 * driver names such a parameter by its digits), others by position.
 */
export function runStatement(
  db: SqliteDatabase,
  sql: string,
  args: readonly unknown[] = [],
): StatementResult {
  const { statement, numbered } = prepared(db, sql);
  const values = args.map(bindable);
  const bound = numbered ? [Object.fromEntries(values.map((v, i) => [i + 1, v]))] : values;
  if (statement.reader) {
    const rows = statement.all(...bound) as Record<string, unknown>[];
    // A write with RETURNING gives one row per row it changed.
    return { rows, changed: statement.readonly ? 0 : rows.length };
  }
  return { rows: [], changed: statement.run(...bound).changes };
}

/** The database as a {@link SqlConnection}; closing it closes the database. */
export function sqliteConnection(db: SqliteDatabase): SqlConnection<SqliteDatabase> {
  const all = db.transaction((statements: readonly Statement[]) =>
    statements.map((s) => runStatement(db, s.sql, s.args)),
  );
  return {
    native: db,
    execute: async (sql, args) => runStatement(db, sql, args),
    // IMMEDIATE takes the write lock at BEGIN: a busy database fails there (and is retried), not part-way.
    transaction: async (statements) => all.immediate(statements),
    close: async () => {
      db.close();
    },
  };
}
