/**
 * {@link ServerCreateStore} in the `server_creates` table, on the job store's connection (SQLite or
 * Postgres; each statement written once with `$n`). A fleet's processes share it, so a server's daily budget
 * counts every process's creates; rows older than a day are dropped as new ones come.
 */
import {
  CREATES_KEPT_MS,
  type ServerCreate,
  type ServerCreateStore,
} from "../pool/account-health/server-creates.js";
import type { RunStatement } from "./sql-refusal-pauses.js";

/** The creates sent to each image server in the job database. */
export class SqlServerCreateStore implements ServerCreateStore {
  constructor(private readonly statement: RunStatement) {}

  async created(create: ServerCreate): Promise<void> {
    const what = `counting a create sent to the image server ${create.server}`;
    await this.statement(what, "INSERT INTO server_creates (server, at) VALUES ($1, $2)", [
      create.server,
      create.at,
    ]);
    await this.statement(what, "DELETE FROM server_creates WHERE at <= $1", [create.at - CREATES_KEPT_MS]);
  }

  async since(since: number): Promise<ServerCreate[]> {
    const { rows } = await this.statement(
      "reading the creates sent to the image servers",
      "SELECT server, at FROM server_creates WHERE at > $1 ORDER BY at",
      [since],
    );
    return rows.map((r) => ({ server: String(r["server"]), at: Number(r["at"]) }));
  }
}
