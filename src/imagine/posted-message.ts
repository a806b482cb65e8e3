/**
 * The new messages the bot posts for a job (its result, each U image, later each Enhance), recorded per job
 * and action so each is posted exactly once: across retries and restarts through Discord's `nonce` with
 * `enforce_nonce`, and for good through the record the store keeps.
 * @see https://discord.com/developers/docs/resources/message#create-message-jsonform-params
 */
import { createHash } from "node:crypto";

/**
 * What a posted message is for, unique per job: `result` (the grid, failure or timeout that ends the job),
 * `upscale:<index>` (U1-U4, index 0-3). Other actions (e.g. Enhance) add their own names.
 */
export type PostAction = "result" | `upscale:${number}` | (string & {});

/** A message the bot posted for a job. */
export interface PostedMessage {
  jobId: string;
  action: PostAction;
  guildId: string | null;
  channelId: string;
  messageId: string;
  /** When it was recorded (ms epoch). */
  postedAt: number;
}

/** Discord refuses a `nonce` string longer than this. */
export const MAX_NONCE_LENGTH = 25;

/** The action of the U image `index` (0-based: U1 is 0). */
export function upscaleAction(index: number): PostAction {
  return `upscale:${index}`;
}

/**
 * The `nonce` of the message posted for `action` of job `jobId`: the same on every attempt and after a
 * restart, 25 characters (a digest, since job ids can be longer), distinct per job and action. Sent with
 * `enforce_nonce: true`, a repeat within Discord's window returns the message already created.
 * @see https://discord.com/developers/docs/resources/message#create-message-jsonform-params
 */
export function messageNonce(jobId: string, action: PostAction): string {
  const digest = createHash("sha256").update(`${jobId}\u0000${action}`).digest("base64url");
  return digest.slice(0, MAX_NONCE_LENGTH);
}

/**
 * The claim (see `Claims`) that records the nonce the message of `action` of job `jobId` is first posted
 * under, when it carries several jobs' results under one nonce: a repeat after a crash reuses it.
 */
export function postNonceKey(jobId: string, action: PostAction): string {
  return `post-nonce:${jobId}:${action}`;
}
