/**
 * A waiting job's turn (see `line/waiting-line.ts`): its create is claimed (`create:<ref>`) and sent, and the job is
 * followed under its record's image id in place of its stand-in. A claim already taken (the bot restarted
 * between claim and create) is checked on the servers that keep `ref` before anything is sent.
 */
import { errorMessage } from "../../errors.js";
import { translator } from "../../i18n/translate.js";
import { NoFreeSlotError } from "../image-servers.js";
import { NOT_STARTED_ERROR } from "../../render/image-errors.js";
import type { ImageRecord } from "../../service/schema.js";
import { waitsOnAfter } from "./failed-create.js";
import { againClaimKey } from "../job-remake.js";
import { logContextOf, type Job } from "../job.js";
import type { Placement } from "../job-placement.js";
import type { LineContext } from "./line-context.js";
import type { LineEndings } from "./line-endings.js";

/** A record to follow, and the server holding it when it was not created just now. */
interface Created {
  record: ImageRecord;
  server?: string;
}

/**
 * For a stand-in whose create was claimed before a restart: the record it made (found on a server that
 * keeps `ref`), null when no server can have made it (so it is sent now), "unknown" when no one can tell.
 */
async function createdBefore(ctx: LineContext, standIn: Job): Promise<Created | null | "unknown"> {
  const lookup = await ctx.options.servers.findCreated(standIn.ref);
  if (lookup === "absent") return null;
  if (lookup === "unknown") return lookup;
  ctx.log
    .child(logContextOf(standIn))
    .info(
      { jobId: lookup.record.id, server: lookup.server },
      "a waiting job's record made before a restart was found",
    );
  return lookup;
}

/** Follows the stand-in's `created` record under its image id, in place of the stand-in. */
async function follow(ctx: LineContext, standIn: Job, created: Created): Promise<void> {
  const { options, clock } = ctx;
  const { record } = created;
  const job: Job = {
    ...standIn,
    phase: "sent",
    // Its message goes on showing the request id it showed while it waited.
    waitedInLine: true,
    imageId: record.id,
    status: record.status,
    progress: record.progress,
  };
  // Its time limit counts from now: the wait in line is not the service's.
  job.startedAt = clock.now();
  const server = created.server ?? options.servers.nameOf(record.id);
  if (server !== undefined) job.server = server;
  // A record found rather than created here: its server learns that it runs it.
  if (created.server !== undefined) options.servers.follow(job);
  // The stand-in is followed no more: its record now exists under another id.
  ctx.throttle.forget(standIn.imageId);
  ctx.followed.remove(standIn.imageId);
  ctx.ownership.forget(standIn.imageId);
  ctx.followed.add(job);
  await ctx.ownership.save(job);
  await options.store.remove(standIn.imageId);
  ctx.log.child(logContextOf(job)).info({ server }, "a waiting job started");
  ctx.follower.started(job, record);
}

/**
 * Starts the waiting job `standIn`, placed as `placement` when it was queued; a failure ends it (through `endings`). False when nothing was sent and
 * it waits on: the fleet's other processes hold every free slot, or every server refused the connection.
 */
export async function startWaiting(
  ctx: LineContext,
  endings: LineEndings,
  standIn: Job,
  placement: Placement,
): Promise<boolean> {
  const { options } = ctx;
  const log = ctx.log.child(logContextOf(standIn));
  // A database that fails here throws to the line, which keeps the job's place and tries again.
  const claim = standIn.remadeFrom ? againClaimKey(standIn.ref) : `create:${standIn.ref}`;
  const claimed = await options.store.claimOnce(claim);
  // A job made again: `ref` finds its first record, so no server can tell whether the second was made.
  const before = claimed ? null : standIn.remadeFrom ? "unknown" : await createdBefore(ctx, standIn);
  if (before === "unknown") {
    log.warn(
      "a waiting job's create may have been sent before the bot restarted; it is ended, not sent again",
    );
    await endings.failed(standIn, NOT_STARTED_ERROR);
    return true;
  }
  let created: Created;
  try {
    created = before ?? { record: await ctx.options.servers.create(standIn, placement) };
  } catch (err) {
    if (waitsOnAfter(placement, err)) {
      // No record exists: the claim is given back, so a later turn (or a restart) may send it.
      await options.store.releaseClaim(claim);
      if (!(err instanceof NoFreeSlotError))
        log.info("every image server refused the connection; the job waits on until one is back");
      return false;
    }
    log.warn({ err }, "a waiting job could not be started when its turn came");
    const t = translator(standIn.language);
    await endings.failed(standIn, t("pool.failedToStart", { reason: errorMessage(err) }));
    return true;
  }
  await follow(ctx, standIn, created);
  return true;
}
