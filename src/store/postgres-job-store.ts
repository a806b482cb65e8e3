/**
 * The {@link JobStore} that keeps jobs in a Postgres database (`DATABASE_URL`), for bots that outgrow one
 * SQLite file. Open it with {@link openPostgresJobStore}: that connects, applies the schema and checks the
 * database takes writes, so a wrong URL, an unreachable server or a refused password stops the bot at start
 * with a {@link StoreError} saying what to do (and never quoting the password).
 */
import pg from "pg";
import type { FleetChannels } from "../fleet/fleet-channels.js";
import { silentLogger } from "../logger.js";
import {
  describeTarget,
  isTransientPostgresError,
  postgresCauseText,
  postgresOpenFailure,
  postgresTarget,
  type PostgresTarget,
} from "./postgres-errors.js";
import { PostgresHints, PostgresSubmissionLedger } from "./postgres-fleet.js";
import { PostgresServerSlots } from "./postgres-server-slots.js";
import { migratePostgres } from "./postgres-migrations.js";
import { PostgresServiceSlots } from "./postgres-service-slots.js";
import { SQL_DIALECTS, type SqlConnection, type StatementResult } from "./sql-dialect.js";
import { keepsTestWrite, SqlJobStore, type SqlJobStoreOptions } from "./sql-job-store.js";
import { StoreError } from "./store-error.js";

/** Options of {@link openPostgresJobStore}. Durations in milliseconds. */
export interface PostgresJobStoreOptions extends SqlJobStoreOptions {
  /** Most connections the pool opens. Default 10. */
  maxConnections?: number;
  /** How long to wait for a connection (new, or free in the pool) before failing. Default 5000. */
  connectTimeoutMs?: number;
}

/** Times are ms epochs in BIGINT columns: read them as numbers (all are safe integers), not pg's strings. */
const TYPES: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === pg.types.builtins.INT8 && format !== "binary"
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig["getTypeParser"],
};

/**
 * Opens the Postgres job database at `url` (postgres:// or postgresql://): connects, applies pending
 * migrations, then writes and reads back a row.
 * @throws {StoreError} naming the server and what to do when it cannot be reached, refuses the user or
 *   password, has no such database, or holds a schema from a newer version of the bot.
 */
export async function openPostgresJobStore(
  url: string,
  options: PostgresJobStoreOptions = {},
): Promise<PostgresJobStore> {
  const log = options.logger ?? silentLogger;
  const now = options.now ?? Date.now;
  const target = postgresTarget(url);
  const where = describeTarget(target);
  const pool = new pg.Pool({
    connectionString: url,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
    types: TYPES,
    application_name: "imagine-bot",
  });
  // A pooled connection that drops while idle is reported here; without a listener it would end the process.
  pool.on("error", (err) =>
    log.warn({ err: postgresCauseText(err, target) }, "idle Postgres connection lost"),
  );
  try {
    const { from, to } = await migratePostgres(pool, where);
    await checkWritable(pool, where, now());
    log.info(
      {
        database: target.database,
        server: target.server,
        schemaVersion: to,
        ...(from !== to ? { migratedFrom: from } : {}),
      },
      "job store opened",
    );
    return new PostgresJobStore(pool, target, { ...options, logger: log, now });
  } catch (err) {
    await pool.end().catch(() => {});
    throw postgresOpenFailure(target, err);
  }
}

/** Writes the open time to `store_meta` and reads it back: proves the database takes writes now. */
async function checkWritable(pool: pg.Pool, where: string, at: number): Promise<void> {
  if (!(await keepsTestWrite(postgresConnection(pool), SQL_DIALECTS.postgres, at))) {
    throw new StoreError(`The Postgres ${where} did not keep a test write. Check DATABASE_URL.`);
  }
}

const result = (r: pg.QueryResult): StatementResult => ({ rows: r.rows, changed: r.rowCount ?? 0 });

/** The pool as a {@link SqlConnection}; a transaction holds one of its connections until it ends. */
function postgresConnection(pool: pg.Pool): SqlConnection<pg.Pool> {
  return {
    native: pool,
    execute: async (sql, args) => result(await pool.query(sql, args)),
    transaction: async (statements) => {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query("BEGIN");
        const results: StatementResult[] = [];
        for (const s of statements) results.push(result(await client.query(s.sql, s.args)));
        await client.query("COMMIT");
        return results;
      } catch (err) {
        await client.query("ROLLBACK").catch((rollback: unknown) => {
          // A connection that cannot even roll back is dropped from the pool, not handed out again.
          broken = rollback instanceof Error ? rollback : new Error(String(rollback));
        });
        throw err;
      } finally {
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}

/**
 * The {@link SqlJobStore} on Postgres; every write is one atomic statement (or one transaction), so
 * processes sharing the database may save and record at once. An operation failing with a transient error
 * (lost connection, deadlock, server restarting) is tried again a few times with backoff; then, like any
 * other failure, it throws a {@link StoreError}.
 */
export class PostgresJobStore extends SqlJobStore<pg.Pool> {
  /** Several bot processes share the database: leases decide who follows which job. */
  readonly shared = true;
  readonly fleet: FleetChannels;
  private readonly slots: PostgresServiceSlots[] = [];
  /** How messages name the database: `database imagine on db:5432`. */
  readonly where: string;

  /** Use {@link openPostgresJobStore}, which prepares the database first. */
  constructor(pool: pg.Pool, target: PostgresTarget, options: PostgresJobStoreOptions = {}) {
    const where = describeTarget(target);
    super(postgresConnection(pool), SQL_DIALECTS.postgres, options, {
      isTransient: isTransientPostgresError,
      causeText: (err) => postgresCauseText(err, target),
      where: `Postgres ${where}`,
      named: `(Postgres ${where})`,
    });
    this.where = where;
    this.fleet = {
      ledger: new PostgresSubmissionLedger(pool, this.now),
      hints: new PostgresHints(pool, this.now, this.log),
      serverSlots: new PostgresServerSlots(pool, this.now),
      serviceSlots: (limits) => {
        const slots = new PostgresServiceSlots(pool, { ...limits, logger: this.log });
        this.slots.push(slots);
        return slots;
      },
    };
  }

  protected override async beforeClose(): Promise<void> {
    await this.fleet.hints.stop();
    for (const slots of this.slots) await slots.stop();
  }
}
