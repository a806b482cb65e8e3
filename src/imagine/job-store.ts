/**
 * Where jobs are kept, as the ports their callers use (jobs, posts, cooldowns, kept prompts, claims,
 * pruning, leases, the fleet): each caller depends on the ports it needs. The SQL job store
 * (src/store/sql-job-store.ts) implements them all and keeps them across restarts in SQLite or Postgres;
 * tests may use an in-memory one (test/support).
 */
import type { FleetChannels } from "../fleet/fleet-channels.js";
import type { Job, UpscaleSource } from "./job.js";
import type { PostAction, PostedMessage } from "./posted-message.js";

/** Which of one member's jobs {@link JobRecords.jobsOfRequester} returns, newest first. */
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
  /** The `ref` of the refused request (its interaction or DM message id); the Try again button carries it. */
  ref: string;
  /** Who asked: only they may try it again. */
  requesterId: string;
  prompt: string;
  /** When it was kept (ms epoch). */
  keptAt: number;
  /** The name of the server's style whose text `prompt` holds; absent: none. */
  style?: string;
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

/** Whether the store is shared by a fleet of processes, and what the fleet shares through it. */
export interface StoreScope {
  /**
   * Whether several bot processes may use this store at once (Postgres). When false this process is the
   * only one, so leases found in it were left by a previous run and may be released at start.
   */
  readonly shared: boolean;
  /** Usage limits and webhook hints across the processes of a fleet; absent when not shared. */
  readonly fleet?: FleetChannels;
}

/** The jobs themselves: saved, found by image id or ref, listed for restarts, `/imagine-status` and `/history`. */
export interface JobRecords {
  /** Inserts or replaces the job (keyed by image id). */
  save(job: Job): Promise<void>;
  /** Removes a job (a queued job's stand-in once its record exists); nothing when there is none. */
  remove(imageId: string): Promise<void>;
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
  /** The newest Enhance job of `source` (that image of that grid, by that factor), if any. */
  latestUpscale(source: UpscaleSource): Promise<Job | undefined>;
}

/** The messages posted for a job's actions (its result, an enlarged image), so a repeat posts nothing twice. */
export interface PostRecords {
  /**
   * Records a message posted for a job's action. The first record of a job and action is kept: a repeat
   * (the same post returned again for its nonce) changes nothing.
   */
  savePost(post: PostedMessage): Promise<void>;
  /** The message posted for the job's action, if one was recorded. */
  getPost(jobId: string, action: PostAction): Promise<PostedMessage | undefined>;
}

/** When each member last submitted a job, for per-member cooldowns. */
export interface SubmissionTimes {
  /** When `userId` last submitted a job (ms epoch), for per-user limits; undefined if never (or pruned). */
  getLastSubmission(userId: string): Promise<number | undefined>;
  /** Records that `userId` submitted a job at `at` (ms epoch), replacing the previous time. */
  recordSubmission(userId: string, at: number): Promise<void>;
}

/** Refused requests' prompts, kept for their Try again button. */
export interface KeptPrompts {
  /** Keeps a refused request's prompt under its interaction id (replacing one kept under the same id). */
  keepPrompt(kept: KeptPrompt): Promise<void>;
  getKeptPrompt(ref: string): Promise<KeptPrompt | undefined>;
}

/** How a {@link Claims.claimOnce} holds. */
export interface ClaimOptions {
  /**
   * How long the claim holds (ms) unless released: a double-click window, or past the longest the guarded
   * work takes, so a process that died holding it keeps others out this long at most. Absent: for good
   * (until housekeeping forgets it with other records older than `JOB_RETENTION_DAYS`).
   */
  holdMs?: number;
  /**
   * Who claims: kept with the claim, read back by {@link Claims.claimHolder} and required by
   * `releaseClaim`. An interaction id, or what the first claimer leaves for the others (the nonce a message
   * is posted under). Default `""`.
   */
  holder?: string;
}

/**
 * Claims of what must be started at most once (a button's work, an Enhance, a private note, the nonce of a
 * post), shared by every process on the database and kept across restarts. The key names what is claimed,
 * prefixed by who claims it: `reroll:`, `upscale:`, `enhance:`, `private-note:`, `post-nonce:`.
 */
export interface Claims {
  /**
   * Claims `key`: `true` when this call took it (nobody held it, or the hold ran out), `false` while
   * another claim holds it, from any process. Two claims at once, on any connections: one gets `true`.
   */
  claimOnce(key: string, options?: ClaimOptions): Promise<boolean>;
  /** The holder of the claim on `key` in force, if any. */
  claimHolder(key: string): Promise<string | undefined>;
  /**
   * Frees `key` at once (e.g. the work it guarded is done, or failed before starting, so a later click may
   * try again); only when `holder` holds it, if given.
   */
  releaseClaim(key: string, holder?: string): Promise<void>;
}

/** Removing what is old enough to forget. */
export interface StorePruning {
  /**
   * Removes jobs that ended and were delivered more than `olderThanMs` ago (by `finishedAt`), and submission
   * times, kept prompts, claims for good, posted messages, processes last seen and named leases that ran out
   * before that, and held claims that ran out. Unfinished or undelivered jobs and their posts are never
   * removed.
   * @returns how many jobs were removed.
   */
  prune(olderThanMs: number): Promise<number>;
}

/** Which process follows which job: the leases that keep two processes from polling or delivering one job. */
export interface JobLeases {
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
}

/** Fleet-wide leases on a task rather than a job (e.g. `housekeeping`). */
export interface NamedLeases {
  /**
   * Takes or extends the named fleet-wide lease (e.g. `housekeeping`) for `lease.owner`: true when it is
   * now theirs (it was free, ran out, or was already theirs).
   */
  acquireNamedLease(name: string, lease: Lease): Promise<boolean>;
  /** Gives up the named lease if `owner` holds it (another owner's hold is left as it is). */
  releaseNamedLease(name: string, owner: string): Promise<void>;
}

/** The fleet's processes and their heartbeats. */
export interface FleetRegistry {
  /** Records that `process` is alive now (its `seenAt`), replacing its previous heartbeat. */
  heartbeat(process: FleetProcess): Promise<void>;
  /** Processes seen at or after `since` (ms epoch), oldest start first. */
  processes(since: number): Promise<FleetProcess[]>;
  /** Removes a process from the fleet (it stopped) and frees its named leases. */
  leaveFleet(processId: string): Promise<void>;
}

/**
 * Where jobs are kept: every port above, and `close`. Its callers depend on the ports they use; the SQL job
 * store implements them all.
 */
export interface JobStore
  extends
    StoreScope,
    JobRecords,
    PostRecords,
    SubmissionTimes,
    KeptPrompts,
    Claims,
    StorePruning,
    JobLeases,
    NamedLeases,
    FleetRegistry {
  close(): Promise<void>;
}
