/** What a failed create means for a job that may wait in the bot's line (see `line/waiting-line.ts`). */
import { madeNoRecord } from "../../service/errors.js";
import { NoFreeSlotError } from "../image-servers.js";
import type { Job } from "../job.js";
import { mayMoveServers, placementOf } from "../job-placement.js";

/**
 * Whether a failed create leaves the job waiting in line rather than ending it: nothing was sent (the
 * fleet's other processes hold every slot), or an image's create was refused by every server it went to
 * (the connection was never made, so no record exists anywhere): it starts when a server is back. An
 * upscale runs only on its grid's server; a create that may have made a record (5xx, time-out) is never
 * sent again.
 */
export function waitsOnAfter(job: Pick<Job, "kind" | "prompt">, err: unknown): boolean {
  return err instanceof NoFreeSlotError || (madeNoRecord(err) && mayMoveServers(placementOf(job)));
}
