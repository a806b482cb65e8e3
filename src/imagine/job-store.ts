/**
 * Where jobs are kept. The bot depends only on this interface; `MemoryJobStore` keeps them in memory
 * (tests, or a bot without a database), the SQLite store keeps them across restarts.
 */
import type { FleetChannels } from "../fleet/fleet-channels.js";
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

/**
 * A process's hold on the jobs it follows: only the owner saves, polls and delivers them, until it
 * releases them or stops renewing and the lease runs out (then another process may claim them).
 */
export interface Lease {
  /** The process id (see `newProcessId`). */
  owner: string;
  /** Until when the hold lasts unless renewed (ms epoch, the processes' clocks). */
  expiresAt: number;
}

/** A bot process as the fleet sees it (the `fleet_processes` table). */
export interface FleetProcess {
  id: string;
  startedAt: number;
  /** Last heartbeat (ms epoch): a process not seen for a lease time is considered dead. */
  seenAt: number;
  /** The gateway shards it runs (empty when unknown or none). */
  shards: number[];
  /** Jobs it follows. */
  jobs: number;
}

export interface JobStore {
  /**
   * Whether several bot processes may use this store at once (Postgres). When false this process is the
   * only one, so leases found in it were left by a previous run and may be released at start.
   */
  readonly shared: boolean;
  /** Usage limits and webhook hints across the processes of a fleet; absent when not shared. */
  readonly fleet?: FleetChannels;
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
   * times, kept prompts, claims, posted messages and processes last seen before that. Unfinished or
   * undelivered jobs and their posts are never removed.
   * @returns how many jobs were removed.
   */
  prune(olderThanMs: number): Promise<number>;
  /**
   * Saves the job as `lease.owner`'s and extends its lease to `lease.expiresAt`, unless another owner holds
   * it: then nothing changes and it returns false. A job nobody holds (new, or released) is taken.
   */
  saveOwned(job: Job, lease: Lease): Promise<boolean>;
  /**
   * Takes up to `max` jobs that are unfinished or undelivered and that nobody holds or whose lease ran out,
   * oldest first, for `lease.owner`. Never gives one job to two owners, also when processes claim at once.
   */
  claim(lease: Lease, max: number): Promise<Job[]>;
  /** Extends every lease `lease.owner` holds on unfinished or undelivered jobs; returns those jobs' ids. */
  renew(lease: Lease): Promise<string[]>;
  /** Gives up `owner`'s leases (graceful stop), or every lease when `owner` is null. Returns how many. */
  release(owner: string | null): Promise<number>;
  /**
   * Takes or extends the named fleet-wide lease (e.g. `housekeeping`) for `lease.owner`: true when it is
   * now theirs (it was free, ran out, or was already theirs).
   */
  acquireNamedLease(name: string, lease: Lease): Promise<boolean>;
  /** Records that `process` is alive now (its `seenAt`), replacing its previous heartbeat. */
  heartbeat(process: FleetProcess): Promise<void>;
  /** Processes seen at or after `since` (ms epoch), oldest start first. */
  processes(since: number): Promise<FleetProcess[]>;
  /** Removes a process from the fleet (it stopped) and frees its named leases. */
  leaveFleet(processId: string): Promise<void>;
  close(): Promise<void>;
}

/** Options of {@link MemoryJobStore}. */
export interface MemoryJobStoreOptions {
  /** The clock `prune` measures age against. Default `Date.now`. */
  now?: () => number;
}

/** A {@link JobStore} in memory: lost when the process ends. */
export class MemoryJobStore implements JobStore {
  readonly shared = false;
  private readonly jobs = new Map<string, Job>();
  private readonly leases = new Map<string, Lease>();
  private readonly namedLeases = new Map<string, Lease>();
  private readonly members = new Map<string, FleetProcess>();
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
    return [...this.jobs.values()].filter(isPending).map((j) => structuredClone(j));
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
        this.leases.delete(imageId);
        removed++;
      }
    }
    for (const [userId, at] of this.lastSubmissions) if (at < cutoff) this.lastSubmissions.delete(userId);
    for (const [key, post] of this.posts) {
      const job = this.jobs.get(post.jobId);
      const pending = job !== undefined && (job.outcome === null || !job.delivered);
      if (post.postedAt < cutoff && !pending) this.posts.delete(key);
    }
    for (const [id, p] of this.members) if (p.seenAt < cutoff) this.members.delete(id);
    return removed;
  }

  async saveOwned(job: Job, lease: Lease): Promise<boolean> {
    const held = this.leases.get(job.imageId);
    if (held && held.owner !== lease.owner) return false;
    // No await between the check and the writes: a claim cannot slip in between.
    this.jobs.set(job.imageId, structuredClone(job));
    this.leases.set(job.imageId, { ...lease });
    return true;
  }

  async claim(lease: Lease, max: number): Promise<Job[]> {
    const claimed: Job[] = [];
    for (const job of this.jobs.values()) {
      if (claimed.length >= max) break;
      const held = this.leases.get(job.imageId);
      if (!isPending(job) || (held && held.expiresAt > this.now())) continue;
      this.leases.set(job.imageId, { ...lease });
      claimed.push(structuredClone(job));
    }
    return claimed;
  }

  async renew(lease: Lease): Promise<string[]> {
    const renewed: string[] = [];
    for (const [imageId, held] of this.leases) {
      const job = this.jobs.get(imageId);
      if (held.owner !== lease.owner || !job || !isPending(job)) continue;
      held.expiresAt = lease.expiresAt;
      renewed.push(imageId);
    }
    return renewed;
  }

  async release(owner: string | null): Promise<number> {
    let released = 0;
    for (const [imageId, held] of this.leases) {
      if (owner !== null && held.owner !== owner) continue;
      this.leases.delete(imageId);
      released++;
    }
    return released;
  }

  async acquireNamedLease(name: string, lease: Lease): Promise<boolean> {
    const held = this.namedLeases.get(name);
    if (held && held.owner !== lease.owner && held.expiresAt > this.now()) return false;
    this.namedLeases.set(name, { ...lease });
    return true;
  }

  async heartbeat(process: FleetProcess): Promise<void> {
    this.members.set(process.id, structuredClone(process));
  }

  async processes(since: number): Promise<FleetProcess[]> {
    return [...this.members.values()]
      .filter((p) => p.seenAt >= since)
      .sort((a, b) => a.startedAt - b.startedAt)
      .map((p) => structuredClone(p));
  }

  async leaveFleet(processId: string): Promise<void> {
    this.members.delete(processId);
    for (const [name, held] of this.namedLeases) if (held.owner === processId) this.namedLeases.delete(name);
  }

  async close(): Promise<void> {}
}

/** Whether the job still needs an owner: not ended, or its result not delivered yet. */
function isPending(job: Job): boolean {
  return job.outcome === null || !job.delivered;
}
