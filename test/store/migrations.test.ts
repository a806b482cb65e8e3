import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createClient, type Client } from "@libsql/client";
import { afterEach, beforeEach, expect, test } from "vitest";
import { JOB_COLUMNS, jobToArgs, rowToJob } from "../../src/store/job-rows.js";
import { MIGRATIONS, migrate, type Migration } from "../../src/store/migrations.js";
import { makeJob, tempDir } from "./store-fixtures.js";

let client: Client;
let path: string;
let cleanup: () => void;

beforeEach(() => {
  const temp = tempDir();
  cleanup = temp.cleanup;
  path = join(temp.dir, "jobs.db");
  client = createClient({ url: pathToFileURL(path).href });
});
afterEach(() => {
  client.close();
  cleanup();
});

async function version(): Promise<unknown> {
  return (await client.execute("PRAGMA user_version")).rows[0]?.["user_version"];
}

async function tables(): Promise<unknown[]> {
  const result = await client.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name");
  return result.rows.map((r) => r["name"]);
}

test("migration versions count up from 1 in order", () => {
  expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_m, i) => i + 1));
});

test("a new database gets every migration once; running again changes nothing", async () => {
  expect(await migrate(client, path)).toEqual({ from: 0, to: MIGRATIONS.length });
  expect(await tables()).toEqual([
    "daily_images",
    "fleet_leases",
    "fleet_processes",
    "guild_settings",
    "job_posts",
    "jobs",
    "kept_prompts",
    "member_settings",
    "once_claims",
    "store_meta",
    "user_usage",
  ]);
  expect(await migrate(client, path)).toEqual({ from: MIGRATIONS.length, to: MIGRATIONS.length });
  expect(await version()).toBe(MIGRATIONS.length);
});

test("only migrations newer than the database's version run", async () => {
  const first: Migration = { version: 1, description: "a", statements: ["CREATE TABLE a (x INTEGER)"] };
  const second: Migration = { version: 2, description: "b", statements: ["CREATE TABLE b (x INTEGER)"] };
  await migrate(client, path, [first]);
  await client.execute("INSERT INTO a VALUES (1)");
  expect(await migrate(client, path, [first, second])).toEqual({ from: 1, to: 2 });
  expect(await tables()).toEqual(["a", "b"]);
  expect((await client.execute("SELECT count(*) AS n FROM a")).rows[0]?.["n"]).toBe(1);
});

test("a failing migration leaves nothing of itself and the version of the last one that worked", async () => {
  const good: Migration = { version: 1, description: "good", statements: ["CREATE TABLE good (x INTEGER)"] };
  const bad: Migration = {
    version: 2,
    description: "bad",
    statements: ["CREATE TABLE half (x INTEGER)", "CREATE TABLE broken (x INTEGER"],
  };
  await expect(migrate(client, path, [good, bad])).rejects.toThrow(/syntax error|incomplete input/);
  expect(await version()).toBe(1);
  expect(await tables()).toEqual(["good"]);
});

test("a database at a version newer than the known migrations is refused", async () => {
  await client.execute(`PRAGMA user_version = ${MIGRATIONS.length + 5}`);
  await expect(migrate(client, path)).rejects.toThrow(
    `The database at ${path} has schema version ${MIGRATIONS.length + 5}, but this imagine-bot knows only up to ${MIGRATIONS.length}`,
  );
});

test("a job saved before job kinds existed reads back as an /imagine job after migrating", async () => {
  await migrate(client, path, MIGRATIONS.slice(0, 1));
  const args = jobToArgs(makeJob(), 1);
  const existing = (await client.execute("PRAGMA table_info(jobs)")).rows.map((r) => String(r["name"]));
  const oldColumns = JOB_COLUMNS.filter((c) => existing.includes(c));
  expect(oldColumns).not.toContain("kind");
  await client.execute({
    sql: `INSERT INTO jobs (${oldColumns.join(", ")}) VALUES (${oldColumns.map((c) => `:${c}`).join(", ")})`,
    args: Object.fromEntries(oldColumns.map((c) => [c, args[c]])),
  });

  await migrate(client, path);

  const row = (await client.execute("SELECT * FROM jobs")).rows[0];
  expect(row?.["kind"]).toBe("imagine");
  expect(rowToJob(row!)).toStrictEqual(makeJob());
});
