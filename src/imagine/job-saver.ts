/**
 * Saves jobs to the store. A failed save (disk full, database locked) is logged and tried again with backoff
 * until it works, saving the job as it is by then: a restart must find every job the bot took on.
 */
import { exponentialBackoffMs } from "../jobs/backoff.js";
import type { Scheduler } from "../jobs/scheduler.js";
import type { Logger } from "../logger.js";
import { logContextOf, type Job } from "./job.js";
import type { JobStore } from "./job-store.js";

/** First wait before saving a job again after a failed save; it doubles up to the maximum. */
const SAVE_RETRY_BASE_MS = 1000;
const SAVE_RETRY_MAX_MS = 60_000;

export class JobSaver {
  private readonly unsaved = new Map<string, { job: Job; failures: number }>();

  constructor(
    private readonly store: JobStore,
    /** The shared scheduler: retries are keyed `save:<imageId>`. */
    private readonly scheduler: Scheduler,
    private readonly log: Logger,
  ) {}

  /** Saves the job now, or keeps it and schedules another attempt. Never throws. */
  async save(job: Job): Promise<void> {
    const key = `save:${job.imageId}`;
    const log = this.log.child(logContextOf(job));
    try {
      await this.store.save(job);
      this.scheduler.cancel(key);
      if (this.unsaved.delete(job.imageId)) log.info("saving the job works again");
    } catch (err) {
      const failures = (this.unsaved.get(job.imageId)?.failures ?? 0) + 1;
      this.unsaved.set(job.imageId, { job, failures });
      const retryInMs = exponentialBackoffMs(failures, SAVE_RETRY_BASE_MS, SAVE_RETRY_MAX_MS);
      log[failures === 1 ? "error" : "warn"](
        { err, failures, retryInMs },
        "saving the job failed; it stays in memory and saving is tried again",
      );
      if (!this.scheduler.stopped) this.scheduler.scheduleIn(key, retryInMs, () => this.save(job));
    }
  }

  /** One last attempt for every job not saved yet (at shutdown). */
  async flush(): Promise<void> {
    for (const { job } of [...this.unsaved.values()]) {
      try {
        await this.store.save(job);
        this.unsaved.delete(job.imageId);
      } catch (err) {
        this.log
          .child(logContextOf(job))
          .error({ err }, "the job could not be saved before stopping: the next start will not know it");
      }
    }
  }
}
