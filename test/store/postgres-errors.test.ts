import { describe, expect, test } from "vitest";
import {
  isTransientPostgresError,
  postgresOpenFailure,
  postgresTarget,
} from "../../src/store/postgres-errors.js";
import { StoreError } from "../../src/store/store-error.js";

/** Like the errors pg throws: a server error has a SQLSTATE `code`, a socket error a Node `code`. */
const pgError = (code: string | undefined, message: string) => Object.assign(new Error(message), { code });

describe("postgresTarget", () => {
  test.each([
    ["postgres://bot:p%40ss@db.internal:6543/imagine", "db.internal:6543", "imagine", "bot", "p@ss"],
    ["postgresql://localhost", "localhost:5432", "postgres", "postgres", ""],
    ["postgres://bot@[::1]/jobs%20db", "[::1]:5432", "jobs db", "bot", ""],
  ])("%s names server %s, database %s, user %s", (url, server, database, user, password) => {
    expect(postgresTarget(url)).toEqual({ server, database, user, password });
  });
});

describe("postgresOpenFailure", () => {
  const target = postgresTarget("postgres://bot:hunter2-secret@db:5432/imagine");

  test.each([
    [
      "a refused connection",
      pgError("ECONNREFUSED", ""),
      "Cannot reach the Postgres server at db:5432 (ECONNREFUSED)",
    ],
    ["an unknown host", pgError("ENOTFOUND", "getaddrinfo ENOTFOUND db"), "Cannot reach the Postgres server"],
    ["a connect timeout", pgError(undefined, "timeout exceeded when trying to connect"), "Cannot reach"],
    [
      "a wrong password",
      pgError("28P01", 'password authentication failed for user "bot"'),
      "refused user bot",
    ],
    ["a missing database", pgError("3D000", 'database "imagine" does not exist'), "createdb imagine"],
    ["missing rights", pgError("42501", "permission denied for schema public"), "may not create or write"],
    [
      "anything else",
      pgError("XX000", "internal error hunter2-secret\n  detail"),
      "cannot be used (internal error [redacted])",
    ],
  ])("explains %s with the server and what to do, never the password", (_what, cause, expected) => {
    const error = postgresOpenFailure(target, cause);
    expect(error).toBeInstanceOf(StoreError);
    expect(error.message).toContain(expected);
    expect(error.message).toContain("DATABASE_URL");
    expect(error.message).not.toContain("hunter2-secret");
    expect(error.message).not.toContain("\n");
    expect(error.cause).toBe(cause);
  });
});

describe("isTransientPostgresError", () => {
  test.each([
    ["40001", "could not serialize access", true],
    ["40P01", "deadlock detected", true],
    ["57P01", "terminating connection due to administrator command", true],
    ["53300", "sorry, too many clients already", true],
    ["ECONNRESET", "read ECONNRESET", true],
    [undefined, "Connection terminated unexpectedly", true],
    ["23505", "duplicate key value violates unique constraint", false],
    ["22P02", "invalid input syntax for type bigint", false],
    ["28P01", "password authentication failed", false],
  ])("treats %s (%s) as transient: %s", (code, message, transient) => {
    expect(isTransientPostgresError(pgError(code, message))).toBe(transient);
  });
});
