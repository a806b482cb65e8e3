/**
 * {@link RefusalPauseStore} in the `midjourney_refusals` and `member_pauses` tables, on the job store's
 * connection (SQLite or Postgres; statements written once with `?`). DMs are kept under the server id `''`.
 */
import type pg from "pg";
import type { MemberPause, RefusalPauseStore } from "../moderation/refusal-pauses.js";
import type { OnConnection } from "./settings-rows.js";
import { runStatement, type SqliteDatabase } from "./sqlite-database.js";

/** Runs one statement (`?` placeholders) and returns its rows. */
type Run = (
  what: string,
  sql: string,
  args: readonly (string | number)[],
) => Promise<readonly Readonly<Record<string, unknown>>[]>;

/** Statements on a SQLite connection. */
export function sqliteRun(onConnection: OnConnection<SqliteDatabase>): Run {
  return (what, sql, args) => onConnection(what, async (db) => runStatement(db, sql, args).rows);
}

/** Statements on a Postgres pool (`?` numbered `$1`, `$2`, …). */
export function postgresRun(onConnection: OnConnection<pg.Pool>): Run {
  return (what, sql, args) => {
    let n = 0;
    const text = sql.replace(/\?/g, () => `$${++n}`);
    return onConnection(
      what,
      async (pool) => (await pool.query(text, [...args])).rows as Record<string, unknown>[],
    );
  };
}

function pauseOf(row: Readonly<Record<string, unknown>>): MemberPause {
  const guildId = String(row["guild_id"]);
  return {
    userId: String(row["user_id"]),
    guildId: guildId === "" ? null : guildId,
    pausedAt: Number(row["paused_at"]),
    until: Number(row["until"]),
    refusals: Number(row["refusals"]),
  };
}

const PAUSE_COLUMNS = "guild_id, user_id, paused_at, until, refusals";

/** Refusals and pauses in the job database. */
export class SqlRefusalPauseStore implements RefusalPauseStore {
  constructor(private readonly run: Run) {}

  async addRefusal(userId: string, guildId: string | null, at: number, since: number): Promise<number> {
    const place = guildId ?? "";
    const what = `counting a refusal of user ${userId}`;
    await this.run(what, "DELETE FROM midjourney_refusals WHERE guild_id = ? AND user_id = ? AND at < ?", [
      place,
      userId,
      since,
    ]);
    await this.run(what, "INSERT INTO midjourney_refusals (guild_id, user_id, at) VALUES (?, ?, ?)", [
      place,
      userId,
      at,
    ]);
    const rows = await this.run(
      what,
      "SELECT COUNT(*) AS refusals FROM midjourney_refusals WHERE guild_id = ? AND user_id = ?",
      [place, userId],
    );
    return Number(rows[0]?.["refusals"] ?? 0);
  }

  async savePause(pause: MemberPause): Promise<void> {
    await this.run(
      `pausing user ${pause.userId}`,
      `INSERT INTO member_pauses (${PAUSE_COLUMNS}) VALUES (?, ?, ?, ?, ?) ` +
        "ON CONFLICT (guild_id, user_id) DO UPDATE SET paused_at = excluded.paused_at, " +
        "until = excluded.until, refusals = excluded.refusals",
      [pause.guildId ?? "", pause.userId, pause.pausedAt, pause.until, pause.refusals],
    );
  }

  async activePause(userId: string, guildId: string | null, now: number): Promise<MemberPause | null> {
    const rows = await this.run(
      `reading the pause of user ${userId}`,
      `SELECT ${PAUSE_COLUMNS} FROM member_pauses WHERE guild_id = ? AND user_id = ? AND until > ?`,
      [guildId ?? "", userId, now],
    );
    return rows[0] ? pauseOf(rows[0]) : null;
  }

  async activePauses(guildId: string | null, now: number): Promise<MemberPause[]> {
    const rows = await this.run(
      "reading the pauses of a server",
      `SELECT ${PAUSE_COLUMNS} FROM member_pauses WHERE guild_id = ? AND until > ? ORDER BY until`,
      [guildId ?? "", now],
    );
    return rows.map(pauseOf);
  }

  async lift(userId: string, guildId: string | null, now: number): Promise<boolean> {
    const place = guildId ?? "";
    const what = `lifting the pause of user ${userId}`;
    const active = (await this.activePause(userId, guildId, now)) !== null;
    await this.run(what, "DELETE FROM member_pauses WHERE guild_id = ? AND user_id = ?", [place, userId]);
    await this.run(what, "DELETE FROM midjourney_refusals WHERE guild_id = ? AND user_id = ?", [
      place,
      userId,
    ]);
    return active;
  }
}
