/**
 * What the message of a job sent to the service but still `pending` there says about the service, from the
 * service's own health report (the service queues images while it is not healthy).
 */
import type { ProgressNotice } from "../render/progress.js";
import type { ImageRecord } from "../service/schema.js";

/** No notice: one shared object, so a poll with nothing to say allocates none. */
export const NO_NOTICE: ProgressNotice = Object.freeze({});

/**
 * The notice for a job's record while the service reports `botStatus`: a `pending` job of a service that is
 * `starting` (or `not started`: its Midjourney bot has not logged in yet) or in any other state but `healthy`
 * waits in the service's queue, and its message says why. Nothing for other records or an unknown status.
 */
export function pendingNotice(record: ImageRecord, botStatus: string | null): ProgressNotice {
  if (record.status !== "pending" || botStatus === null || botStatus === "healthy") return NO_NOTICE;
  return { serviceNotReady: botStatus === "starting" || botStatus === "not started" ? "starting" : "down" };
}
