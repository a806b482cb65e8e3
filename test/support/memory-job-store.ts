/**
 * A {@link JobStore} in memory for tests that need no database, or that subclass it to make a store fail on
 * cue; the contract suite holds it to the same behaviour as the SQL store.
 */
import type { Job, UpscaleSource } from "../../src/imagine/job.js";
import type {
  ClaimOptions,
  FleetProcess,
  JobStore,
  KeptPrompt,
  Lease,
  RequesterJobsQuery,
} from "../../src/imagine/job-store.js";
import type { PostAction, PostedMessage } from "../../src/imagine/posted-message.js";

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
  private readonly claims = new Map<string, { holder: string; at: number; expiresAt: number | null }>();
  /** Keyed `<jobId> <action>`. */
  private readonly posts = new Map<string, PostedMessage>();
  private readonly now: () => number;

  constructor(options: MemoryJobStoreOptions = {}) {
    this.now = options.now ?? Date.now;
  }

  async save(job: Job): Promise<void> {
    this.jobs.set(job.imageId, structuredClone(job));
  }

  async remove(imageId: string): Promise<void> {
    this.jobs.delete(imageId);
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

  async latestUpscale(source: UpscaleSource): Promise<Job | undefined> {
    let latest: Job | undefined;
    for (const job of this.jobs.values()) {
      const { kind } = job;
      if (kind.name !== "upscale" || kind.parentId !== source.parentId || kind.index !== source.index)
        continue;
      if (kind.factor === source.factor && (!latest || job.startedAt >= latest.startedAt)) latest = job;
    }
    return latest && structuredClone(latest);
  }

  async getLastSubmission(userId: string): Promise<number | undefined> {
    return this.lastSubmissions.get(userId);
  }

  async recordSubmission(userId: string, at: number): Promise<void> {
    this.lastSubmissions.set(userId, at);
  }

  async keepPrompt(kept: KeptPrompt): Promise<void> {
    this.keptPrompts.set(kept.ref, { ...kept });
  }

  async getKeptPrompt(ref: string): Promise<KeptPrompt | undefined> {
    const kept = this.keptPrompts.get(ref);
    return kept && { ...kept };
  }

  async claimOnce(key: string, options: ClaimOptions = {}): Promise<boolean> {
    const at = this.now();
    if (this.claimInForce(key, at)) return false;
    const expiresAt = options.holdMs === undefined ? null : at + options.holdMs;
    this.claims.set(key, { holder: options.holder ?? "", at, expiresAt });
    return true;
  }

  async claimHolder(key: string): Promise<string | undefined> {
    return this.claimInForce(key, this.now())?.holder;
  }

  async releaseClaim(key: string, holder?: string): Promise<void> {
    if (holder === undefined || this.claims.get(key)?.holder === holder) this.claims.delete(key);
  }

  private claimInForce(key: string, at: number) {
    const claim = this.claims.get(key);
    return claim && (claim.expiresAt === null || claim.expiresAt > at) ? claim : undefined;
  }

  async prune(olderThanMs: number): Promise<number> {
    const cutoff = this.now() - olderThanMs;
    for (const [id, kept] of this.keptPrompts) if (kept.keptAt < cutoff) this.keptPrompts.delete(id);
    for (const [key, claim] of this.claims) {
      const over = claim.expiresAt === null ? claim.at < cutoff : claim.expiresAt <= this.now();
      if (over) this.claims.delete(key);
    }
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
    for (const [name, held] of this.namedLeases) if (held.expiresAt < cutoff) this.namedLeases.delete(name);
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

  async releaseNamedLease(name: string, owner: string): Promise<void> {
    if (this.namedLeases.get(name)?.owner === owner) this.namedLeases.delete(name);
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
