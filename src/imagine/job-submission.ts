/**
 * Submitting a job (`ImagineService.submit`): its record is created at once, or, with the pool's line, the job
 * waits in it under a stand-in id when no server it can run on has a free slot (or every server refused the
 * connection: no record exists). The servers create its record (`ImageServers.create`).
 */
import type { Clock } from "../jobs/clock.js";
import type { ImageRecord } from "../service/schema.js";
import { waitsOnAfter } from "./line/failed-create.js";
import type { FollowedJobs } from "./followed-jobs.js";
import type { ImagineServiceOptions } from "./imagine-service-options.js";
import type { Job } from "./job.js";
import type { JobFollower } from "./job-follower.js";
import type { JobLogs } from "./job-logs.js";
import type { JobOwnership } from "./job-ownership.js";
import { gridOf, placementOf } from "./job-placement.js";
import type { WaitingLine } from "./line/waiting-line.js";
import { newJob, type JobDelivery, type JobRequest } from "./job-request.js";
import { waitingJobId } from "./line/stand-in.js";
import { ServersClosedError } from "./image-servers.js";
import { UserError } from "../errors.js";
import { absoluteTimestamp, relativeTimestamp } from "../render/format.js";

/** What submitting needs from the service that follows the jobs. */
export interface SubmissionContext {
  options: Pick<ImagineServiceOptions, "store" | "servers">;
  clock: Clock;
  followed: FollowedJobs;
  line: Pick<WaitingLine, "mustWait" | "enqueue" | "noteStarted">;
  /** Saves the job under this process's lease; false (and the job given up) when another process holds it. */
  ownership: Pick<JobOwnership, "save">;
  /** Follows a job whose record was just created, from that first record. */
  follower: Pick<JobFollower, "created">;
  logs: JobLogs;
}

/** See `ImagineService.submit`. */
export async function submitJob(
  ctx: SubmissionContext,
  request: JobRequest,
  delivery: JobDelivery,
): Promise<Job> {
  const { options, clock, line } = ctx;
  const existing = await options.store.findByRef(request.ref);
  if (existing) return structuredClone(ctx.followed.get(existing.imageId) ?? existing);
  // An upscale runs only on its grid's server: named with the job, it waits for that server's free slot.
  const { servers } = options;
  const grid = servers.lined ? gridOf(request.kind) : null;
  const gridServer = grid === null ? undefined : await servers.holderOf(grid);
  const placement = placementOf({
    kind: request.kind,
    prompt: request.prompt,
    ...(gridServer === undefined ? {} : { server: gridServer }),
  });
  const wait = async (): Promise<Job> => {
    const standIn = { id: waitingJobId(request.ref), status: "pending", progress: null };
    const waiting: Job = { ...newJob(request, delivery, standIn, clock.now()), phase: "waiting" };
    if (gridServer !== undefined) waiting.server = gridServer;
    await line.enqueue(waiting);
    return structuredClone(waiting);
  };
  if (servers.lined && line.mustWait(placement)) return wait();
  let record: ImageRecord;
  try {
    record = await servers.create(request, placement);
  } catch (err) {
    // No record exists (the fleet's other processes hold every slot, or every server refused the
    // connection): the job waits in line and starts when a server is free or back.
    if (servers.lined && waitsOnAfter(placement, err)) return wait();
    if (err instanceof ServersClosedError) throw serversClosed(err);
    throw err;
  }
  const job = newJob(request, delivery, record, clock.now());
  line.noteStarted(job.requesterId);
  const server = servers.nameOf(record.id);
  if (server !== undefined) job.server = server;
  ctx.followed.add(job);
  await ctx.ownership.save(job);
  ctx.logs
    .of(job.imageId)
    .info({ prompt: job.prompt.text.slice(0, 200), status: record.status }, "job created");
  await ctx.follower.created(job, record);
  return structuredClone(job);
}

/** What the member reads when every server's account is closed to new work and there is no line to wait in. */
function serversClosed(err: ServersClosedError): UserError {
  const until = err.reopensAt;
  return new UserError(
    (t) =>
      until === null
        ? t("accountHealth.noServerOpen")
        : t("accountHealth.noServerOpenUntil", {
            until: `${absoluteTimestamp(until) ?? "—"} (${relativeTimestamp(until) ?? "—"})`,
          }),
    err,
  );
}
