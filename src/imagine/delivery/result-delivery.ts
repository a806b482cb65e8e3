/**
 * Delivers a job's result exactly once: posts it as a new message (the requester's one notification),
 * records the post, then removes the progress message. Each step is safe to repeat (the update throttle
 * retries, a restart resumes): a result already recorded is not posted again, and a post repeated before
 * it was recorded carries the same nonce, for which Discord returns the message already posted.
 * @see https://discord.com/developers/docs/resources/message#create-message-jsonform-params
 */
import { translator } from "../../i18n/translate.js";
import { DeliveryError, type DeliveryRoute } from "../../jobs/delivery-error.js";
import type { Logger } from "../../logger.js";
import { renderResultPointer } from "../../render/final.js";
import { messageJumpLink } from "../../render/message-link.js";
import type { JobMessenger } from "../imagine-service-options.js";
import type { Job } from "../job.js";
import { unknownKind } from "../job-kind.js";
import type { Claims, JobStore } from "../job-store.js";
import type { OutgoingMessage } from "../outgoing-message.js";
import { messageNonce, postNonceKey, upscaleAction, type PostedMessage } from "../posted-message.js";

/** What {@link deliverResult} works with. */
export interface ResultDeliveryDeps {
  messenger: JobMessenger;
  store: Pick<JobStore, "getPost" | "savePost"> & Pick<Claims, "claimOnce" | "claimHolder">;
  now: () => number;
}

/**
 * Posts `message` as the job's result unless that was recorded already, records it, removes the progress
 * message and points `job.location` at the result. `quiet`: pinging nobody, where the job was asked for
 * (a notice of the requester's own action). Returns the route of the post (null: posted before).
 * @throws {DeliveryError} from the messenger, or `transient` when the store cannot be read or written (the
 *   delivery is then retried, and the nonce keeps a repeated post from posting twice).
 */
export async function deliverResult(
  deps: ResultDeliveryDeps,
  job: Job,
  message: OutgoingMessage,
  log: Logger,
  options: { quiet?: boolean } = {},
): Promise<{ route: DeliveryRoute | null }> {
  const { messenger, store } = deps;
  let route: DeliveryRoute | null = null;
  let post = await storeStep("reading the job's posted result", () => store.getPost(job.imageId, "result"));
  if (!post) {
    const replyTo = await enlargedImageMessage(store, job);
    const posted = await messenger.postResult(job.location, message, {
      requesterId: job.requesterId,
      nonce: messageNonce(job.imageId, "result"),
      claimNonce: (nonce) =>
        storeStep("recording the nonce of the job's result", () => claimNonce(store, job.imageId, nonce)),
      ...(replyTo === undefined ? {} : { replyTo }),
      ...(job.deliverByDm && !options.quiet ? { byDm: true } : {}),
      ...(options.quiet ? { quiet: true } : {}),
      log,
    });
    route = posted.route;
    const { guildId, channelId, messageId } = posted;
    const recorded: PostedMessage = {
      jobId: job.imageId,
      action: "result",
      guildId,
      channelId,
      messageId,
      postedAt: deps.now(),
    };
    await storeStep("recording the job's posted result", () => store.savePost(recorded));
    log.info({ route, messageId }, "posted the result");
    post = recorded;
  }
  const pointer = renderResultPointer(translator(job.language), messageJumpLink(post));
  const retired = await messenger.retire(job.location, { payload: pointer, files: [] }, log);
  log.debug({ retired }, "removed the progress message");
  job.location = {
    ...job.location,
    guildId: post.guildId,
    channelId: post.channelId,
    messageId: post.messageId,
    // A follow-up in a channel the bot cannot reach stays reachable through the interaction only.
    channelEditable: job.location.channelEditable || post.channelId !== job.location.channelId,
  };
  return { route };
}

/**
 * For an Enhance job, the message of the single image it enlarges (the grid job's U post), when it is in the
 * channel the result goes to: the result replies to it. A reply cannot cross channels, and a store that
 * cannot say is no reason to hold the result up.
 */
async function enlargedImageMessage(store: Pick<JobStore, "getPost">, job: Job): Promise<string | undefined> {
  const { kind } = job;
  let action: string;
  switch (kind.name) {
    case "imagine":
      return undefined;
    case "upscale":
      action = upscaleAction(kind.index);
      break;
    default:
      return unknownKind(kind);
  }
  const single = await store.getPost(kind.parentId, action).catch(() => undefined);
  return single && single.channelId === job.location.channelId ? single.messageId : undefined;
}

/**
 * Claims `nonce` for the result of job `jobId` before it is posted: the first claim is kept and returned, so
 * after a crash the job is posted again under the nonce it was first posted with, and Discord returns that
 * message instead of a second.
 */
async function claimNonce(store: ResultDeliveryDeps["store"], jobId: string, nonce: string): Promise<string> {
  const key = postNonceKey(jobId, "result");
  if (await store.claimOnce(key, { holder: nonce })) return nonce;
  // Claimed for good, so only pruning (days later, long past Discord's nonce window) could have removed it.
  return (await store.claimHolder(key)) ?? nonce;
}

/** Runs a store step of a delivery; a failure is a `transient` delivery failure, so the delivery is retried. */
async function storeStep<T>(what: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    throw new DeliveryError("transient", `${what} failed`, { cause: err });
  }
}
