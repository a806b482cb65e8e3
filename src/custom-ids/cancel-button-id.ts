/**
 * Custom ids of the ✖ Cancel button on a job's waiting and progress messages: `cancel:<jobId>:<requesterId>`.
 * The requester is carried so the handler can tell who may cancel without reading the message.
 * @see https://discord.com/developers/docs/components/reference#button (custom_id: at most 100 characters)
 */
import type { IdCodec } from "./id-codec.js";
import { isButtonJobId, isSnowflake, requireButtonJobId, requireSnowflake } from "./id-parts.js";

/** Which job to cancel, and who asked for it. */
export interface CancelButton {
  readonly jobId: string;
  readonly requesterId: string;
}

/** The prefix every cancel button id starts with, followed by `:`. */
export const CANCEL_PREFIX = "cancel";

/** @throws {RangeError} for a job id that cannot be carried or a requester that is not a Discord user id. */
function encode(button: CancelButton): string {
  requireButtonJobId(button.jobId);
  requireSnowflake(button.requesterId);
  return `${CANCEL_PREFIX}:${button.jobId}:${button.requesterId}`;
}

function decode(customId: string): CancelButton | null {
  const [prefix, jobId, requesterId, ...extra] = customId.split(":");
  if (prefix !== CANCEL_PREFIX || extra.length > 0 || jobId === undefined || requesterId === undefined)
    return null;
  return isButtonJobId(jobId) && isSnowflake(requesterId) ? { jobId, requesterId } : null;
}

/** The codec of cancel button ids. */
export const cancelButtonCodec: IdCodec<CancelButton> = { encode, decode };
