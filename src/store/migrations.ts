/**
 * Applies the schema (`schema.ts`) to a SQLite database. The database's `PRAGMA user_version` is the number
 * of migrations applied; each migration runs in its own write transaction and sets it, so a crash part-way
 * leaves the database at the last complete version.
 */
import type { Client } from "@libsql/client";
import { migrationsFor } from "./schema.js";
import type { Migration } from "./schema-step.js";
import { StoreError } from "./store-error.js";

export type { Migration } from "./schema-step.js";

/** Every SQLite migration, oldest first. */
export const MIGRATIONS: readonly Migration[] = migrationsFor("sqlite");

/** What {@link migrate} did. */
export interface MigrationResult {
  /** Schema version found when opening. */
  from: number;
  /** Schema version now. */
  to: number;
}

async function schemaVersion(db: Pick<Client, "execute">): Promise<number> {
  const result = await db.execute("PRAGMA user_version");
  return Number(result.rows[0]?.["user_version"] ?? 0);
}

/**
 * Brings the database up to the last of `migrations`, one transaction per migration. Safe to run on every
 * start and from two processes at once: each transaction re-reads the version after taking the write lock.
 * @throws {StoreError} when the database was written by a newer bot (a schema this one does not know).
 */
export async function migrate(
  client: Client,
  path: string,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<MigrationResult> {
  const latest = migrations.length;
  const from = await schemaVersion(client);
  if (from > latest) {
    throw new StoreError(
      `The database at ${path} has schema version ${from}, but this imagine-bot knows only up to ${latest}: ` +
        "it was written by a newer version. Upgrade the bot, or set DATABASE_PATH to another file.",
    );
  }
  for (const migration of migrations.slice(from)) {
    const tx = await client.transaction("write");
    try {
      if ((await schemaVersion(tx)) < migration.version) {
        for (const sql of migration.statements) await tx.execute(sql);
        // PRAGMA takes no bound parameters; the version is a number from this file.
        await tx.execute(`PRAGMA user_version = ${Math.trunc(migration.version)}`);
      }
      await tx.commit();
    } finally {
      tx.close();
    }
  }
  return { from, to: await schemaVersion(client) };
}
