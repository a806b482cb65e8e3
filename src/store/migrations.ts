/**
 * Applies the schema (`schema.ts`) to a SQLite database. The database's `PRAGMA user_version` is the number
 * of migrations applied; each migration runs in its own write transaction and sets it, so a crash part-way
 * leaves the database at the last complete version.
 */
import { migrationsFor } from "./schema.js";
import type { Migration } from "./schema-step.js";
import type { SqliteDatabase } from "./sqlite-database.js";
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

function schemaVersion(db: SqliteDatabase): number {
  return Number(db.pragma("user_version", { simple: true }) ?? 0);
}

/**
 * Brings the database up to the last of `migrations`, one transaction per migration. Safe to run on every
 * start and from two processes at once: each transaction re-reads the version after taking the write lock.
 * @throws {StoreError} when the database was written by a newer bot (a schema this one does not know).
 */
export async function migrate(
  db: SqliteDatabase,
  path: string,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<MigrationResult> {
  const latest = migrations.length;
  const from = schemaVersion(db);
  if (from > latest) {
    throw new StoreError(
      `The database at ${path} has schema version ${from}, but this imagine-bot knows only up to ${latest}: ` +
        "it was written by a newer version. Upgrade the bot, or set DATABASE_PATH to another file.",
    );
  }
  // IMMEDIATE: the write lock is taken before the version is re-read, so two processes do not both apply it.
  const apply = db.transaction((migration: Migration) => {
    if (schemaVersion(db) < migration.version) {
      for (const sql of migration.statements) db.exec(sql);
      // PRAGMA takes no bound parameters; the version is a number from this file.
      db.pragma(`user_version = ${Math.trunc(migration.version)}`);
    }
  });
  for (const migration of migrations.slice(from)) apply.immediate(migration);
  return { from, to: schemaVersion(db) };
}
