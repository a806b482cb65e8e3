/**
 * The {@link JobStore} on a SQL database, one implementation for SQLite and Postgres: each statement is
 * written once, in the spelling both read (see {@link SqlDialect}); the openers (`openSqliteJobStore`,
 * `openPostgresJobStore`) prepare the connection and say how its errors read.
 */
import { setTimeout as delay } from "node:timers/promises";
import type { Job, UpscaleSource } from "../imagine/job.js";
import type { ClaimOptions, JobStore, KeptPrompt, RequesterJobsQuery } from "../imagine/job-store.js";
import type { PostAction, PostedMessage } from "../imagine/posted-message.js";
import { silentLogger, type Logger } from "../logger.js";
import { utcDay } from "../moderation/server-rules.js";
import { jobToValues, rowToJob, rowToKeptPrompt } from "./job-rows.js";
import { postToValues, rowToPost } from "./post-rows.js";
import {
  MARK_OPENED,
  jobStoreStatements,
  pruneStatements,
  type PruneStatement,
} from "./job-store-statements.js";
import { LeasedSqlStore, LeaseQueries } from "./lease-statements.js";
import { forDialect, type SqlConnection, type SqlDialect, type StatementResult } from "./sql-dialect.js";
import { StoreError } from "./store-error.js";
import { runWithRetries, type RetryPolicy } from "./store-retry.js";

/** Options of both openers. Durations in milliseconds. */
export interface SqlJobStoreOptions {
  logger?: Logger;
  /** Clock for `updated_at`, the open check and `prune`. Default `Date.now`. */
  now?: () => number;
  /** Waits between attempts of a failed operation. Default: a real timer. */
  sleep?: (ms: number) => Promise<void>;
  /** Attempts of one operation that fails with a transient error (busy, I/O, lost connection). Default 3. */
  attempts?: number;
  /** Wait after the first failed attempt; doubles after each, at most 2000. Default 100. */
  retryDelayMs?: number;
}

/** How one database's errors read: which may pass when tried again, their text, the database's name. */
export interface DatabaseErrors extends Pick<RetryPolicy, "isTransient" | "causeText" | "where"> {
  /** Names the store in "is closed" messages: `at ./jobs.db`, `(Postgres database x on y:5432)`. */
  named: string;
}

/**
 * Writes the open time to `store_meta` and reads it back in the same statement: proves the database takes
 * writes now (not mid-job), whatever other processes of a fleet starting at the same moment write there.
 * @returns whether the value written came back.
 */
export async function keepsTestWrite(
  connection: SqlConnection<unknown>,
  dialect: SqlDialect,
  at: number,
): Promise<boolean> {
  const value = String(at);
  const written = await connection.execute(forDialect(MARK_OPENED, dialect.name), [value]);
  return written.rows[0]?.["value"] === value;
}

/**
 * A {@link JobStore} on one SQL connection. An operation failing with a transient error (busy, I/O, lost
 * connection, deadlock) is tried again a few times with backoff; then, like any other failure, it throws a
 * {@link StoreError}.
 */
export abstract class SqlJobStore<Native> extends LeasedSqlStore implements JobStore {
  abstract readonly shared: boolean;
  protected readonly leases: LeaseQueries;
  protected readonly log: Logger;
  protected readonly now: () => number;
  private readonly sql: ReturnType<typeof jobStoreStatements>;
  private readonly prunes: readonly PruneStatement[];
  private readonly retry: RetryPolicy;
  private readonly named: string;
  private closed = false;

  constructor(
    private readonly connection: SqlConnection<Native>,
    readonly dialect: SqlDialect,
    options: SqlJobStoreOptions,
    errors: DatabaseErrors,
  ) {
    super();
    this.log = options.logger ?? silentLogger;
    this.now = options.now ?? Date.now;
    const { named, ...policy } = errors;
    this.named = named;
    this.retry = {
      ...policy,
      log: this.log,
      sleep: options.sleep ?? ((ms) => delay(ms)),
      attempts: Math.max(1, options.attempts ?? 3),
      retryDelayMs: options.retryDelayMs ?? 100,
    };
    const written = jobStoreStatements(dialect);
    this.sql = Object.fromEntries(
      Object.entries(written).map(([name, text]) => [name, forDialect(text, dialect.name)]),
    ) as typeof written;
    this.prunes = pruneStatements(dialect).map(({ sql, by }) => ({ sql: forDialect(sql, dialect.name), by }));
    this.leases = new LeaseQueries(dialect, (what, sql, args) => this.execute(what, sql, args), this.now);
  }

  async save(job: Job): Promise<void> {
    await this.execute(`saving job ${job.imageId}`, this.sql.upsertJob, jobToValues(job, this.now()));
  }

  async remove(imageId: string): Promise<void> {
    await this.execute(`removing job ${imageId}`, this.sql.removeJob, [imageId]);
  }

  async get(imageId: string): Promise<Job | undefined> {
    return (await this.jobs(`reading job ${imageId}`, this.sql.byImageId, [imageId]))[0];
  }

  async findByRef(ref: string): Promise<Job | undefined> {
    return (await this.jobs(`finding the job of ref ${ref}`, this.sql.byRef, [ref]))[0];
  }

  async unfinished(): Promise<Job[]> {
    return this.jobs("listing unfinished jobs", this.sql.unfinished, []);
  }

  async startedSince(since: number): Promise<Job[]> {
    return this.jobs("listing recent jobs", this.sql.startedSince, [since]);
  }

  async jobsOfRequester(query: RequesterJobsQuery): Promise<Job[]> {
    const { requesterId, guildId, offset, limit } = query;
    return this.jobs(
      `listing the jobs of user ${requesterId}`,
      guildId === undefined ? this.sql.ofRequester : this.sql.ofRequesterInGuild,
      guildId === undefined ? [requesterId, limit, offset] : [requesterId, limit, offset, guildId],
    );
  }

  async savePost(post: PostedMessage): Promise<void> {
    const what = `recording the ${post.action} message of job ${post.jobId}`;
    await this.execute(what, this.sql.insertPost, postToValues(post));
  }

  async getPost(jobId: string, action: PostAction): Promise<PostedMessage | undefined> {
    const what = `reading the ${action} message of job ${jobId}`;
    const row = (await this.execute(what, this.sql.getPost, [jobId, action])).rows[0];
    return row && rowToPost(row);
  }

  async latestUpscale(source: UpscaleSource): Promise<Job | undefined> {
    const { parentId, index, factor } = source;
    const args = [parentId, index, factor];
    return (await this.jobs(`finding the Enhance of ${parentId}`, this.sql.latestUpscale, args))[0];
  }

  async getLastSubmission(userId: string): Promise<number | undefined> {
    const what = `reading the last submission of user ${userId}`;
    const at = (await this.execute(what, this.sql.lastSubmission, [userId])).rows[0]?.["last_submission_at"];
    return typeof at === "number" ? at : undefined;
  }

  async recordSubmission(userId: string, at: number): Promise<void> {
    await this.execute(`recording a submission of user ${userId}`, this.sql.recordSubmission, [userId, at]);
  }

  async keepPrompt(kept: KeptPrompt): Promise<void> {
    const args = [kept.ref, kept.requesterId, kept.prompt, kept.keptAt, kept.style ?? null];
    await this.execute(`keeping the prompt of interaction ${kept.ref}`, this.sql.keepPrompt, args);
  }

  async getKeptPrompt(ref: string): Promise<KeptPrompt | undefined> {
    const what = `reading the kept prompt of interaction ${ref}`;
    const row = (await this.execute(what, this.sql.getKeptPrompt, [ref])).rows[0];
    return row && rowToKeptPrompt(row);
  }

  async claimOnce(key: string, options: ClaimOptions = {}): Promise<boolean> {
    const now = this.now();
    const expiresAt = options.holdMs === undefined ? null : now + options.holdMs;
    const args = [key, options.holder ?? "", now, expiresAt];
    return (await this.execute(`claiming ${key}`, this.sql.claim, args)).rows.length > 0;
  }

  async claimHolder(key: string): Promise<string | undefined> {
    const row = (await this.execute(`reading the claim ${key}`, this.sql.claimHolder, [key, this.now()]))
      .rows[0];
    return row === undefined ? undefined : String(row["holder"]);
  }

  async releaseClaim(key: string, holder?: string): Promise<void> {
    await this.execute(`releasing the claim ${key}`, this.sql.releaseClaim, [key, holder ?? null]);
  }

  async prune(olderThanMs: number): Promise<number> {
    const now = this.now();
    const cutoff = now - olderThanMs;
    const at = { cutoff, day: utcDay(cutoff), now };
    const [jobs] = await this.guard("pruning old jobs", () =>
      this.connection.transaction(this.prunes.map(({ sql, by }) => ({ sql, args: [at[by]] }))),
    );
    const removed = jobs?.changed ?? 0;
    if (removed > 0) this.log.debug({ removed, cutoff }, "pruned old jobs");
    return removed;
  }

  /**
   * Runs `op` on this store's connection (SQLite client, Postgres pool), with its retries and closed check:
   * the other stores on the same database (settings, daily counts) share the connection this way.
   */
  async onConnection<T>(what: string, op: (connection: Native) => Promise<T>): Promise<T> {
    return this.guard(what, () => op(this.connection.native));
  }

  /**
   * Runs one statement written with `$n` parameters (see {@link forDialect}) on this store's connection,
   * with its retries and closed check: stores on the same database whose statements are written once
   * (refusal pauses) share the connection this way.
   */
  async statement(what: string, sql: string, args: unknown[]): Promise<StatementResult> {
    return this.execute(what, forDialect(sql, this.dialect.name), args);
  }

  /** Closes the connection. Calling it again does nothing; any other call afterwards throws. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.beforeClose();
    await this.connection.close();
  }

  /** Stops what runs on the connection besides the store (a fleet's listeners), before it closes. */
  protected async beforeClose(): Promise<void> {}

  private async jobs(what: string, sql: string, args: unknown[]): Promise<Job[]> {
    return this.guard(what, async () => (await this.connection.execute(sql, args)).rows.map(rowToJob));
  }

  private async execute(what: string, sql: string, args: unknown[]): Promise<StatementResult> {
    return this.guard(what, () => this.connection.execute(sql, args));
  }

  /** Runs `op`, trying again after transient failures; any failure ends as a {@link StoreError}. */
  private async guard<T>(what: string, op: () => Promise<T>): Promise<T> {
    if (this.closed) throw new StoreError(`Cannot finish ${what}: the job store ${this.named} is closed.`);
    return runWithRetries(this.retry, what, op);
  }
}
