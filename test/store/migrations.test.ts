import { createHash } from "node:crypto";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, expect, test } from "vitest";
import { JOB_COLUMNS, jobToArgs, rowToJob } from "../../src/store/job-rows.js";
import { MIGRATIONS, migrate, type Migration } from "../../src/store/migrations.js";
import { POSTGRES_MIGRATIONS } from "../../src/store/postgres-migrations.js";
import { migrationsFor } from "../../src/store/schema.js";
import { CLAIM_STEPS } from "../../src/store/schema-claims.js";
import { JOB_PHASE_STEPS } from "../../src/store/schema-job-phase.js";
import { openSqliteJobStore } from "../../src/store/sqlite-job-store.js";
import { postNonceKey } from "../../src/imagine/posted-message.js";
import { makeJob, tempDir } from "./store-fixtures.js";

let client: Database.Database;
let path: string;
let cleanup: () => void;

beforeEach(() => {
  const temp = tempDir();
  cleanup = temp.cleanup;
  path = join(temp.dir, "jobs.db");
  client = new Database(path);
});
afterEach(() => {
  client.close();
  cleanup();
});

function version(): unknown {
  return client.pragma("user_version", { simple: true });
}

function tables(): unknown[] {
  return client.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all();
}

test("migration versions count up from 1 in order", () => {
  expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_m, i) => i + 1));
});

/** A migration's version, description and statements, to the letter, as a short hash. */
function fingerprint(m: Migration | undefined): string {
  const text = JSON.stringify(m && [m.version, m.description, m.statements]);
  return createHash("sha256").update(text).digest("hex").slice(0, 16);
}

// Databases in use were migrated with these: a released migration that changed would leave them with another
// schema than a new database gets, under the same version. Add a migration instead.
test.each([
  [1, "60120e5193c34b0c", "177bc6518b4f8b75"],
  [2, "3142d1ef2f257711", "3142d1ef2f257711"],
  [3, "717d1dd1678e667f", "717d1dd1678e667f"],
  [4, "0db7265010a14587", "def2f4d40e98589c"],
  [5, "96ee9e99db3f6163", "96ee9e99db3f6163"],
  [6, "4f930dd923ce9874", "e1d1fc034b141461"],
  [7, "218ac2a6ee8fb5bd", "8cdce089905badd0"],
  [8, "9e61ad7f1ffe9fd0", "5f7f317d14276ce5"],
  [9, "61b0235f19c50d0d", "f50e9390ae0b238b"],
  [10, "d433ef950aa04a06", "d433ef950aa04a06"],
  [11, "cb63f7244c744cf2", "cb63f7244c744cf2"],
  [12, "f8f100296a2a6c27", "6580480f19121558"],
  [13, "65b63e3c12c64cc0", "95de12fd405b5106"],
  [14, "2bc9326c05b62f57", "2bc9326c05b62f57"],
  [15, "0e378851a6e63cce", "ee71864e13c7dd4b"],
  [16, "90b4236afa9fd077", "90b4236afa9fd077"],
  [17, "e45f6619697493bb", "e45f6619697493bb"],
  [18, "0f012ca379843314", "0f012ca379843314"],
  [19, "b696909a935a5372", "1118f33a9c8ff2c1"],
])(
  "released migration %i is the one existing databases got (SQLite and Postgres)",
  (version, sqlite, postgres) => {
    expect(fingerprint(MIGRATIONS[version - 1])).toBe(sqlite);
    expect(fingerprint(POSTGRES_MIGRATIONS[version - 1])).toBe(postgres);
  },
);

test("one step gives each database the statements both share and its own, in order, and none of the other's", () => {
  const steps = [
    {
      description: "d",
      statements: ["shared", { postgres: "postgres only" }, { sqlite: "S", postgres: "P" }],
    },
  ];
  expect(migrationsFor("sqlite", steps)).toEqual([
    { version: 1, description: "d", statements: ["shared", "S"] },
  ]);
  expect(migrationsFor("postgres", steps)).toEqual([
    { version: 1, description: "d", statements: ["shared", "postgres only", "P"] },
  ]);
});

test("SQLite and Postgres have the same migration versions", () => {
  expect(POSTGRES_MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((m) => m.version));
});

test("a new database gets every migration once; running again changes nothing", async () => {
  expect(await migrate(client, path)).toEqual({ from: 0, to: MIGRATIONS.length });
  expect(await tables()).toEqual([
    "claims",
    "daily_images",
    "fleet_leases",
    "fleet_processes",
    "guild_settings",
    "job_post_nonces",
    "job_posts",
    "jobs",
    "kept_prompts",
    "member_pauses",
    "member_settings",
    "midjourney_refusals",
    "once_claims",
    "server_creates",
    "server_holds",
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
  client.exec("INSERT INTO a VALUES (1)");
  expect(await migrate(client, path, [first, second])).toEqual({ from: 1, to: 2 });
  expect(await tables()).toEqual(["a", "b"]);
  expect(client.prepare("SELECT count(*) AS n FROM a").pluck().get()).toBe(1);
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
  client.pragma(`user_version = ${MIGRATIONS.length + 5}`);
  await expect(migrate(client, path)).rejects.toThrow(
    `The database at ${path} has schema version ${MIGRATIONS.length + 5}, but this imagine-bot knows only up to ${MIGRATIONS.length}`,
  );
});

test("a job saved before job kinds existed reads back as an /imagine job after migrating", async () => {
  await migrate(client, path, MIGRATIONS.slice(0, 1));
  const args = jobToArgs(makeJob(), 1);
  const existing = (client.pragma("table_info(jobs)") as { name: string }[]).map((r) => r.name);
  const oldColumns = JOB_COLUMNS.filter((c) => existing.includes(c));
  expect(oldColumns).not.toContain("kind");
  client
    .prepare(
      `INSERT INTO jobs (${oldColumns.join(", ")}) VALUES (${oldColumns.map((c) => `:${c}`).join(", ")})`,
    )
    .run(Object.fromEntries(oldColumns.map((c) => [c, args[c]])));

  await migrate(client, path);

  const row = client.prepare("SELECT * FROM jobs").get() as Record<string, unknown> | undefined;
  expect(row?.["kind"]).toBe("imagine");
  expect(rowToJob(row!)).toStrictEqual(makeJob());
});

test("a job waiting in the bot's line before phases were stored reads back as waiting; a sent one as sent", async () => {
  const phases = MIGRATIONS.findIndex((m) => m.description === JOB_PHASE_STEPS[0]?.description);
  expect(phases).toBeGreaterThan(0);
  await migrate(client, path, MIGRATIONS.slice(0, phases));
  const waiting = makeJob({ imageId: "q-1234567890123456789", ref: "1234567890123456789", phase: "waiting" });
  const sent = makeJob({ imageId: "c0ffee00-0000-4000-8000-000000000002", ref: "2234567890123456789" });
  const existing = (client.pragma("table_info(jobs)") as { name: string }[]).map((r) => r.name);
  const oldColumns = JOB_COLUMNS.filter((c) => existing.includes(c));
  expect(oldColumns).not.toContain("phase");
  const insert = client.prepare(
    `INSERT INTO jobs (${oldColumns.join(", ")}) VALUES (${oldColumns.map((c) => `:${c}`).join(", ")})`,
  );
  for (const job of [waiting, sent]) {
    const args = jobToArgs(job, 1);
    insert.run(Object.fromEntries(oldColumns.map((c) => [c, args[c]])));
  }

  await migrate(client, path);

  const rows = client.prepare("SELECT * FROM jobs ORDER BY ref").all() as Record<string, unknown>[];
  expect(rows.map((row) => rowToJob(row))).toStrictEqual([waiting, sent]);
});

test("private notes shown and post nonces recorded before claims existed still count after migrating", async () => {
  const before = MIGRATIONS.findIndex((m) => m.description === CLAIM_STEPS[0]?.description);
  expect(before).toBeGreaterThan(0);
  await migrate(client, path, MIGRATIONS.slice(0, before));
  client.prepare("INSERT INTO once_claims (key, claimed_at) VALUES (?, ?)").run("private-note:job-1", 1);
  client
    .prepare("INSERT INTO job_post_nonces (job_id, action, nonce, claimed_at) VALUES (?, ?, ?, ?)")
    .run("job-2", "result", "batch-nonce", 1);
  client.close();

  const store = await openSqliteJobStore(path);
  try {
    expect(await store.claimOnce("private-note:job-1")).toBe(false);
    expect(await store.claimOnce("private-note:job-2")).toBe(true);
    expect(await store.claimHolder(postNonceKey("job-2", "result"))).toBe("batch-nonce");
  } finally {
    await store.close();
    client = new Database(path);
  }
});
