/**
 * What differs between the two SQL databases the stores speak, for statements written once. Statements use
 * Postgres's `$n` parameters (SQLite reads the same numbers as `?n`), `FALSE`/`TRUE` for booleans (both read
 * them), `RETURNING` and `ON CONFLICT` (both have them); only the column that keeps insertion order and row
 * locking are spelled per dialect.
 */

/** Which database a statement is for. */
export type Dialect = "sqlite" | "postgres";

/** The spelling of one database. */
export interface SqlDialect {
  readonly name: Dialect;
  /**
   * The column whose order is the order rows were first saved: SQLite's `rowid` (an upsert keeps the row),
   * Postgres's `seq` identity column.
   */
  readonly rowOrder: "rowid" | "seq";
  /** Appended to a `SELECT` that picks rows to update so racing updaters take different rows. */
  readonly skipLocked: string;
}

/** Every dialect by name. */
export const SQL_DIALECTS: Readonly<Record<Dialect, SqlDialect>> = {
  sqlite: { name: "sqlite", rowOrder: "rowid", skipLocked: "" },
  postgres: { name: "postgres", rowOrder: "seq", skipLocked: " FOR UPDATE SKIP LOCKED" },
};

/** `sql` with `$n` parameters as the dialect writes them. */
export function forDialect(sql: string, dialect: Dialect): string {
  return dialect === "postgres" ? sql : sql.replace(/\$(\d+)/g, "?$1");
}

/** A statement's result, the same for both drivers. */
export interface StatementResult {
  rows: readonly Readonly<Record<string, unknown>>[];
  /** Rows inserted, updated or deleted. */
  changed: number;
}

/** One statement with its parameters. */
export interface Statement {
  sql: string;
  args: unknown[];
}

/** A database connection (SQLite client or Postgres pool) as the SQL stores use it. */
export interface SqlConnection<Native> {
  /** The driver's own connection, for stores that share it (settings, daily counts). */
  readonly native: Native;
  /** Runs one statement (`$n` parameters already in the dialect's syntax). */
  execute(sql: string, args: unknown[]): Promise<StatementResult>;
  /** Runs the statements in one transaction: all of them take effect or none. */
  transaction(statements: readonly Statement[]): Promise<StatementResult[]>;
  close(): Promise<void>;
}
