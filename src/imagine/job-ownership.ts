/**
 * This process's ownership of jobs (see `JobStore.claim`): its id and lease, the jobs the store holds for it,
 * and saving under the lease. The ImagineService decides what following a job means; this keeps which jobs
 * are its own.
 */
import { newProcessId } from "../fleet/process-id.js";
import type { Clock } from "../jobs/clock.js";
import type { Scheduler } from "../jobs/scheduler.js";
import type { Logger } from "../logger.js";
import type { Job } from "./job.js";
import { JobSaver } from "./job-saver.js";
import type { JobLeases, Lease } from "./job-store.js";

export interface JobOwnershipOptions {
  store: JobLeases;
  /** The shared scheduler (save retries). */
  scheduler: Scheduler;
  clock: Clock;
  logger: Logger;
  /** Default: a new id. */
  processId?: string | undefined;
  /** JOB_LEASE_MS. Default 30000. */
  leaseMs?: number | undefined;
  /** Called when a save (or a retried one) finds another process took the job over. */
  onLost(imageId: string): void;
}

export class JobOwnership {
  /** The owner of this process's leases. */
  readonly processId: string;
  private readonly leaseMs: number;
  private readonly jobSaver: JobSaver;
  /** Jobs the store holds for this process (saved or claimed under its lease) and not delivered yet. */
  private readonly owned = new Set<string>();

  constructor(private readonly options: JobOwnershipOptions) {
    this.processId = options.processId ?? newProcessId();
    this.leaseMs = options.leaseMs ?? 30_000;
    this.jobSaver = new JobSaver(
      options.store,
      options.scheduler,
      options.logger,
      () => this.lease(),
      options.onLost,
    );
  }

  /** This process's hold on its jobs from now, for JOB_LEASE_MS. */
  lease(): Lease {
    return { owner: this.processId, expiresAt: this.options.clock.now() + this.leaseMs };
  }

  /**
   * Saves the job under the lease (failed saves are retried); false when another process holds it, and the
   * job is then given up here (`onLost`).
   */
  async save(job: Job): Promise<boolean> {
    const owned = await this.jobSaver.save(job);
    if (!owned) this.options.onLost(job.imageId);
    // A delivered job needs no owner any more (the store no longer renews or claims it).
    if (!owned || (job.outcome !== null && job.delivered)) this.owned.delete(job.imageId);
    else this.owned.add(job.imageId);
    return owned;
  }

  /** Claims up to `max` jobs nobody holds. */
  async claim(max: number): Promise<Job[]> {
    const jobs = await this.options.store.claim(this.lease(), max);
    for (const job of jobs) this.owned.add(job.imageId);
    return jobs;
  }

  /** Extends every lease; returns the jobs that were this process's but another took over meanwhile. */
  async renew(): Promise<string[]> {
    const held = [...this.owned];
    const renewed = new Set(await this.options.store.renew(this.lease()));
    const lost = held.filter((id) => !renewed.has(id));
    for (const id of lost) this.owned.delete(id);
    return lost;
  }

  /** Forgets a job another process took over. */
  forget(imageId: string): void {
    this.owned.delete(imageId);
  }

  /** At stop: a last attempt at every failed save, then the leases are released for other processes. */
  async stop(): Promise<void> {
    await this.jobSaver.flush();
    // Other processes of a fleet take the jobs over at once instead of after the lease.
    try {
      const released = await this.options.store.release(this.processId);
      if (released > 0) this.options.logger.info({ jobs: released }, "released jobs for other processes");
    } catch (err) {
      this.options.logger.warn(
        { err },
        "could not release the jobs: other processes take them after JOB_LEASE_MS",
      );
    }
  }
}
