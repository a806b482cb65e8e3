/**
 * What differs between the two SQL databases the stores speak, for statements written once. Statements use
 * Postgres's `$n` parameters (SQLite reads the same numbers as `?n`), `RETURNING` and `ON CONFLICT` (both
 * have them); the column that keeps insertion order, row locking and the conditions on the `delivered` flag
 * (SQLite's 0/1 integer, Postgres's boolean) are spelled per dialect.
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
  /**
   * Jobs still followed or not delivered yet, and jobs ended and delivered: each spelled as the WHERE of its
   * partial index (`jobs_unfinished`, `jobs_prunable`), so the planner can use the index.
   */
  readonly pending: string;
  readonly done: string;
}

/** Every dialect by name. */
export const SQL_DIALECTS: Readonly<Record<Dialect, SqlDialect>> = {
  sqlite: {
    name: "sqlite",
    rowOrder: "rowid",
    skipLocked: "",
    pending: "(outcome IS NULL OR delivered = 0)",
    done: "outcome IS NOT NULL AND delivered = 1",
  },
  postgres: {
    name: "postgres",
    rowOrder: "seq",
    skipLocked: " FOR UPDATE SKIP LOCKED",
    pending: "(outcome IS NULL OR NOT delivered)",
    done: "outcome IS NOT NULL AND delivered",
  },
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
