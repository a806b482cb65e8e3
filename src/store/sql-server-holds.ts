/**
 * {@link ServerHoldStore} in the `server_holds` table, on the job store's connection (SQLite or Postgres;
 * each statement written once with `$n`, run through the job store's `statement`). A fleet's processes
 * share it: the first process to hold a server wins, and each reads the table again now and then.
 */
import type { AccountNoticeKind } from "../service/account-notices.js";
import type { ServerHold, ServerHoldStore } from "../pool/account-health/server-holds.js";
import type { RunStatement } from "./sql-refusal-pauses.js";

const COLUMNS = "server, kind, notice, since, until_at";

function holdOf(row: Readonly<Record<string, unknown>>): ServerHold {
  const until = row["until_at"];
  return {
    server: String(row["server"]),
    kind: String(row["kind"]) as AccountNoticeKind,
    notice: String(row["notice"]),
    since: Number(row["since"]),
    until: until === null || until === undefined ? null : Number(until),
  };
}

/** Held servers in the job database. */
export class SqlServerHoldStore implements ServerHoldStore {
  constructor(private readonly statement: RunStatement) {}

  async hold(hold: ServerHold): Promise<boolean> {
    const what = `holding the image server ${hold.server}`;
    // A hold that ended by itself gives way; an active one stays (another process held the server first).
    await this.statement(
      what,
      "DELETE FROM server_holds WHERE server = $1 AND until_at IS NOT NULL AND until_at <= $2",
      [hold.server, hold.since],
    );
    const { changed } = await this.statement(
      what,
      `INSERT INTO server_holds (${COLUMNS}) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (server) DO NOTHING`,
      [hold.server, hold.kind, hold.notice, hold.since, hold.until],
    );
    return changed > 0;
  }

  async resume(server: string): Promise<ServerHold | null> {
    const what = `resuming the image server ${server}`;
    const { rows } = await this.statement(what, `SELECT ${COLUMNS} FROM server_holds WHERE server = $1`, [
      server,
    ]);
    await this.statement(what, "DELETE FROM server_holds WHERE server = $1", [server]);
    return rows[0] ? holdOf(rows[0]) : null;
  }

  async active(now: number): Promise<ServerHold[]> {
    const { rows } = await this.statement(
      "reading the held image servers",
      `SELECT ${COLUMNS} FROM server_holds WHERE until_at IS NULL OR until_at > $1 ORDER BY server`,
      [now],
    );
    return rows.map(holdOf);
  }
}
