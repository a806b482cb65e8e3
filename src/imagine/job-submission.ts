/**
 * Submitting a job (`ImagineService.submit`): its record is created at once, or, with the pool's line, the job
 * waits in it under a stand-in id when no server it can run on has a free slot (or every server refused the
 * connection: no record exists). The one place a kind of job meets the service ({@link createRecord}).
 */
import type { Clock } from "../jobs/clock.js";
import type { Logger } from "../logger.js";
import { requirementOf, requirementOfJob } from "../pool/server-requirement.js";
import type { Prompt } from "../prompt/prompt.js";
import type { ImageRecord } from "../service/schema.js";
import { waitsOnAfter } from "./failed-create.js";
import type { FollowedJobs } from "./followed-jobs.js";
import type { ImagineServiceOptions, JobCreator } from "./imagine-service-options.js";
import type { Job } from "./job.js";
import { unknownKind, type JobKind } from "./job-kind.js";
import type { JobQueue } from "./job-queue.js";
import { newJob, type JobDelivery, type JobRequest } from "./job-request.js";
import { waitingJobId } from "./waiting-job-id.js";

/** What submitting needs from the service that follows the jobs. */
export interface SubmissionContext {
  options: Pick<ImagineServiceOptions, "store" | "profile" | "servers" | "slots">;
  clock: Clock;
  followed: FollowedJobs;
  queue: Pick<JobQueue, "mustWait" | "enqueue" | "noteStarted">;
  persist(job: Job): Promise<boolean>;
  /** Follows a job whose record was just created, from that first `record`. */
  follow(job: Job, record: ImageRecord): Promise<void>;
  jobLog(jobId: string): Logger;
}

/** Asks the service for the record of a job of `kind`: the one place a kind meets the service. */
export function createRecord(
  profile: JobCreator,
  kind: JobKind,
  prompt: Prompt,
  ref: string,
): Promise<ImageRecord> {
  switch (kind.name) {
    case "imagine":
      // Only a server that can run the speed the prompt asks for (see `requirementOf`).
      return profile.createImage(prompt, ref, requirementOf(prompt.speed));
    case "upscale":
      return profile.upscale(kind.parentId, kind.index, kind.factor, ref);
    default:
      return unknownKind(kind);
  }
}

/** See `ImagineService.submit`. */
export async function submitJob(
  ctx: SubmissionContext,
  request: JobRequest,
  delivery: JobDelivery,
): Promise<Job> {
  const { options, clock, queue } = ctx;
  const existing = await options.store.findByRef(request.ref);
  if (existing) return structuredClone(ctx.followed.get(existing.imageId) ?? existing);
  // An upscale runs only on its grid's server: named with the job, it waits for that server's free slot.
  const { kind } = request;
  const gridServer =
    options.slots && kind.name === "upscale" ? await options.servers?.holderOf(kind.parentId) : undefined;
  const requires = requirementOfJob({
    kind,
    prompt: request.prompt,
    ...(gridServer === undefined ? {} : { server: gridServer }),
  });
  const wait = async (): Promise<Job> => {
    const standIn = { id: waitingJobId(request.ref), status: "pending", progress: null };
    const waiting: Job = { ...newJob(request, delivery, standIn, clock.now()), phase: "waiting" };
    if (gridServer !== undefined) waiting.server = gridServer;
    await queue.enqueue(waiting);
    return structuredClone(waiting);
  };
  if (options.slots && queue.mustWait(requires)) return wait();
  let record: ImageRecord;
  try {
    record = await createRecord(options.profile, kind, request.prompt, request.ref);
  } catch (err) {
    // No record exists (the fleet's other processes hold every slot, or every server refused the
    // connection): the job waits in line and starts when a server is free or back.
    if (options.slots && waitsOnAfter(kind, err)) return wait();
    throw err;
  }
  const job = newJob(request, delivery, record, clock.now());
  queue.noteStarted(job.requesterId);
  const server = options.servers?.nameOf(record.id);
  if (server !== undefined) job.server = server;
  ctx.followed.add(job);
  await ctx.persist(job);
  ctx
    .jobLog(job.imageId)
    .info({ prompt: job.prompt.text.slice(0, 200), status: record.status }, "job created");
  await ctx.follow(job, record);
  return structuredClone(job);
}
