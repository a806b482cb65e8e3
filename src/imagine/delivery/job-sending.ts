/**
 * Sending one view of a job to Discord: the image is fetched or linked as the view asks, progress goes to
 * the job's message, and a final view is posted as the result (exactly once, see `deliverResult`).
 */
import type { Logger } from "../../logger.js";
import type { MessagePayload } from "../../render/payload.js";
import type { ImagineServiceOptions } from "../imagine-service-options.js";
import type { Job, MessageLocation } from "../job.js";
import type { JobView } from "../job-view.js";
import { materialize } from "./materialize.js";
import { deliverResult } from "./result-delivery.js";
import type { ShowOutcome } from "../../jobs/message-update-options.js";

/**
 * Sends `view` of `job`. Resolves with the job's new message location when showing progress moved it (e.g.
 * to a channel message once the interaction token expired), otherwise null.
 * @throws {DeliveryError} when Discord refuses.
 */
export async function sendJobView(
  options: Pick<
    ImagineServiceOptions,
    "servers" | "messenger" | "store" | "imageDownloadMaxBytes" | "events"
  >,
  now: () => number,
  job: Job,
  view: JobView,
  final: boolean,
  log: Logger,
): Promise<MessageLocation | null> {
  const message = await materialize(view, {
    download: (url) => options.servers.downloadImage(url, { maxBytes: options.imageDownloadMaxBytes }),
    log,
  });
  if (final) {
    const post = await deliverResult(
      { messenger: options.messenger, store: options.store, now },
      job,
      message,
      log,
      { quiet: view.quiet === true },
    );
    if (post.route !== null) options.events?.delivered?.(post.route, true);
    return null;
  }
  const shown = await options.messenger.show(job.location, message, { log });
  if (shown.route !== null) options.events?.delivered?.(shown.route, false);
  return JSON.stringify(shown.location) === JSON.stringify(job.location) ? null : shown.location;
}

/**
 * Shows what only the requester may see, at most once per job: the claim is recorded in the store before
 * sending, so delivering the job again after a restart (its `delivered` was not saved yet) does not repeat
 * it; only a crash between the claim and the send would lose it. A failure is logged here and does not
 * hold the job up.
 */
export async function showPrivateNoteOnce(
  options: Pick<ImagineServiceOptions, "messenger" | "store">,
  job: Job,
  payload: MessagePayload,
  log: Logger,
): Promise<void> {
  try {
    if (!(await options.store.claimOnce(`private-note:${job.imageId}`))) {
      log.info("the refusal's detail was already shown to the requester");
      return;
    }
    const route = await options.messenger.showPrivately(
      job.location,
      { payload, files: [] },
      job.requesterId,
      log,
    );
    log.info({ route }, "showed the refusal's detail to the requester only");
  } catch (err) {
    log.warn({ err }, "could not show the refusal's detail to the requester");
  }
}

/**
 * After a job's final message was shown, or not (`shown`): a shown job (or one whose message is gone) is
 * delivered, with its private note sent once; one Discord refused for good on every route (`undeliverable`)
 * is settled rather than retried at each start; otherwise it stays undelivered for the next start. Logs the
 * ending once. Resolves with the delivery latency to report, null when there is none.
 */
export async function settleEnding(
  deps: {
    options: Pick<ImagineServiceOptions, "messenger" | "store">;
    now: () => number;
    persist: (job: Job) => Promise<unknown>;
    undeliverable: boolean;
  },
  ending: { job: Job; view: JobView; shown: ShowOutcome; seenAt: number },
  log: Logger,
): Promise<number | null> {
  const { job, view, shown, seenAt } = ending;
  const outcome = job.outcome;
  if (shown === "delivered" || shown === "message-gone") {
    if (view.privateNote) await showPrivateNoteOnce(deps.options, job, view.privateNote, log);
    job.delivered = true;
    const latencyMs = shown === "delivered" ? deps.now() - seenAt : null;
    await deps.persist(job);
    log.info({ outcome, shown, latencyMs }, "job ended");
    return latencyMs;
  }
  if (deps.undeliverable) {
    job.delivered = true;
    await deps.persist(job);
    log.error(
      { outcome },
      "the result could not be delivered anywhere (no channel access, DMs closed); giving up",
    );
  } else {
    log.error({ outcome, shown }, "the result could not be delivered; will retry at next start");
  }
  return null;
}
