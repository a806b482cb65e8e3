import { chmodSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { MIGRATIONS } from "../../src/store/migrations.js";
import { openSqliteJobStore } from "../../src/store/sqlite-job-store.js";
import { StoreError } from "../../src/store/store-error.js";
import { makeJob, tempDir } from "./store-fixtures.js";

let dir: string;
let cleanup: () => void;
const connections: Database.Database[] = [];

beforeEach(() => {
  ({ dir, cleanup } = tempDir());
});
afterEach(() => {
  for (const c of connections.splice(0)) c.close();
  cleanup();
});

/** A second connection to the database file, as another process would have. */
function connect(path: string): Database.Database {
  const db = new Database(path, { timeout: 0 });
  connections.push(db);
  return db;
}

async function openError(path: string): Promise<StoreError> {
  const error = await openSqliteJobStore(path).then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(StoreError);
  return error as StoreError;
}

describe("openSqliteJobStore", () => {
  test("reopening the same file keeps jobs and submission times, like a restart", async () => {
    const path = join(dir, "jobs.db");
    const first = await openSqliteJobStore(path);
    await first.save(makeJob());
    await first.recordSubmission("18446744073709551615", 1_700_000_000_123);
    await first.close();

    const second = await openSqliteJobStore(path);
    expect(await second.unfinished()).toStrictEqual([makeJob()]);
    expect(await second.getLastSubmission("18446744073709551615")).toBe(1_700_000_000_123);
    await second.close();
  });

  test("creates missing parent directories and works with spaces and # in the path", async () => {
    const path = join(dir, "nested dir", "#data", "imagine bot.db");
    const store = await openSqliteJobStore(path);
    await store.save(makeJob());
    await store.close();
    const reopened = await openSqliteJobStore(path);
    expect(await reopened.get(makeJob().imageId)).toStrictEqual(makeJob());
    await reopened.close();
  });

  test("puts the database in WAL mode at the latest schema version", async () => {
    const path = join(dir, "jobs.db");
    await (await openSqliteJobStore(path)).close();
    const other = connect(path);
    expect(other.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(other.pragma("user_version", { simple: true })).toBe(MIGRATIONS.length);
  });

  test("a new database file is readable and writable by its owner only; an existing one keeps its mode", async () => {
    const path = join(dir, "jobs.db");
    await (await openSqliteJobStore(path)).close();
    expect(statSync(path).mode & 0o777).toBe(0o600);
    chmodSync(path, 0o640);
    await (await openSqliteJobStore(path)).close();
    expect(statSync(path).mode & 0o777).toBe(0o640);
  });

  test("opens a throwaway database for :memory:", async () => {
    const store = await openSqliteJobStore(":memory:");
    await store.save(makeJob());
    expect(await store.get(makeJob().imageId)).toStrictEqual(makeJob());
    await store.close();
  });

  test("a file that is not a database stops the open with a message naming the path and what to do", async () => {
    const path = join(dir, "imagine-bot.db");
    writeFileSync(path, randomBytes(8192));
    const error = await openError(path);
    expect(error.message).toBe(
      `The database at ${path} is not a SQLite database (file is not a database). ` +
        "Move it away or set DATABASE_PATH to another file; jobs in it cannot be resumed.",
    );
  });

  test("a path whose parent is a regular file gives a clear error naming the directory", async () => {
    const blocker = join(dir, "not-a-directory");
    writeFileSync(blocker, "x");
    const path = join(blocker, "data", "imagine-bot.db");
    const error = await openError(path);
    expect(error.message).toBe(
      `Cannot create the directory ${join(blocker, "data")} for the database at ${path} ` +
        "(a file is in the way of the directory). Check the path and that the bot's user may write there, " +
        "or set DATABASE_PATH to another file.",
    );
  });

  test("a path that is a directory is refused with a suggested file name", async () => {
    const path = join(dir, "data");
    mkdirSync(path);
    const error = await openError(path);
    expect(error.message).toBe(
      `The database path ${path} is a directory. Set DATABASE_PATH to a file, e.g. ${join(path, "imagine-bot.db")}.`,
    );
  });

  test("a database from a newer version of the bot is refused", async () => {
    const path = join(dir, "jobs.db");
    await (await openSqliteJobStore(path)).close();
    connect(path).pragma(`user_version = ${MIGRATIONS.length + 1}`);
    const error = await openError(path);
    expect(error.message).toContain(`The database at ${path} has schema version ${MIGRATIONS.length + 1}`);
    expect(error.message).toContain("Upgrade the bot");
  });
});

describe("SqliteJobStore at run time", () => {
  const path = () => join(dir, "jobs.db");

  /** Holds the write lock from another connection until `release` is called. */
  async function lockDatabase() {
    // BEGIN IMMEDIATE takes the write lock at once.
    const other = connect(path());
    other.exec("BEGIN IMMEDIATE");
    return async () => {
      other.exec("ROLLBACK");
    };
  }

  test("a save that finds the database busy is tried again after a backoff and succeeds", async () => {
    const sleeps: number[] = [];
    const lock: { release?: () => Promise<void> } = {};
    const store = await openSqliteJobStore(path(), {
      busyTimeoutMs: 0,
      sleep: async (ms) => {
        sleeps.push(ms);
        await lock.release?.();
      },
    });
    lock.release = await lockDatabase();
    await store.save(makeJob());
    expect(sleeps).toEqual([100]);
    expect(await store.get(makeJob().imageId)).toStrictEqual(makeJob());
    await store.close();
  });

  test("a save that stays busy gives up after the last attempt with a StoreError", async () => {
    const sleeps: number[] = [];
    const store = await openSqliteJobStore(path(), {
      busyTimeoutMs: 0,
      attempts: 3,
      retryDelayMs: 50,
      sleep: async (ms) => void sleeps.push(ms),
    });
    const release = await lockDatabase();
    const error = await store.save(makeJob()).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).message).toBe(
      `Saving job ${makeJob().imageId} failed after 3 attempts (database ${path()}): database is locked`,
    );
    expect(sleeps).toEqual([50, 100]);
    await release();
    await store.save(makeJob());
    expect(await store.get(makeJob().imageId)).toStrictEqual(makeJob());
    await store.close();
  });

  test("an error that retrying cannot fix is thrown at once", async () => {
    const sleeps: number[] = [];
    const store = await openSqliteJobStore(path(), { sleep: async (ms) => void sleeps.push(ms) });
    const error = await store.save(makeJob({ startedAt: 1.5 })).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).message).toMatch(/^Saving job .* failed \(database .*\): /);
    expect(sleeps).toEqual([]);
    await store.close();
  });

  test("a stored row with values no job can have gives an error naming the bad columns", async () => {
    const store = await openSqliteJobStore(path());
    await store.save(makeJob());
    connect(path()).exec("UPDATE jobs SET outcome = 'exploded', source = 'carrier-pigeon'");
    await expect(store.get(makeJob().imageId)).rejects.toThrow(
      `the stored job ${makeJob().imageId} has invalid values in: source, outcome`,
    );
    await store.close();
  });

  test("an upscale row whose detail is not an upscale's gives an error naming the kind and column", async () => {
    const store = await openSqliteJobStore(path());
    await store.save(makeJob());
    connect(path()).exec("UPDATE jobs SET kind = 'upscale'");
    await expect(store.get(makeJob().imageId)).rejects.toThrow(
      `the stored job ${makeJob().imageId} has an invalid upscale kind_detail`,
    );
    await store.close();
  });

  test("an upscale row of an older version without its parent gives an error saying what is missing", async () => {
    const store = await openSqliteJobStore(path());
    await store.save(makeJob());
    connect(path()).exec("UPDATE jobs SET kind = 'upscale', kind_detail = NULL");
    await expect(store.get(makeJob().imageId)).rejects.toThrow(
      `the stored job ${makeJob().imageId} is an upscale without its parent_id, parent_index or upscale_factor`,
    );
    await store.close();
  });

  test("using the store after close throws a StoreError", async () => {
    const store = await openSqliteJobStore(path());
    await store.close();
    await expect(store.get("x")).rejects.toThrow(
      `Cannot finish reading job x: the job store at ${path()} is closed.`,
    );
  });
});
