/** What the bot's line of waiting jobs needs of the service that follows the jobs (`WaitingLine`, `startWaiting`). */
import type { Clock } from "../../jobs/clock.js";
import type { MessageUpdateThrottle } from "../../jobs/message-update-throttle.js";
import type { Logger } from "../../logger.js";
import type { FollowedJobs } from "../followed-jobs.js";
import type { FreeSlots } from "../image-servers.js";
import type { ImagineServiceOptions } from "../imagine-service-options.js";
import type { JobEndings } from "../job-endings.js";
import type { JobFollower } from "../job-follower.js";
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
  /** Saves jobs under this process's lease (false, and the job given up, when another holds it). */
  ownership: Pick<JobOwnership, "forget" | "save">;
  /** Follows a job whose record was just created (`started`). */
  follower: Pick<JobFollower, "started">;
  /** How a job ends. */
  endings: Pick<JobEndings, "finish">;
}
