/**
 * Starting to follow a job that has a record: the tracker polls it and the record in hand is taken at once
 * (`RecordHandling`). Used when a record was just created, when a waiting job started, and for claimed jobs.
 */
import type { JobTracker, TrackedJob } from "../jobs/job-tracker.js";
import { isFinished, type ImageRecord } from "../service/schema.js";
import type { ImageServers } from "./image-servers.js";
import type { Job } from "./job.js";
import { tracked } from "./job-pipeline.js";
import type { RecordHandling } from "./record-handling.js";

/** Hands jobs to the tracker and their first record to the record handling. */
export class JobFollower {
  constructor(
    private readonly tracker: Pick<JobTracker<TrackedJob>, "track">,
    private readonly records: Pick<RecordHandling, "record">,
    private readonly servers: Pick<ImageServers, "follow">,
  ) {}

  /** Follows a job whose record was just created, from that first `record` (already finished: only taken). */
  async created(job: Job, record: ImageRecord): Promise<void> {
    if (isFinished(record.status)) return this.records.record(job.imageId, record);
    this.started(job, record);
  }

  /** Polls the job and shows `record`, its record as just read. */
  started(job: Job, record: ImageRecord): void {
    this.tracker.track(tracked(job));
    void this.records.record(job.imageId, record);
  }

  /**
   * Polls a job claimed from the store again, its server told that it runs it: at once with `pollNow`, else
   * its first poll is spread over an interval.
   */
  resumed(job: Job, pollNow?: boolean): void {
    this.servers.follow(job);
    this.tracker.track(tracked(job), pollNow === undefined ? {} : { pollNow });
  }
}
