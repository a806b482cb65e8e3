/**
 * {@link RefusalPauseStore} in the `midjourney_refusals` and `member_pauses` tables, on the job store's
 * connection (SQLite or Postgres; each statement written once with `$n`, run through the job store's
 * `statement`). DMs are kept under the server id `''`.
 */
import type { MemberPause, RefusalPauseStore } from "../moderation/refusal-pauses.js";
import type { StatementResult } from "./sql-dialect.js";

/** Runs one statement (`$n` parameters) on the job store's connection: `SqlJobStore.statement`. */
export type RunStatement = (what: string, sql: string, args: unknown[]) => Promise<StatementResult>;

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
  constructor(private readonly statement: RunStatement) {}

  async addRefusal(userId: string, guildId: string | null, at: number, since: number): Promise<number> {
    const place = guildId ?? "";
    const what = `counting a refusal of user ${userId}`;
    await this.statement(
      what,
      "DELETE FROM midjourney_refusals WHERE guild_id = $1 AND user_id = $2 AND at < $3",
      [place, userId, since],
    );
    await this.statement(
      what,
      "INSERT INTO midjourney_refusals (guild_id, user_id, at) VALUES ($1, $2, $3)",
      [place, userId, at],
    );
    const { rows } = await this.statement(
      what,
      "SELECT COUNT(*) AS refusals FROM midjourney_refusals WHERE guild_id = $1 AND user_id = $2",
      [place, userId],
    );
    return Number(rows[0]?.["refusals"] ?? 0);
  }

  async savePause(pause: MemberPause): Promise<void> {
    const place = pause.guildId ?? "";
    const what = `pausing user ${pause.userId}`;
    await this.statement(
      what,
      `INSERT INTO member_pauses (${PAUSE_COLUMNS}) VALUES ($1, $2, $3, $4, $5) ` +
        "ON CONFLICT (guild_id, user_id) DO UPDATE SET paused_at = excluded.paused_at, " +
        "until = excluded.until, refusals = excluded.refusals",
      [place, pause.userId, pause.pausedAt, pause.until, pause.refusals],
    );
    // After the pause is saved: a failure here re-pauses early rather than leaving a member unpaused.
    await this.forgetRefusals(what, place, pause.userId);
  }

  async activePause(userId: string, guildId: string | null, now: number): Promise<MemberPause | null> {
    const { rows } = await this.statement(
      `reading the pause of user ${userId}`,
      `SELECT ${PAUSE_COLUMNS} FROM member_pauses WHERE guild_id = $1 AND user_id = $2 AND until > $3`,
      [guildId ?? "", userId, now],
    );
    return rows[0] ? pauseOf(rows[0]) : null;
  }

  async activePauses(guildId: string | null, now: number): Promise<MemberPause[]> {
    const { rows } = await this.statement(
      "reading the pauses of a server",
      `SELECT ${PAUSE_COLUMNS} FROM member_pauses WHERE guild_id = $1 AND until > $2 ORDER BY until`,
      [guildId ?? "", now],
    );
    return rows.map(pauseOf);
  }

  async lift(userId: string, guildId: string | null, now: number): Promise<boolean> {
    const place = guildId ?? "";
    const what = `lifting the pause of user ${userId}`;
    const active = (await this.activePause(userId, guildId, now)) !== null;
    await this.statement(what, "DELETE FROM member_pauses WHERE guild_id = $1 AND user_id = $2", [
      place,
      userId,
    ]);
    await this.forgetRefusals(what, place, userId);
    return active;
  }

  async prune(refusalsBefore: number, now: number): Promise<number> {
    const what = "pruning old refusals and ended pauses";
    const refusals = await this.statement(what, "DELETE FROM midjourney_refusals WHERE at < $1", [
      refusalsBefore,
    ]);
    const pauses = await this.statement(what, "DELETE FROM member_pauses WHERE until <= $1", [now]);
    return refusals.changed + pauses.changed;
  }

  private async forgetRefusals(what: string, place: string, userId: string): Promise<void> {
    await this.statement(what, "DELETE FROM midjourney_refusals WHERE guild_id = $1 AND user_id = $2", [
      place,
      userId,
    ]);
  }
}
