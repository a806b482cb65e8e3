/**
 * The {@link JobStore} that keeps jobs in a Postgres database (`DATABASE_URL`), for bots that outgrow one
 * SQLite file. Open it with {@link openPostgresJobStore}: that connects, applies the schema and checks the
 * database takes writes, so a wrong URL, an unreachable server or a refused password stops the bot at start
 * with a {@link StoreError} saying what to do (and never quoting the password).
 */
import { setTimeout as delay } from "node:timers/promises";
import pg from "pg";
import type { Job, UpscaleSource } from "../imagine/job.js";
import type { JobStore, KeptPrompt, RequesterJobsQuery } from "../imagine/job-store.js";
import type { FleetChannels } from "../fleet/fleet-channels.js";
import { silentLogger, type Logger } from "../logger.js";
import type { PostAction, PostedMessage } from "../imagine/posted-message.js";
import {
  JOB_COLUMNS,
  POST_COLUMNS,
  jobToValues,
  postToValues,
  rowToJob,
  rowToKeptPrompt,
  rowToPost,
} from "./job-rows.js";
import {
  describeTarget,
  isTransientPostgresError,
  postgresCauseText,
  postgresOpenFailure,
  postgresTarget,
  type PostgresTarget,
} from "./postgres-errors.js";
import { LeasedSqlStore, LeaseQueries } from "./lease-statements.js";
import { PostgresHints, PostgresSubmissionLedger } from "./postgres-fleet.js";
import { utcDay } from "../moderation/server-rules.js";
import { migratePostgres } from "./postgres-migrations.js";
import { PostgresServiceSlots } from "./postgres-service-slots.js";
import { StoreError } from "./store-error.js";
import { runWithRetries, type RetryPolicy } from "./store-retry.js";

/** Options of {@link openPostgresJobStore}. Durations in milliseconds. */
export interface PostgresJobStoreOptions {
  logger?: Logger;
  /** Clock for `updated_at`, the open check and `prune`. Default `Date.now`. */
  now?: () => number;
  /** Waits between attempts of a failed operation. Default: a real timer. */
  sleep?: (ms: number) => Promise<void>;
  /** Most connections the pool opens. Default 10. */
  maxConnections?: number;
  /** How long to wait for a connection (new, or free in the pool) before failing. Default 5000. */
  connectTimeoutMs?: number;
  /** Attempts of one operation that fails with a transient error (lost connection, deadlock). Default 3. */
  attempts?: number;
  /** Wait after the first failed attempt; doubles after each, at most 2000. Default 100. */
  retryDelayMs?: number;
}

/** Times are ms epochs in BIGINT columns: read them as numbers (all are safe integers), not pg's strings. */
const TYPES: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === pg.types.builtins.INT8 && format !== "binary"
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig["getTypeParser"],
};

const JOB_UPDATES = JOB_COLUMNS.filter((c) => c !== "image_id").map((c) => `${c} = excluded.${c}`);
const UPSERT_JOB =
  `INSERT INTO jobs (${JOB_COLUMNS.join(", ")}) VALUES (${JOB_COLUMNS.map((_c, i) => `$${i + 1}`).join(", ")}) ` +
  `ON CONFLICT (image_id) DO UPDATE SET ${JOB_UPDATES.join(", ")}`;

/**
 * Opens the Postgres job database at `url` (postgres:// or postgresql://): connects, applies pending
 * migrations, then writes and reads back a row.
 * @throws {StoreError} naming the server and what to do when it cannot be reached, refuses the user or
 *   password, has no such database, or holds a schema from a newer version of the bot.
 */
export async function openPostgresJobStore(
  url: string,
  options: PostgresJobStoreOptions = {},
): Promise<PostgresJobStore> {
  const log = options.logger ?? silentLogger;
  const now = options.now ?? Date.now;
  const target = postgresTarget(url);
  const where = describeTarget(target);
  const pool = new pg.Pool({
    connectionString: url,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
    types: TYPES,
    application_name: "imagine-bot",
  });
  // A pooled connection that drops while idle is reported here; without a listener it would end the process.
  pool.on("error", (err) =>
    log.warn({ err: postgresCauseText(err, target) }, "idle Postgres connection lost"),
  );
  try {
    const { from, to } = await migratePostgres(pool, where);
    await checkWritable(pool, where, now());
    log.info(
      {
        database: target.database,
        server: target.server,
        schemaVersion: to,
        ...(from !== to ? { migratedFrom: from } : {}),
      },
      "job store opened",
    );
    return new PostgresJobStore(pool, target, { ...options, logger: log, now });
  } catch (err) {
    await pool.end().catch(() => {});
    throw postgresOpenFailure(target, err);
  }
}

/**
 * Writes the open time to `store_meta` and reads it back in the same statement: proves the database takes
 * writes now, whatever other processes of a fleet starting at the same moment write there.
 */
async function checkWritable(pool: pg.Pool, where: string, at: number): Promise<void> {
  const value = String(at);
  const written = await pool.query<{ value: string }>(
    "INSERT INTO store_meta (key, value) VALUES ('opened_at', $1) ON CONFLICT (key) DO UPDATE SET value = excluded.value RETURNING value",
    [value],
  );
  if (written.rows[0]?.value !== value) {
    throw new StoreError(`The Postgres ${where} did not keep a test write. Check DATABASE_URL.`);
  }
}

/**
 * A {@link JobStore} backed by Postgres, with the same behaviour as the SQLite store; every statement is one
 * atomic upsert or delete, so processes sharing the database may save and record at once. An operation
 * failing with a transient error (lost connection, deadlock, server restarting) is tried again a few times
 * with backoff; then, like any other failure, it throws a {@link StoreError}.
 */
export class PostgresJobStore extends LeasedSqlStore implements JobStore {
  /** Several bot processes share the database: leases decide who follows which job. */
  readonly shared = true;
  readonly fleet: FleetChannels;
  private closed = false;
  private readonly slots: PostgresServiceSlots[] = [];
  private readonly log: Logger;
  private readonly now: () => number;
  private readonly retry: RetryPolicy;
  protected readonly leases: LeaseQueries;
  /** How messages name the database: `database imagine on db:5432`. */
  readonly where: string;

  /** Use {@link openPostgresJobStore}, which prepares the database first. */
  constructor(
    private readonly pool: pg.Pool,
    target: PostgresTarget,
    options: PostgresJobStoreOptions = {},
  ) {
    super();
    this.where = describeTarget(target);
    this.log = options.logger ?? silentLogger;
    this.now = options.now ?? Date.now;
    this.leases = new LeaseQueries(
      "postgres",
      (what, sql, args) =>
        this.guard(what, async () => {
          const result = await this.pool.query<Record<string, unknown>>(sql, args);
          return { rows: result.rows, changed: result.rowCount ?? 0 };
        }),
      this.now,
    );
    this.fleet = {
      ledger: new PostgresSubmissionLedger(pool, this.now),
      hints: new PostgresHints(pool, this.now, this.log),
      serviceSlots: (limits) => {
        const slots = new PostgresServiceSlots(pool, { ...limits, logger: this.log });
        this.slots.push(slots);
        return slots;
      },
    };
    this.retry = {
      log: this.log,
      sleep: options.sleep ?? ((ms) => delay(ms)),
      attempts: Math.max(1, options.attempts ?? 3),
      retryDelayMs: options.retryDelayMs ?? 100,
      isTransient: isTransientPostgresError,
      causeText: (err) => postgresCauseText(err, target),
      where: `Postgres ${this.where}`,
    };
  }

  async save(job: Job): Promise<void> {
    await this.run(`saving job ${job.imageId}`, UPSERT_JOB, jobToValues(job, this.now()));
  }

  async get(imageId: string): Promise<Job | undefined> {
    const jobs = await this.jobs(`reading job ${imageId}`, "WHERE image_id = $1", [imageId]);
    return jobs[0];
  }

  async findByRef(ref: string): Promise<Job | undefined> {
    const jobs = await this.jobs(`finding the job of ref ${ref}`, "WHERE ref = $1 ORDER BY seq LIMIT 1", [
      ref,
    ]);
    return jobs[0];
  }

  async unfinished(): Promise<Job[]> {
    return this.jobs("listing unfinished jobs", "WHERE outcome IS NULL OR NOT delivered ORDER BY seq");
  }

  async startedSince(since: number): Promise<Job[]> {
    return this.jobs("listing recent jobs", "WHERE started_at >= $1 ORDER BY started_at DESC, seq DESC", [
      since,
    ]);
  }

  async jobsOfRequester(query: RequesterJobsQuery): Promise<Job[]> {
    const { requesterId, guildId, offset, limit } = query;
    const where = guildId === undefined ? "requester_id = $1" : "requester_id = $1 AND guild_id = $4";
    return this.jobs(
      `listing the jobs of user ${requesterId}`,
      `WHERE ${where} ORDER BY started_at DESC, seq DESC LIMIT $2 OFFSET $3`,
      guildId === undefined ? [requesterId, limit, offset] : [requesterId, limit, offset, guildId],
    );
  }

  async savePost(post: PostedMessage): Promise<void> {
    await this.run(
      `recording the ${post.action} message of job ${post.jobId}`,
      `INSERT INTO job_posts (${POST_COLUMNS.join(", ")}) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
      postToValues(post),
    );
  }

  async getPost(jobId: string, action: PostAction): Promise<PostedMessage | undefined> {
    const rows = await this.run<Record<string, unknown>>(
      `reading the ${action} message of job ${jobId}`,
      "SELECT * FROM job_posts WHERE job_id = $1 AND action = $2",
      [jobId, action],
    );
    const row = rows[0];
    return row && rowToPost(row);
  }

  async latestUpscale(source: UpscaleSource): Promise<Job | undefined> {
    const { parentId, index, factor } = source;
    const where =
      "WHERE parent_id = $1 AND parent_index = $2 AND upscale_factor = $3 ORDER BY started_at DESC, seq DESC";
    const jobs = await this.jobs(`finding the Enhance of ${parentId}`, `${where} LIMIT 1`, [
      parentId,
      index,
      factor,
    ]);
    return jobs[0];
  }

  async getLastSubmission(userId: string): Promise<number | undefined> {
    const rows = await this.run<{ last_submission_at: number }>(
      `reading the last submission of user ${userId}`,
      "SELECT last_submission_at FROM user_usage WHERE user_id = $1",
      [userId],
    );
    return rows[0]?.last_submission_at;
  }

  async recordSubmission(userId: string, at: number): Promise<void> {
    await this.run(
      `recording a submission of user ${userId}`,
      "INSERT INTO user_usage (user_id, last_submission_at) VALUES ($1, $2) " +
        "ON CONFLICT (user_id) DO UPDATE SET last_submission_at = excluded.last_submission_at",
      [userId, at],
    );
  }

  async keepPrompt(kept: KeptPrompt): Promise<void> {
    await this.run(
      `keeping the prompt of interaction ${kept.id}`,
      "INSERT INTO kept_prompts (id, user_id, prompt, kept_at) VALUES ($1, $2, $3, $4) " +
        "ON CONFLICT (id) DO UPDATE SET user_id = excluded.user_id, prompt = excluded.prompt, kept_at = excluded.kept_at",
      [kept.id, kept.userId, kept.prompt, kept.keptAt],
    );
  }

  async getKeptPrompt(id: string): Promise<KeptPrompt | undefined> {
    const rows = await this.run<Record<string, unknown>>(
      `reading the kept prompt of interaction ${id}`,
      "SELECT * FROM kept_prompts WHERE id = $1",
      [id],
    );
    const row = rows[0];
    return row && rowToKeptPrompt(row);
  }

  async claimOnce(key: string, at: number): Promise<boolean> {
    const rows = await this.run(
      `claiming ${key}`,
      "INSERT INTO once_claims (key, claimed_at) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING RETURNING 1 AS claimed",
      [key, at],
    );
    return rows.length === 1;
  }

  async prune(olderThanMs: number): Promise<number> {
    const cutoff = this.now() - olderThanMs;
    // One statement, so both deletes commit together (like SQLite's batch).
    const rows = await this.run<{ removed: number }>(
      "pruning old jobs",
      "WITH pruned AS (DELETE FROM jobs WHERE outcome IS NOT NULL AND delivered AND finished_at < $1 RETURNING 1), " +
        "usage AS (DELETE FROM user_usage WHERE last_submission_at < $1), " +
        "kept AS (DELETE FROM kept_prompts WHERE kept_at < $1), " +
        "claims AS (DELETE FROM once_claims WHERE claimed_at < $1), " +
        "posts AS (DELETE FROM job_posts WHERE posted_at < $1 AND job_id NOT IN " +
        "(SELECT image_id FROM jobs WHERE outcome IS NULL OR NOT delivered)), " +
        "gone AS (DELETE FROM fleet_processes WHERE seen_at < $1), " +
        "leases AS (DELETE FROM fleet_leases WHERE expires_at < $1), " +
        "days AS (DELETE FROM daily_images WHERE day < $2) " +
        "SELECT count(*)::int AS removed FROM pruned",
      [cutoff, utcDay(cutoff)],
    );
    const removed = rows[0]?.removed ?? 0;
    if (removed > 0) this.log.debug({ removed, cutoff }, "pruned old jobs");
    return removed;
  }

  /**
   * Runs `op` on this store's pool, with its retries and closed check: the other stores on the same database
   * (settings) share the pool this way.
   */
  async onConnection<T>(what: string, op: (pool: pg.Pool) => Promise<T>): Promise<T> {
    return this.guard(what, () => op(this.pool));
  }

  /** Closes every connection of the pool. Calling it again does nothing; any other call afterwards throws. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.fleet.hints.stop();
    for (const slots of this.slots) await slots.stop();
    await this.pool.end();
  }

  private async jobs(what: string, where: string, args: (string | number)[] = []): Promise<Job[]> {
    return this.guard(what, async () => {
      const result = await this.pool.query<Record<string, unknown>>(`SELECT * FROM jobs ${where}`, args);
      return result.rows.map(rowToJob);
    });
  }

  private async run<R extends pg.QueryResultRow>(what: string, sql: string, args: unknown[]): Promise<R[]> {
    return this.guard(what, async () => (await this.pool.query<R>(sql, args)).rows);
  }

  /** Runs `op`, trying again after transient failures; any failure ends as a {@link StoreError}. */
  private async guard<T>(what: string, op: () => Promise<T>): Promise<T> {
    if (this.closed)
      throw new StoreError(`Cannot finish ${what}: the job store (Postgres ${this.where}) is closed.`);
    return runWithRetries(this.retry, what, op);
  }
}
