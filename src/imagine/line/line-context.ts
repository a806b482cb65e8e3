/** What the bot's line of waiting jobs needs of the service that follows the jobs (`WaitingLine`, `startWaiting`). */
import type { Clock } from "../../jobs/clock.js";
import type { MessageUpdateThrottle } from "../../jobs/message-update-throttle.js";
import type { Logger } from "../../logger.js";
import type { ImageRecord } from "../../service/schema.js";
import type { FollowedJobs } from "../followed-jobs.js";
import type { FreeSlots } from "../image-servers.js";
import type { ImagineServiceOptions } from "../imagine-service-options.js";
import type { Job, JobOutcome } from "../job.js";
import type { JobOwnership } from "../job-ownership.js";
import type { JobView } from "../job-view.js";

/** What the queue needs of the service that follows the jobs. */
export interface LineContext {
  options: Pick<ImagineServiceOptions, "store" | "imageDelivery" | "servers" | "timeoutMs">;
  slots: FreeSlots;
  clock: Clock;
  log: Logger;
  followed: FollowedJobs;
  throttle: Pick<MessageUpdateThrottle<JobView>, "show" | "forget">;
  ownership: Pick<JobOwnership, "forget">;
  persist(job: Job): Promise<boolean>;
  /** Follows a job whose record was just created, showing `record`. */
  started(job: Job, record: ImageRecord): void;
  finish(job: Job, outcome: JobOutcome, view: JobView): Promise<void>;
}
