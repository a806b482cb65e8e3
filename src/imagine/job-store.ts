/**
 * Where jobs are kept. The bot depends only on this interface; `MemoryJobStore` keeps them in memory
 * (tests, or a bot without a database), the SQLite store keeps them across restarts.
 */
import type { FleetChannels } from "../fleet/fleet-channels.js";
import type { Job } from "./job.js";

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
  /** When `userId` last submitted a job (ms epoch), for per-user limits; undefined if never (or pruned). */
  getLastSubmission(userId: string): Promise<number | undefined>;
  /** Records that `userId` submitted a job at `at` (ms epoch), replacing the previous time. */
  recordSubmission(userId: string, at: number): Promise<void>;
  /**
   * Removes jobs that ended and were delivered more than `olderThanMs` ago (by `finishedAt`), and submission
   * times and processes last seen before that. Unfinished or undelivered jobs are never removed.
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

  async getLastSubmission(userId: string): Promise<number | undefined> {
    return this.lastSubmissions.get(userId);
  }

  async recordSubmission(userId: string, at: number): Promise<void> {
    this.lastSubmissions.set(userId, at);
  }

  async prune(olderThanMs: number): Promise<number> {
    const cutoff = this.now() - olderThanMs;
    let removed = 0;
    for (const [imageId, job] of this.jobs) {
      if (job.outcome !== null && job.delivered && job.finishedAt !== null && job.finishedAt < cutoff) {
        this.jobs.delete(imageId);
        this.leases.delete(imageId);
        removed++;
      }
    }
    for (const [userId, at] of this.lastSubmissions) if (at < cutoff) this.lastSubmissions.delete(userId);
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
