/**
 * Errors of the SQLite job store, with messages written for the person running the bot: they name the
 * database path, what went wrong, and what to do. No stack traces in the message (the cause keeps them).
 */
import { errorMessage } from "../errors.js";

/** A problem with the job database. `message` is complete and actionable on its own. */
export class StoreError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "StoreError";
  }
}

/** The SQLite result code of a driver error (`SQLITE_BUSY`, ...), or the system error code (`EACCES`, ...). */
export function sqliteCode(err: unknown): string | undefined {
  if (typeof err !== "object" || err === null) return undefined;
  const code = (err as { code?: unknown }).code;
  return typeof code === "string" && code !== "" ? code : undefined;
}

/** The error's first line without the `SQLITE_XYZ: ` / `EACCES: ` prefix. */
export function causeText(err: unknown): string {
  const text = errorMessage(err).split("\n")[0] ?? "";
  return text.replace(/^[A-Z_]+: /, "") || sqliteCode(err) || "unknown error";
}

const ELSEWHERE = "or set DATABASE_PATH to another file";

/** Why the directory `dir` that should hold the database at `path` could not be created. */
export function directoryFailure(dir: string, path: string, err: unknown): StoreError {
  const code = sqliteCode(err);
  const cause =
    code === "EEXIST" || code === "ENOTDIR" ? "a file is in the way of the directory" : causeText(err);
  return new StoreError(
    `Cannot create the directory ${dir} for the database at ${path} (${cause}). ` +
      `Check the path and that the bot's user may write there, ${ELSEWHERE}.`,
    { cause: err },
  );
}

/** Why the database at `path` could not be used at start, as a {@link StoreError}. */
export function openFailure(path: string, err: unknown): StoreError {
  if (err instanceof StoreError) return err;
  const cause = causeText(err);
  const code = sqliteCode(err) ?? "";
  let message: string;
  if (code === "SQLITE_NOTADB") {
    message =
      `The database at ${path} is not a SQLite database (${cause}). ` +
      `Move it away ${ELSEWHERE}; jobs in it cannot be resumed.`;
  } else if (code === "SQLITE_CORRUPT") {
    message =
      `The database at ${path} is damaged (${cause}). ` +
      `Move it away (and its -wal and -shm files) ${ELSEWHERE}; jobs in it cannot be resumed.`;
  } else if (/^(SQLITE_(CANTOPEN|READONLY|PERM|IOERR|FULL|AUTH)|E[A-Z]+)/.test(code)) {
    message =
      `Cannot create or write the database at ${path} (${cause}). ` +
      `Check the directory exists, the bot's user may write to it and the disk is not full, ${ELSEWHERE}.`;
  } else if (code === "SQLITE_BUSY" || code === "SQLITE_LOCKED") {
    message =
      `The database at ${path} is locked by another process (${cause}). ` +
      `Stop the other bot using it ${ELSEWHERE}.`;
  } else {
    message = `The database at ${path} cannot be used (${cause}). Move it away ${ELSEWHERE}.`;
  }
  return new StoreError(message, { cause: err });
}

/** Failures that may pass if the operation is tried again: locks, I/O hiccups, a full disk being cleared. */
export function isTransient(err: unknown): boolean {
  return /^SQLITE_(BUSY|LOCKED|IOERR|FULL|PROTOCOL|CANTOPEN)/.test(sqliteCode(err) ?? "");
}
