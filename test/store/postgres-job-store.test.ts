/**
 * What the Postgres store does beyond the shared contract: its migrations, its start-up errors (never quoting
 * the password) and several processes writing at once. Runs against a real server started by this file.
 */
import pg from "pg";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { Job } from "../../src/imagine/job.js";
import { openPostgresJobStore, type PostgresJobStore } from "../../src/store/postgres-job-store.js";
import { migratePostgres, POSTGRES_MIGRATIONS } from "../../src/store/postgres-migrations.js";
import type { Migration } from "../../src/store/migrations.js";
import { StoreError } from "../../src/store/store-error.js";
import { freePort, usePostgresServer } from "../support/postgres-server.js";
import { postNonceKey } from "../../src/imagine/posted-message.js";
import { CLAIM_STEPS } from "../../src/store/schema-claims.js";
import { makeJob } from "./store-fixtures.js";

const postgres = usePostgresServer();

let url: string;
const stores: PostgresJobStore[] = [];
const clients: pg.Client[] = [];

/** Opens a store on the test's database, as one bot process would; closed after the test. */
async function open(): Promise<PostgresJobStore> {
  const store = await openPostgresJobStore(url);
  stores.push(store);
  return store;
}

/** A plain connection to the test's database, as an operator's psql would be. */
async function sql<R extends pg.QueryResultRow>(text: string, args: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  clients.push(client);
  await client.connect();
  return (await client.query<R>(text, args)).rows;
}

async function openError(target: string): Promise<StoreError> {
  const error = await openPostgresJobStore(target, { connectTimeoutMs: 5000 }).then(
    async (store) => {
      await store.close();
      return undefined;
    },
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(StoreError);
  return error as StoreError;
}

describe.skipIf(!postgres.available)("PostgresJobStore", () => {
  beforeEach(async () => {
    url = await postgres.createDatabase();
  });
  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
    for (const client of clients.splice(0)) await client.end();
  });

  describe("migrations", () => {
    test("a new database gets every migration once, recorded with its description; reopening adds none", async () => {
      await (await open()).close();
      await open();
      const applied = await sql<{ version: number; description: string }>(
        "SELECT version, description FROM schema_migrations ORDER BY version",
      );
      expect(applied).toEqual(
        POSTGRES_MIGRATIONS.map(({ version, description }) => ({ version, description })),
      );
      const tables = await sql<{ tablename: string }>(
        "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
      );
      expect(tables.map((t) => t.tablename)).toEqual([
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
        "schema_migrations",
        "server_creates",
        "server_holds",
        "server_slot_holds",
        "store_meta",
        "submission_reservations",
        "user_usage",
      ]);
    });

    test("three processes starting at once on a new database apply each migration exactly once", async () => {
      await Promise.all([open(), open(), open()]);
      const [row] = await sql<{ n: number; versions: number }>(
        "SELECT count(*)::int AS n, count(DISTINCT version)::int AS versions FROM schema_migrations",
      );
      expect(row).toEqual({ n: POSTGRES_MIGRATIONS.length, versions: POSTGRES_MIGRATIONS.length });
    });

    test("only newer migrations run, and a failing one leaves nothing of itself", async () => {
      const pool = new pg.Pool({ connectionString: url });
      try {
        const first: Migration = { version: 1, description: "a", statements: ["CREATE TABLE a (x INTEGER)"] };
        const good: Migration = { version: 2, description: "b", statements: ["CREATE TABLE b (x INTEGER)"] };
        const bad: Migration = {
          version: 3,
          description: "bad",
          statements: ["CREATE TABLE half (x INTEGER)", "CREATE TABLE broken (x INTEGER"],
        };
        expect(await migratePostgres(pool, "test", [first])).toEqual({ from: 0, to: 1 });
        await pool.query("INSERT INTO a VALUES (1)");
        await expect(migratePostgres(pool, "test", [first, good, bad])).rejects.toThrow(/syntax error/);
        expect(await migratePostgres(pool, "test", [first, good])).toEqual({ from: 2, to: 2 });
        const tables = await pool.query<{ tablename: string }>(
          "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
        );
        expect(tables.rows.map((t) => t.tablename)).toEqual(["a", "b", "schema_migrations"]);
        expect((await pool.query("SELECT x FROM a")).rows).toEqual([{ x: 1 }]);
      } finally {
        await pool.end();
      }
    });

    test("private notes shown and post nonces recorded before claims existed still count after migrating", async () => {
      const before = POSTGRES_MIGRATIONS.findIndex((m) => m.description === CLAIM_STEPS[0]?.description);
      expect(before).toBeGreaterThan(0);
      const pool = new pg.Pool({ connectionString: url });
      try {
        await migratePostgres(pool, "test", POSTGRES_MIGRATIONS.slice(0, before));
        await pool.query("INSERT INTO once_claims (key, claimed_at) VALUES ($1, $2)", [
          "private-note:job-1",
          1,
        ]);
        await pool.query(
          "INSERT INTO job_post_nonces (job_id, action, nonce, claimed_at) VALUES ($1, $2, $3, $4)",
          ["job-2", "result", "batch-nonce", 1],
        );
      } finally {
        await pool.end();
      }
      const store = await open();
      expect(await store.claimOnce("private-note:job-1")).toBe(false);
      expect(await store.claimOnce("private-note:job-2")).toBe(true);
      expect(await store.claimHolder(postNonceKey("job-2", "result"))).toBe("batch-nonce");
    });

    test("a database written by a newer bot is refused at start", async () => {
      await (await open()).close();
      const newer = POSTGRES_MIGRATIONS.length + 1;
      await sql("INSERT INTO schema_migrations (version, description) VALUES ($1, 'from the future')", [
        newer,
      ]);
      const error = await openError(url);
      expect(error.message).toMatch(
        new RegExp(`^The Postgres database test_\\w+ on 127\\.0\\.0\\.1:\\d+ has schema version ${newer}, `),
      );
      expect(error.message).toContain("Upgrade the bot");
    });
  });

  describe("start-up errors", () => {
    test("an unreachable server gives a StoreError naming the server, without the password", async () => {
      const port = await freePort();
      const error = await openError(`postgres://imagine:hunter2-secret@127.0.0.1:${port}/imagine`);
      expect(error.message).toBe(
        `Cannot reach the Postgres server at 127.0.0.1:${port} (connect ECONNREFUSED 127.0.0.1:${port}). ` +
          "Check the host and port in DATABASE_URL and that the server is running and accepts connections " +
          "from this machine.",
      );
    });

    test("a wrong password is reported as refused, quoting neither password", async () => {
      const server = await postgres.server();
      const wrong = url.replace(`:${server.password}@`, ":not-the-password@");
      const error = await openError(wrong);
      expect(error.message).toBe(
        `The Postgres server at 127.0.0.1:${server.port} refused user imagine ` +
          '(password authentication failed for user "imagine"). ' +
          "Check the user name and password in DATABASE_URL and the server's pg_hba.conf.",
      );
      expect(error.message).not.toContain(server.password);
    });

    test("a database that does not exist is named, with how to create it", async () => {
      const server = await postgres.server();
      const error = await openError(server.url("no_such_db"));
      expect(error.message).toBe(
        `The database no_such_db does not exist on the Postgres server at 127.0.0.1:${server.port}. ` +
          "Create it (createdb no_such_db) or fix the database name in DATABASE_URL.",
      );
    });
  });

  describe("several processes", () => {
    const jobNumber = (n: number): Job =>
      makeJob({ imageId: `image-${n}`, ref: `ref-${n}`, requesterId: `${1300000000000000000n + BigInt(n)}` });

    test("concurrent saves and submissions from two processes all land, each job once", async () => {
      const [a, b] = await Promise.all([open(), open()]);
      const writes = Array.from({ length: 60 }, (_v, n) => {
        const store = n % 2 === 0 ? a : b;
        return Promise.all([
          store.save(jobNumber(n)),
          store.recordSubmission(jobNumber(n).requesterId, 1000 + n),
        ]);
      });
      await Promise.all(writes);
      expect((await a.unfinished()).map((j) => j.imageId).sort()).toEqual(
        Array.from({ length: 60 }, (_v, n) => `image-${n}`).sort(),
      );
      for (const n of [0, 31, 59]) expect(await b.getLastSubmission(jobNumber(n).requesterId)).toBe(1000 + n);
    });

    test("racing updates of one job from two processes leave one complete version of it", async () => {
      const [a, b] = await Promise.all([open(), open()]);
      const versions = Array.from({ length: 40 }, (_v, n) => makeJob({ status: `step ${n}`, progress: n }));
      await Promise.all(versions.map((job, n) => (n % 2 === 0 ? a : b).save(job)));
      const stored = await a.get(makeJob().imageId);
      expect(versions).toContainEqual(stored);
      expect(await b.startedSince(0)).toHaveLength(1);
    });

    test("racing submission records of one user keep one of the recorded times", async () => {
      const [a, b] = await Promise.all([open(), open()]);
      const times = Array.from({ length: 40 }, (_v, n) => 1_700_000_000_000 + n);
      await Promise.all(
        times.map((at, n) => (n % 2 === 0 ? a : b).recordSubmission("18446744073709551615", at)),
      );
      expect(times).toContain(await a.getLastSubmission("18446744073709551615"));
    });
  });

  describe("at run time", () => {
    test("a stored row with values no job can have gives a StoreError naming the bad columns", async () => {
      const store = await open();
      await store.save(makeJob());
      await sql("UPDATE jobs SET outcome = 'exploded', source = 'carrier-pigeon'");
      await expect(store.get(makeJob().imageId)).rejects.toThrow(
        `the stored job ${makeJob().imageId} has invalid values in: source, outcome`,
      );
    });

    test("a statement the server rejects is thrown at once as a StoreError naming the database", async () => {
      const sleeps: number[] = [];
      const store = await openPostgresJobStore(url, { sleep: async (ms) => void sleeps.push(ms) });
      stores.push(store);
      const error = await store.save(makeJob({ startedAt: 1.5 })).catch((err: unknown) => err);
      expect(error).toBeInstanceOf(StoreError);
      expect((error as StoreError).message).toMatch(
        /^Saving job .* failed \(Postgres database test_\w+ on 127\.0\.0\.1:\d+\): invalid input syntax for type bigint/,
      );
      expect(sleeps).toEqual([]);
    });

    test("using the store after close throws a StoreError", async () => {
      const store = await openPostgresJobStore(url);
      await store.close();
      await expect(store.get("x")).rejects.toThrow(
        /^Cannot finish reading job x: the job store .* is closed\.$/,
      );
    });
  });
});
