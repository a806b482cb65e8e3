import { describe, expect, test } from "vitest";
import Database from "better-sqlite3";
import { isTransient, openFailure, sqliteCode, StoreError } from "../../src/store/store-error.js";

const PATH = "./data/imagine-bot.db";
/** An error as the SQLite driver throws it: SQLite's message, its result code apart. */
const sqliteError = (code: string, text: string) => new Database.SqliteError(text, code);

describe("openFailure", () => {
  test.each([
    [
      "a file that is not a database",
      sqliteError("SQLITE_NOTADB", "file is not a database"),
      "is not a SQLite database (file is not a database)",
    ],
    [
      "a damaged file",
      sqliteError("SQLITE_CORRUPT", "database disk image is malformed"),
      "is damaged (database disk image is malformed)",
    ],
    [
      "a read-only file",
      sqliteError("SQLITE_READONLY", "attempt to write a readonly database"),
      "Cannot create or write the database",
    ],
    ["a full disk", sqliteError("SQLITE_FULL", "database or disk is full"), "the disk is not full"],
    [
      "a lock held by another process",
      sqliteError("SQLITE_BUSY", "database is locked"),
      "is locked by another process",
    ],
    [
      "a file that cannot be opened",
      sqliteError("SQLITE_CANTOPEN", "unable to open database file"),
      "(unable to open database file)",
    ],
    [
      "an unexpected error with a stack",
      new Error("something unexpected\n    at frame (file.js:1:1)"),
      "cannot be used (something unexpected)",
    ],
  ])("explains %s with the path and what to do", (_what, cause, expected) => {
    const error = openFailure(PATH, cause);
    expect(error).toBeInstanceOf(StoreError);
    expect(error.message).toContain(PATH);
    expect(error.message).toContain(expected);
    expect(error.message).toContain("DATABASE_PATH");
    expect(error.message).not.toContain("\n");
    expect(error.cause).toBe(cause);
  });

  test("passes a StoreError through unchanged", () => {
    const error = new StoreError("already explained");
    expect(openFailure(PATH, error)).toBe(error);
  });
});

describe("isTransient", () => {
  test.each([
    ["SQLITE_BUSY", true],
    ["SQLITE_LOCKED", true],
    ["SQLITE_IOERR", true],
    ["SQLITE_FULL", true],
    ["SQLITE_CONSTRAINT", false],
    ["SQLITE_NOTADB", false],
    ["SQLITE_READONLY", false],
    ["CLIENT_CLOSED", false],
  ])("treats %s as transient: %s", (code, transient) => {
    expect(isTransient(sqliteError(code, "x"))).toBe(transient);
  });

  test("an error without a code is not transient", () => {
    expect(sqliteCode(new Error("boom"))).toBeUndefined();
    expect(isTransient(new Error("boom"))).toBe(false);
  });
});
