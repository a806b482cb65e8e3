/**
 * Errors of the Postgres job store, written for the person running the bot like those of the SQLite store:
 * they name the server and database (never the password), what went wrong and what to do.
 * @see https://www.postgresql.org/docs/current/errcodes-appendix.html for the SQLSTATE codes
 */
import { errorMessage } from "../errors.js";
import { StoreError } from "./store-error.js";

/** Where a `DATABASE_URL` points, without its credentials, for messages and logs. */
export interface PostgresTarget {
  /** `host:port` of the server. */
  server: string;
  database: string;
  user: string;
  /** Removed from any message, in case a driver error ever quotes it. */
  password: string;
}

/** The server, database and user of `url` (a postgres:// URL, as validated by the config). */
export function postgresTarget(url: string): PostgresTarget {
  const u = new URL(url);
  const decode = (s: string) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  };
  return {
    server: `${u.hostname || "localhost"}:${u.port || "5432"}`,
    database: decode(u.pathname.replace(/^\//, "")) || decode(u.username) || "postgres",
    user: decode(u.username) || "postgres",
    password: decode(u.password),
  };
}

/** `database imagine on db:5432`: how messages name the database. */
export function describeTarget(target: PostgresTarget): string {
  return `database ${target.database} on ${target.server}`;
}

/** The SQLSTATE of a server error (`28P01`, ...) or the Node error code of a socket error (`ECONNREFUSED`). */
export function postgresCode(err: unknown): string | undefined {
  if (typeof err !== "object" || err === null) return undefined;
  const code = (err as { code?: unknown }).code;
  return typeof code === "string" && code !== "" ? code : undefined;
}

/** The error's first line, or its code when it has no message (Node's AggregateError), without the password. */
export function postgresCauseText(err: unknown, target: PostgresTarget): string {
  let text = errorMessage(err).split("\n")[0] || postgresCode(err) || "unknown error";
  if (target.password) text = text.split(target.password).join("[redacted]");
  return text;
}

const UNREACHABLE = /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|ETIMEDOUT)$/;
const CONNECTION_LOST = /Connection terminated|timeout exceeded when trying to connect|connection timeout/i;

/** Why the Postgres database could not be used at start, as a {@link StoreError}. */
export function postgresOpenFailure(target: PostgresTarget, err: unknown): StoreError {
  if (err instanceof StoreError) return err;
  const cause = postgresCauseText(err, target);
  const code = postgresCode(err) ?? "";
  const where = describeTarget(target);
  let message: string;
  if (UNREACHABLE.test(code) || CONNECTION_LOST.test(cause) || code.startsWith("08")) {
    message =
      `Cannot reach the Postgres server at ${target.server} (${cause}). Check the host and port in ` +
      "DATABASE_URL and that the server is running and accepts connections from this machine.";
  } else if (code === "28P01" || code === "28000") {
    message =
      `The Postgres server at ${target.server} refused user ${target.user} (${cause}). ` +
      "Check the user name and password in DATABASE_URL and the server's pg_hba.conf.";
  } else if (code === "3D000") {
    message =
      `The database ${target.database} does not exist on the Postgres server at ${target.server}. ` +
      `Create it (createdb ${target.database}) or fix the database name in DATABASE_URL.`;
  } else if (code === "42501") {
    message =
      `User ${target.user} may not create or write the tables of the ${where} (${cause}). ` +
      "Grant it the rights (e.g. make it the database's owner) or use another user in DATABASE_URL.";
  } else {
    message = `The Postgres ${where} cannot be used (${cause}). Check DATABASE_URL.`;
  }
  return new StoreError(message, { cause: err });
}

/**
 * Failures that may pass if the operation is tried again: serialization failures and deadlocks, a server
 * restarting or out of connections, a dropped connection.
 */
export function isTransientPostgresError(err: unknown): boolean {
  const code = postgresCode(err) ?? "";
  return (
    /^(40001|40P01|55P03|53300|57P0[123]|08\d\d\d|ECONNRESET|ECONNREFUSED|EPIPE|ETIMEDOUT)$/.test(code) ||
    CONNECTION_LOST.test(errorMessage(err))
  );
}
