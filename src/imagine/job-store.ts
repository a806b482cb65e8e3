/**
 * Where jobs are kept. The bot depends only on this interface; `MemoryJobStore` keeps them in memory
 * (tests, or a bot without a database), the SQLite store keeps them across restarts.
 */
import type { Job } from "./job.js";
import type { PostAction, PostedMessage } from "./posted-message.js";

/** Which of one member's jobs {@link JobStore.jobsOfRequester} returns, newest first. */
export interface RequesterJobsQuery {
  requesterId: string;
  /** Only the jobs started in this server; absent for the member's jobs everywhere (servers and DMs). */
  guildId?: string;
  /** How many of the newest to skip (paging). */
  offset: number;
  /** At most this many. */
  limit: number;
}

/** A refused request's prompt, kept so its Try again button can run it again. */
export interface KeptPrompt {
  /** The id of the refused interaction; the Try again button carries it. */
  id: string;
  userId: string;
  prompt: string;
  /** When it was kept (ms epoch). */
  keptAt: number;
}

export interface JobStore {
  /** Inserts or replaces the job (keyed by image id). */
  save(job: Job): Promise<void>;
  get(imageId: string): Promise<Job | undefined>;
  findByRef(ref: string): Promise<Job | undefined>;
  /** Jobs still being followed, or finished but whose result has not reached the user yet. */
  unfinished(): Promise<Job[]>;
  /** Jobs started at or after `since` (ms epoch), newest first. */
  startedSince(since: number): Promise<Job[]>;
  /**
   * One member's jobs, newest first (by `startedAt`, then the most recently created), for `/history`:
   * `limit` of them after skipping `offset`.
   */
  jobsOfRequester(query: RequesterJobsQuery): Promise<Job[]>;
  /**
   * Records a message posted for a job's action. The first record of a job and action is kept: a repeat
   * (the same post returned again for its nonce) changes nothing.
   */
  savePost(post: PostedMessage): Promise<void>;
  /** The message posted for the job's action, if one was recorded. */
  getPost(jobId: string, action: PostAction): Promise<PostedMessage | undefined>;
  /** When `userId` last submitted a job (ms epoch), for per-user limits; undefined if never (or pruned). */
  getLastSubmission(userId: string): Promise<number | undefined>;
  /** Records that `userId` submitted a job at `at` (ms epoch), replacing the previous time. */
  recordSubmission(userId: string, at: number): Promise<void>;
  /** Keeps a refused request's prompt under its interaction id (replacing one kept under the same id). */
  keepPrompt(kept: KeptPrompt): Promise<void>;
  getKeptPrompt(id: string): Promise<KeptPrompt | undefined>;
  /**
   * Records that `key` happened at `at` (ms epoch): `true` for the first claim of a key, `false` ever after,
   * also from another process or after a restart. For what must happen at most once (a private note).
   */
  claimOnce(key: string, at: number): Promise<boolean>;
  /**
   * Removes jobs that ended and were delivered more than `olderThanMs` ago (by `finishedAt`), and submission
   * times, kept prompts, claims and posted messages older than that. Unfinished or undelivered jobs and their
   * posts are never removed.
   * @returns how many jobs were removed.
   */
  prune(olderThanMs: number): Promise<number>;
  close(): Promise<void>;
}

/** Options of {@link MemoryJobStore}. */
export interface MemoryJobStoreOptions {
  /** The clock `prune` measures age against. Default `Date.now`. */
  now?: () => number;
}

/** A {@link JobStore} in memory: lost when the process ends. */
export class MemoryJobStore implements JobStore {
  private readonly jobs = new Map<string, Job>();
  private readonly lastSubmissions = new Map<string, number>();
  private readonly keptPrompts = new Map<string, KeptPrompt>();
  private readonly claims = new Map<string, number>();
  /** Keyed `<jobId> <action>`. */
  private readonly posts = new Map<string, PostedMessage>();
  private readonly now: () => number;

  constructor(options: MemoryJobStoreOptions = {}) {
    this.now = options.now ?? Date.now;
  }

  async save(job: Job): Promise<void> {
    this.jobs.set(job.imageId, structuredClone(job));
  }

  async get(imageId: string): Promise<Job | undefined> {
    const job = this.jobs.get(imageId);
    return job && structuredClone(job);
  }

  async findByRef(ref: string): Promise<Job | undefined> {
    for (const job of this.jobs.values()) if (job.ref === ref) return structuredClone(job);
    return undefined;
  }

  async unfinished(): Promise<Job[]> {
    return [...this.jobs.values()]
      .filter((j) => j.outcome === null || !j.delivered)
      .map((j) => structuredClone(j));
  }

  async startedSince(since: number): Promise<Job[]> {
    return [...this.jobs.values()]
      .filter((j) => j.startedAt >= since)
      .sort((a, b) => b.startedAt - a.startedAt)
      .map((j) => structuredClone(j));
  }

  async jobsOfRequester(query: RequesterJobsQuery): Promise<Job[]> {
    // Reversed insertion order is newest-created first, like the SQL stores' save order.
    return [...this.jobs.values()]
      .reverse()
      .filter((j) => j.requesterId === query.requesterId)
      .filter((j) => query.guildId === undefined || j.location.guildId === query.guildId)
      .sort((a, b) => b.startedAt - a.startedAt)
      .slice(query.offset, query.offset + query.limit)
      .map((j) => structuredClone(j));
  }

  async savePost(post: PostedMessage): Promise<void> {
    const key = `${post.jobId} ${post.action}`;
    if (!this.posts.has(key)) this.posts.set(key, { ...post });
  }

  async getPost(jobId: string, action: PostAction): Promise<PostedMessage | undefined> {
    const post = this.posts.get(`${jobId} ${action}`);
    return post && { ...post };
  }

  async getLastSubmission(userId: string): Promise<number | undefined> {
    return this.lastSubmissions.get(userId);
  }

  async recordSubmission(userId: string, at: number): Promise<void> {
    this.lastSubmissions.set(userId, at);
  }

  async keepPrompt(kept: KeptPrompt): Promise<void> {
    this.keptPrompts.set(kept.id, { ...kept });
  }

  async getKeptPrompt(id: string): Promise<KeptPrompt | undefined> {
    const kept = this.keptPrompts.get(id);
    return kept && { ...kept };
  }

  async claimOnce(key: string, at: number): Promise<boolean> {
    if (this.claims.has(key)) return false;
    this.claims.set(key, at);
    return true;
  }

  async prune(olderThanMs: number): Promise<number> {
    const cutoff = this.now() - olderThanMs;
    for (const [id, kept] of this.keptPrompts) if (kept.keptAt < cutoff) this.keptPrompts.delete(id);
    for (const [key, at] of this.claims) if (at < cutoff) this.claims.delete(key);
    let removed = 0;
    for (const [imageId, job] of this.jobs) {
      if (job.outcome !== null && job.delivered && job.finishedAt !== null && job.finishedAt < cutoff) {
        this.jobs.delete(imageId);
        removed++;
      }
    }
    for (const [userId, at] of this.lastSubmissions) if (at < cutoff) this.lastSubmissions.delete(userId);
    for (const [key, post] of this.posts) {
      const job = this.jobs.get(post.jobId);
      const pending = job !== undefined && (job.outcome === null || !job.delivered);
      if (post.postedAt < cutoff && !pending) this.posts.delete(key);
    }
    return removed;
  }

  async close(): Promise<void> {}
}
