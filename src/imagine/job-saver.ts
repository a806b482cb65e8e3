/**
 * Saves jobs to the store as this process's (under its lease, see `JobStore.saveOwned`). A failed save (disk
 * full, database locked) is logged and tried again with backoff until it works, saving the job as it is by
 * then: a restart must find every job the bot took on. A save refused because another process took the job
 * over is no failure: the job is no longer this process's to follow.
 */
import { exponentialBackoffMs } from "../jobs/backoff.js";
import type { Scheduler } from "../jobs/scheduler.js";
import type { Logger } from "../logger.js";
import { logContextOf, type Job } from "./job.js";
import type { JobLeases, Lease } from "./job-store.js";

/** First wait before saving a job again after a failed save; it doubles up to the maximum. */
const SAVE_RETRY_BASE_MS = 1000;
const SAVE_RETRY_MAX_MS = 60_000;

export class JobSaver {
  private readonly unsaved = new Map<string, { job: Job; failures: number }>();

  constructor(
    private readonly store: Pick<JobLeases, "saveOwned">,
    /** The shared scheduler: retries are keyed `save:<imageId>`. */
    private readonly scheduler: Scheduler,
    private readonly log: Logger,
    /** This process's lease, as of now. */
    private readonly lease: () => Lease,
    /** Called when a retried save finds that another process took the job over. */
    private readonly onLost: (imageId: string) => void,
  ) {}

  /**
   * Saves the job now, or keeps it and schedules another attempt. Never throws.
   * @returns false when another process holds the job (nothing was saved), else true.
   */
  async save(job: Job): Promise<boolean> {
    const key = `save:${job.imageId}`;
    const log = this.log.child(logContextOf(job));
    try {
      const owned = await this.store.saveOwned(job, this.lease());
      this.scheduler.cancel(key);
      if (this.unsaved.delete(job.imageId)) log.info("saving the job works again");
      return owned;
    } catch (err) {
      const failures = (this.unsaved.get(job.imageId)?.failures ?? 0) + 1;
      this.unsaved.set(job.imageId, { job, failures });
      const retryInMs = exponentialBackoffMs(failures, SAVE_RETRY_BASE_MS, SAVE_RETRY_MAX_MS);
      log[failures === 1 ? "error" : "warn"](
        { err, failures, retryInMs },
        "saving the job failed; it stays in memory and saving is tried again",
      );
      if (!this.scheduler.stopped)
        this.scheduler.scheduleIn(key, retryInMs, async () => {
          if (!(await this.save(job))) this.onLost(job.imageId);
        });
      return true;
    }
  }

  /** One last attempt for every job not saved yet (at shutdown). */
  async flush(): Promise<void> {
    for (const { job } of [...this.unsaved.values()]) {
      try {
        await this.store.saveOwned(job, this.lease());
        this.unsaved.delete(job.imageId);
      } catch (err) {
        this.log
          .child(logContextOf(job))
          .error({ err }, "the job could not be saved before stopping: the next start will not know it");
      }
    }
  }
}
