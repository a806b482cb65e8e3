/**
 * {@link SettingsRows} of the two databases, on the job store's connection. SQLite compares and swaps (a
 * write lands only if the row is still what was read, else it is read again), which needs no transaction
 * held across awaits and so also works on a single-connection `:memory:` database; Postgres locks the row
 * (`SELECT … FOR UPDATE`) in a transaction.
 */
import type pg from "pg";
import { runStatement, type SqliteDatabase } from "./sqlite-database.js";
import type { SettingsRows, SettingsTable } from "./sql-settings-store.js";
import { StoreError } from "./store-error.js";

/** Runs one database operation with the job store's retries and closed check. */
export type OnConnection<C> = <T>(what: string, op: (connection: C) => Promise<T>) => Promise<T>;

/** Compare-and-swap rounds before an update gives up (only reached under absurd contention). */
const MAX_ROUNDS = 50;

/** Settings rows on a SQLite connection. */
export class SqliteSettingsRows implements SettingsRows {
  constructor(
    private readonly onConnection: OnConnection<SqliteDatabase>,
    private readonly now: () => number,
  ) {}

  async read(table: SettingsTable, id: string): Promise<string | undefined> {
    const result = await this.onConnection(`reading the settings of ${table.key} ${id}`, async (db) =>
      runStatement(db, `SELECT settings FROM ${table.name} WHERE ${table.key} = ?`, [id]),
    );
    const text = result.rows[0]?.["settings"];
    return typeof text === "string" ? text : undefined;
  }

  async update(
    table: SettingsTable,
    id: string,
    next: (current: string | undefined) => string,
  ): Promise<void> {
    const what = `updating the settings of ${table.key} ${id}`;
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const current = await this.read(table, id);
      const written = next(current);
      const result = await this.onConnection(what, async (db) =>
        current === undefined
          ? runStatement(
              db,
              `INSERT INTO ${table.name} (${table.key}, settings, updated_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`,
              [id, written, this.now()],
            )
          : runStatement(
              db,
              `UPDATE ${table.name} SET settings = ?, updated_at = ? WHERE ${table.key} = ? AND settings = ?`,
              [written, this.now(), id, current],
            ),
      );
      if (result.changed === 1) return;
    }
    throw new StoreError(`${what} gave up: the row kept changing under it.`);
  }
}

/** Settings rows on a Postgres pool. */
export class PostgresSettingsRows implements SettingsRows {
  constructor(
    private readonly onConnection: OnConnection<pg.Pool>,
    private readonly now: () => number,
  ) {}

  async read(table: SettingsTable, id: string): Promise<string | undefined> {
    const result = await this.onConnection(`reading the settings of ${table.key} ${id}`, (pool) =>
      pool.query<{ settings: string }>(
        `SELECT settings::text AS settings FROM ${table.name} WHERE ${table.key} = $1`,
        [id],
      ),
    );
    return result.rows[0]?.settings;
  }

  async update(
    table: SettingsTable,
    id: string,
    next: (current: string | undefined) => string,
  ): Promise<void> {
    // What `next` throws (settings the schema refuses) is the caller's error, not the database's.
    let refused: { error: unknown } | undefined;
    await this.onConnection(`updating the settings of ${table.key} ${id}`, async (pool) => {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        // A row must exist to be locked: two first updates would otherwise both read nothing.
        await client.query(
          `INSERT INTO ${table.name} (${table.key}, settings, updated_at) VALUES ($1, '{}', $2) ON CONFLICT DO NOTHING`,
          [id, this.now()],
        );
        const locked = await client.query<{ settings: string }>(
          `SELECT settings::text AS settings FROM ${table.name} WHERE ${table.key} = $1 FOR UPDATE`,
          [id],
        );
        let written: string;
        try {
          written = next(locked.rows[0]?.settings);
        } catch (error) {
          refused = { error };
          await client.query("ROLLBACK");
          return;
        }
        await client.query(
          `UPDATE ${table.name} SET settings = $2::jsonb, updated_at = $3 WHERE ${table.key} = $1`,
          [id, written, this.now()],
        );
        await client.query("COMMIT");
      } catch (err) {
        await client.query("ROLLBACK").catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    });
    if (refused) throw refused.error;
  }
}
