/**
 * The {@link JobStore} that keeps jobs in a SQLite file, so jobs in flight survive a restart.
 * Open it with {@link openSqliteJobStore}: that creates the directory, applies the schema and checks the file
 * can be written, so a bad DATABASE_PATH stops the bot at start with a {@link StoreError} saying what to do.
 */
import { chmod, mkdir, stat } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { pathToFileURL } from "node:url";
import { createClient, type Client, type InValue } from "@libsql/client";
import type { Job, UpscaleSource } from "../imagine/job.js";
import type { JobStore, KeptPrompt, RequesterJobsQuery } from "../imagine/job-store.js";
import { silentLogger, type Logger } from "../logger.js";
import type { PostAction, PostedMessage } from "../imagine/posted-message.js";
import {
  JOB_COLUMNS,
  POST_COLUMNS,
  jobToArgs,
  postToValues,
  rowToJob,
  rowToKeptPrompt,
  rowToPost,
} from "./job-rows.js";
import { LeasedSqlStore, LeaseQueries } from "./lease-statements.js";
import { utcDay } from "../moderation/server-rules.js";
import { migrate } from "./migrations.js";
import { StoreError, causeText, directoryFailure, isTransient, openFailure } from "./store-error.js";
import { runWithRetries, type RetryPolicy } from "./store-retry.js";

/** Removes posts older than the cutoff, except those of jobs still unfinished or undelivered. */
const PRUNE_POSTS =
  "DELETE FROM job_posts WHERE posted_at < ? AND job_id NOT IN " +
  "(SELECT image_id FROM jobs WHERE outcome IS NULL OR delivered = 0)";

/** Options of {@link openSqliteJobStore}. Durations in milliseconds. */
export interface SqliteJobStoreOptions {
  logger?: Logger;
  /** Clock for `updated_at`, the open check and `prune`. Default `Date.now`. */
  now?: () => number;
  /** Waits between attempts of a failed operation. Default: a real timer. */
  sleep?: (ms: number) => Promise<void>;
  /** How long SQLite waits for another connection's lock before failing with SQLITE_BUSY. Default 5000. */
  busyTimeoutMs?: number;
  /** Attempts of one operation that fails with a transient error (busy, I/O, disk full). Default 3. */
  attempts?: number;
  /** Wait after the first failed attempt; doubles after each, at most 2000. Default 100. */
  retryDelayMs?: number;
}

const JOB_UPDATES = JOB_COLUMNS.filter((c) => c !== "image_id").map((c) => `${c} = excluded.${c}`);
const UPSERT_JOB =
  `INSERT INTO jobs (${JOB_COLUMNS.join(", ")}) VALUES (${JOB_COLUMNS.map((c) => `:${c}`).join(", ")}) ` +
  `ON CONFLICT (image_id) DO UPDATE SET ${JOB_UPDATES.join(", ")}`;

/**
 * Opens (creating if needed) the job database at `path` — a file path, or `:memory:` for a throwaway one.
 * Enables WAL and a busy timeout, applies pending migrations, then writes and reads back a row.
 * @throws {StoreError} whose message names the path, the cause and what to do, when the file cannot be
 *   created or written, is not a SQLite database, is damaged, or comes from a newer version of the bot.
 */
export async function openSqliteJobStore(
  path: string,
  options: SqliteJobStoreOptions = {},
): Promise<SqliteJobStore> {
  const log = options.logger ?? silentLogger;
  const now = options.now ?? Date.now;
  let url = ":memory:";
  let createdFile: string | undefined;
  if (path !== ":memory:") {
    const file = resolve(path);
    try {
      await mkdir(dirname(file), { recursive: true });
    } catch (err) {
      throw directoryFailure(dirname(file), path, err);
    }
    const existing = await stat(file).catch(() => undefined);
    if (existing?.isDirectory()) {
      throw new StoreError(
        `The database path ${path} is a directory. Set DATABASE_PATH to a file, e.g. ${join(path, "imagine-bot.db")}.`,
      );
    }
    url = pathToFileURL(file).href;
    // Interaction tokens are kept in it: a new file is readable by the bot's user only (SQLite gives its
    // -wal and -shm files the same mode). An existing file keeps the mode its owner chose.
    if (!existing) createdFile = file;
  }
  let client: Client | undefined;
  try {
    client = createClient({ url, timeout: options.busyTimeoutMs ?? 5000 });
    if (createdFile) await chmod(createdFile, 0o600);
    await client.execute("PRAGMA journal_mode = WAL");
    const { from, to } = await migrate(client, path);
    await checkWritable(client, path, now());
    log.info({ path, schemaVersion: to, ...(from !== to ? { migratedFrom: from } : {}) }, "job store opened");
    return new SqliteJobStore(client, path, { ...options, logger: log, now });
  } catch (err) {
    client?.close();
    throw openFailure(path, err);
  }
}

/** Writes the open time to `store_meta` and reads it back: proves the file takes writes now, not mid-job. */
async function checkWritable(client: Client, path: string, at: number): Promise<void> {
  const value = String(at);
  await client.execute({
    sql: "INSERT INTO store_meta (key, value) VALUES ('opened_at', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    args: [value],
  });
  const read = await client.execute("SELECT value FROM store_meta WHERE key = 'opened_at'");
  if (read.rows[0]?.["value"] !== value) {
    throw new StoreError(
      `The database at ${path} did not keep a test write. Move it away or set DATABASE_PATH to another file.`,
    );
  }
}

/**
 * A {@link JobStore} backed by SQLite, with the same behaviour as `MemoryJobStore`. Create it with
 * {@link openSqliteJobStore}. An operation failing with a transient error (busy, I/O, disk full) is tried
 * again a few times with backoff; then, like any other failure, it throws a {@link StoreError}.
 */
export class SqliteJobStore extends LeasedSqlStore implements JobStore {
  /** One process per file: leases found at start were left by a previous run. */
  readonly shared = false;
  private closed = false;
  private readonly log: Logger;
  private readonly now: () => number;
  private readonly retry: RetryPolicy;
  protected readonly leases: LeaseQueries;

  /** Use {@link openSqliteJobStore}, which prepares `client` first. */
  constructor(
    private readonly client: Client,
    /** The database path as configured, for messages. */
    readonly path: string,
    options: SqliteJobStoreOptions = {},
  ) {
    super();
    this.log = options.logger ?? silentLogger;
    this.now = options.now ?? Date.now;
    this.retry = {
      log: this.log,
      sleep: options.sleep ?? ((ms) => delay(ms)),
      attempts: Math.max(1, options.attempts ?? 3),
      retryDelayMs: options.retryDelayMs ?? 100,
      isTransient,
      causeText,
      where: `database ${path}`,
    };
    this.leases = new LeaseQueries(
      "sqlite",
      (what, sql, args) =>
        this.run(what, async () => {
          const result = await this.client.execute({ sql, args: args as InValue[] });
          return { rows: result.rows, changed: result.rowsAffected };
        }),
      this.now,
    );
  }

  async save(job: Job): Promise<void> {
    await this.run(`saving job ${job.imageId}`, () =>
      this.client.execute({ sql: UPSERT_JOB, args: jobToArgs(job, this.now()) }),
    );
  }

  async get(imageId: string): Promise<Job | undefined> {
    const jobs = await this.query(`reading job ${imageId}`, "WHERE image_id = ?", [imageId]);
    return jobs[0];
  }

  async findByRef(ref: string): Promise<Job | undefined> {
    // rowid order is save order: an upsert keeps the row, like a Map keeps a key's place.
    const jobs = await this.query(`finding the job of ref ${ref}`, "WHERE ref = ? ORDER BY rowid LIMIT 1", [
      ref,
    ]);
    return jobs[0];
  }

  async unfinished(): Promise<Job[]> {
    return this.query("listing unfinished jobs", "WHERE outcome IS NULL OR delivered = 0 ORDER BY rowid");
  }

  async startedSince(since: number): Promise<Job[]> {
    return this.query("listing recent jobs", "WHERE started_at >= ? ORDER BY started_at DESC, rowid DESC", [
      since,
    ]);
  }

  async jobsOfRequester(query: RequesterJobsQuery): Promise<Job[]> {
    const { requesterId, guildId, offset, limit } = query;
    const inGuild = guildId === undefined ? "" : "AND guild_id = ? ";
    return this.query(
      `listing the jobs of user ${requesterId}`,
      `WHERE requester_id = ? ${inGuild}ORDER BY started_at DESC, rowid DESC LIMIT ? OFFSET ?`,
      guildId === undefined ? [requesterId, limit, offset] : [requesterId, guildId, limit, offset],
    );
  }

  async savePost(post: PostedMessage): Promise<void> {
    await this.run(`recording the ${post.action} message of job ${post.jobId}`, () =>
      this.client.execute({
        sql: `INSERT INTO job_posts (${POST_COLUMNS.join(", ")}) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
        args: postToValues(post),
      }),
    );
  }

  async getPost(jobId: string, action: PostAction): Promise<PostedMessage | undefined> {
    const result = await this.run(`reading the ${action} message of job ${jobId}`, () =>
      this.client.execute({
        sql: "SELECT * FROM job_posts WHERE job_id = ? AND action = ?",
        args: [jobId, action],
      }),
    );
    const row = result.rows[0];
    return row && rowToPost(row);
  }

  async latestUpscale(source: UpscaleSource): Promise<Job | undefined> {
    const { parentId, index, factor } = source;
    const where =
      "WHERE parent_id = ? AND parent_index = ? AND upscale_factor = ? ORDER BY started_at DESC, rowid DESC";
    const jobs = await this.query(`finding the Enhance of ${parentId}`, `${where} LIMIT 1`, [
      parentId,
      index,
      factor,
    ]);
    return jobs[0];
  }

  async getLastSubmission(userId: string): Promise<number | undefined> {
    const result = await this.run(`reading the last submission of user ${userId}`, () =>
      this.client.execute({
        sql: "SELECT last_submission_at FROM user_usage WHERE user_id = ?",
        args: [userId],
      }),
    );
    const at = result.rows[0]?.["last_submission_at"];
    return typeof at === "number" ? at : undefined;
  }

  async recordSubmission(userId: string, at: number): Promise<void> {
    await this.run(`recording a submission of user ${userId}`, () =>
      this.client.execute({
        sql:
          "INSERT INTO user_usage (user_id, last_submission_at) VALUES (?, ?) " +
          "ON CONFLICT (user_id) DO UPDATE SET last_submission_at = excluded.last_submission_at",
        args: [userId, at],
      }),
    );
  }

  async keepPrompt(kept: KeptPrompt): Promise<void> {
    await this.run(`keeping the prompt of interaction ${kept.id}`, () =>
      this.client.execute({
        sql:
          "INSERT INTO kept_prompts (id, user_id, prompt, kept_at) VALUES (?, ?, ?, ?) " +
          "ON CONFLICT (id) DO UPDATE SET user_id = excluded.user_id, prompt = excluded.prompt, kept_at = excluded.kept_at",
        args: [kept.id, kept.userId, kept.prompt, kept.keptAt],
      }),
    );
  }

  async getKeptPrompt(id: string): Promise<KeptPrompt | undefined> {
    const result = await this.run(`reading the kept prompt of interaction ${id}`, () =>
      this.client.execute({ sql: "SELECT * FROM kept_prompts WHERE id = ?", args: [id] }),
    );
    const row = result.rows[0];
    return row && rowToKeptPrompt(row);
  }

  async claimOnce(key: string, at: number): Promise<boolean> {
    const result = await this.run(`claiming ${key}`, () =>
      this.client.execute({
        sql: "INSERT INTO once_claims (key, claimed_at) VALUES (?, ?) ON CONFLICT (key) DO NOTHING",
        args: [key, at],
      }),
    );
    return result.rowsAffected === 1;
  }

  async prune(olderThanMs: number): Promise<number> {
    const cutoff = this.now() - olderThanMs;
    const [jobs] = await this.run("pruning old jobs", () =>
      this.client.batch(
        [
          {
            sql: "DELETE FROM jobs WHERE outcome IS NOT NULL AND delivered = 1 AND finished_at < ?",
            args: [cutoff],
          },
          { sql: "DELETE FROM user_usage WHERE last_submission_at < ?", args: [cutoff] },
          { sql: "DELETE FROM kept_prompts WHERE kept_at < ?", args: [cutoff] },
          { sql: "DELETE FROM once_claims WHERE claimed_at < ?", args: [cutoff] },
          { sql: PRUNE_POSTS, args: [cutoff] },
          { sql: "DELETE FROM fleet_processes WHERE seen_at < ?", args: [cutoff] },
          { sql: "DELETE FROM fleet_leases WHERE expires_at < ?", args: [cutoff] },
          { sql: "DELETE FROM daily_images WHERE day < ?", args: [utcDay(cutoff)] },
        ],
        "write",
      ),
    );
    const removed = jobs?.rowsAffected ?? 0;
    if (removed > 0) this.log.debug({ removed, cutoff }, "pruned old jobs");
    return removed;
  }

  /**
   * Runs `op` on this store's connection, with its retries and closed check: the other stores on the same
   * database (settings) share the connection this way.
   */
  async onConnection<T>(what: string, op: (client: Client) => Promise<T>): Promise<T> {
    return this.run(what, () => op(this.client));
  }

  /** Closes the database. Calling it again does nothing; any other call afterwards throws. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.client.close();
  }

  private async query(what: string, where: string, args: (string | number)[] = []): Promise<Job[]> {
    return this.run(what, async () => {
      const result = await this.client.execute({ sql: `SELECT * FROM jobs ${where}`, args });
      return result.rows.map(rowToJob);
    });
  }

  /** Runs `op`, trying again after transient failures; any failure ends as a {@link StoreError}. */
  private async run<T>(what: string, op: () => Promise<T>): Promise<T> {
    if (this.closed) throw new StoreError(`Cannot finish ${what}: the job store at ${this.path} is closed.`);
    return runWithRetries(this.retry, what, op);
  }
}
