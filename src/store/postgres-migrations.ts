/**
 * Applies the schema (`schema.ts`) to a Postgres database: the same versioned migrations as SQLite's, recorded
 * in a `schema_migrations` table (one row per applied migration) since Postgres has no `user_version`. Each
 * migration runs in its own transaction (Postgres DDL is transactional) under an advisory lock, so several
 * bot processes may start at once.
 */
import type { Pool, PoolClient } from "pg";
import type { MigrationResult } from "./migrations.js";
import { migrationsFor } from "./schema.js";
import type { Migration } from "./schema-step.js";
import { StoreError } from "./store-error.js";

/** Every migration of the Postgres schema, oldest first. Columns match SQLite's, see `job-rows.ts`. */
export const POSTGRES_MIGRATIONS: readonly Migration[] = migrationsFor("postgres");

/** Key of the transaction-level advisory lock that serializes migrations (any constant; "imgb"). */
const MIGRATION_LOCK = 0x696d6762;

const CREATE_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version INTEGER PRIMARY KEY,
  description TEXT NOT NULL,
  applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
)`;

async function schemaVersion(db: Pick<PoolClient, "query">): Promise<number> {
  const result = await db.query<{ version: number | null }>(
    "SELECT max(version) AS version FROM schema_migrations",
  );
  return Number(result.rows[0]?.version ?? 0);
}

/** Runs `work` in a transaction holding the migration lock. */
async function locked<T>(client: PoolClient, work: () => Promise<T>): Promise<T> {
  await client.query("BEGIN");
  try {
    await client.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    const result = await work();
    await client.query("COMMIT");
    return result;
  } catch (err) {
    await client.query("ROLLBACK").catch(() => {});
    throw err;
  }
}

/**
 * Brings the database up to the last of `migrations`, one transaction per migration, each recorded in
 * `schema_migrations`. Safe on every start and from several processes at once: each transaction takes the
 * migration lock, then re-reads the version.
 * @param where how messages name the database (never with its password)
 * @throws {StoreError} when the database was written by a newer bot (a schema this one does not know).
 */
export async function migratePostgres(
  pool: Pool,
  where: string,
  migrations: readonly Migration[] = POSTGRES_MIGRATIONS,
): Promise<MigrationResult> {
  const latest = migrations.length;
  const client = await pool.connect();
  try {
    const from = await locked(client, async () => {
      await client.query(CREATE_MIGRATIONS_TABLE);
      return schemaVersion(client);
    });
    if (from > latest) {
      throw new StoreError(
        `The Postgres ${where} has schema version ${from}, but this imagine-bot knows only up to ${latest}: ` +
          "it was written by a newer version. Upgrade the bot, or point DATABASE_URL at another database.",
      );
    }
    for (const migration of migrations.slice(from)) {
      await locked(client, async () => {
        if ((await schemaVersion(client)) >= migration.version) return;
        for (const sql of migration.statements) await client.query(sql);
        await client.query("INSERT INTO schema_migrations (version, description) VALUES ($1, $2)", [
          migration.version,
          migration.description,
        ]);
      });
    }
    return { from, to: await schemaVersion(client) };
  } finally {
    client.release();
  }
}
