/** The child loggers of jobs: each log line about a job carries its ids (see `logContextOf`). */
import type { Logger } from "../logger.js";
import type { FollowedJobs } from "./followed-jobs.js";
import { logContextOf } from "./job.js";

/** Makes the logger of a job by its id: a followed job's carries its interaction and user ids too. */
export class JobLogs {
  constructor(
    private readonly log: Logger,
    private readonly followed: Pick<FollowedJobs, "get">,
  ) {}

  /** The logger of the job `jobId`. */
  of(jobId: string): Logger {
    const job = this.followed.get(jobId);
    return this.log.child(job ? logContextOf(job) : { jobId });
  }
}
