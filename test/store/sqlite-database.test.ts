import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect, test } from "vitest";
import {
  openSqliteDatabase,
  runStatement,
  sqliteConnection,
  type SqliteDatabase,
} from "../../src/store/sqlite-database.js";

let db: SqliteDatabase;

beforeEach(() => {
  db = openSqliteDatabase(":memory:");
  db.exec("CREATE TABLE t (id TEXT PRIMARY KEY, flag INTEGER, n INTEGER, other TEXT)");
});
afterEach(() => {
  if (db.open) db.close();
});

const rows = () => runStatement(db, "SELECT * FROM t ORDER BY id").rows;

test("a numbered parameter used twice takes the same argument; booleans are kept as 1 and 0, undefined as NULL", async () => {
  const connection = sqliteConnection(db);
  await connection.execute("INSERT INTO t VALUES (?1, ?2, ?3, ?1)", ["a", true, 1_700_000_000_123]);
  await connection.execute("INSERT INTO t VALUES (?1, ?2, ?3, ?4)", ["b", false, 2, undefined]);
  expect(rows()).toStrictEqual([
    { id: "a", flag: 1, n: 1_700_000_000_123, other: "a" },
    { id: "b", flag: 0, n: 2, other: null },
  ]);
});

test("a write with RETURNING gives its rows and counts them as changed; a SELECT changes nothing", async () => {
  const connection = sqliteConnection(db);
  await connection.execute("INSERT INTO t VALUES ('a', 0, 1, NULL), ('b', 0, 2, NULL)", []);
  const updated = await connection.execute("UPDATE t SET n = n + 1 RETURNING id, n", []);
  expect(updated).toStrictEqual({
    rows: [
      { id: "a", n: 2 },
      { id: "b", n: 3 },
    ],
    changed: 2,
  });
  expect((await connection.execute("SELECT id FROM t WHERE id = ?1", ["a"])).changed).toBe(0);
});

test("a transaction whose last statement fails leaves nothing of the ones before it", async () => {
  const connection = sqliteConnection(db);
  await expect(
    connection.transaction([
      { sql: "INSERT INTO t VALUES (?1, 0, 1, NULL)", args: ["a"] },
      { sql: "INSERT INTO t VALUES (?1, 0, 2, NULL)", args: ["a"] },
    ]),
  ).rejects.toMatchObject({ code: "SQLITE_CONSTRAINT_PRIMARYKEY" });
  expect(rows()).toStrictEqual([]);
  const results = await connection.transaction([
    { sql: "INSERT INTO t VALUES (?1, 0, 1, NULL)", args: ["a"] },
    { sql: "DELETE FROM t WHERE id = ?1", args: ["missing"] },
  ]);
  expect(results.map((r) => r.changed)).toStrictEqual([1, 0]);
});

test("closing the connection closes the database", async () => {
  await sqliteConnection(db).close();
  expect(db.open).toBe(false);
});

test("a statement run again after the table changed (a migration) answers with the table as it is now", async () => {
  const connection = sqliteConnection(db);
  await connection.execute("INSERT INTO t VALUES ('a', 0, 1, NULL)", []);
  expect(rows()).toStrictEqual([{ id: "a", flag: 0, n: 1, other: null }]);
  db.exec("ALTER TABLE t ADD COLUMN added TEXT DEFAULT 'x'");
  expect(rows()).toStrictEqual([{ id: "a", flag: 0, n: 1, other: null, added: "x" }]);
});

test("a database closed and opened again runs the same statements on the new one", async () => {
  db.exec("INSERT INTO t VALUES ('a', 0, 1, NULL)");
  expect(rows()).toHaveLength(1);
  db.close();
  db = openSqliteDatabase(":memory:");
  db.exec("CREATE TABLE t (id TEXT PRIMARY KEY, flag INTEGER, n INTEGER, other TEXT)");
  expect(rows()).toStrictEqual([]);
});

test("a database opens with SQLite's own page cache of 2,000 KiB, not the driver's 16 MiB, also when reopened", () => {
  expect(db.pragma("cache_size", { simple: true })).toBe(-2000);
  const dir = mkdtempSync(join(tmpdir(), "page-cache-"));
  try {
    const file = join(dir, "bot.db");
    openSqliteDatabase(file).close();
    const reopened = openSqliteDatabase(file);
    expect(reopened.pragma("cache_size", { simple: true })).toBe(-2000);
    reopened.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
