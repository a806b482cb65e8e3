/**
 * Custom ids of the buttons under a finished image (U1-U4 and 🔄). They carry everything the handler
 * needs: the job id, which image, and who asked for the grid, so buttons keep working after the bot
 * restarts and nobody is read back out of the message's text.
 * @see https://discord.com/developers/docs/components/reference#button (custom_id: at most 100 characters)
 */
import { GRID_SIZE } from "../service/schema.js";
import type { IdCodec } from "./id-codec.js";
import { isButtonJobId, isSnowflake, requireButtonJobId, requireSnowflake } from "./id-parts.js";

export { isButtonJobId, MAX_BUTTON_JOB_ID_LENGTH } from "./id-parts.js";

/**
 * What a grid button asks for. `index` is 0-based: U1 is 0. `requesterId` is who asked for the grid; it is
 * `null` only for buttons posted before ids carried it (`imagine:u:<job>:<i>`, `imagine:r:<job>`).
 */
export type GridButton =
  | {
      readonly action: "upscale";
      readonly jobId: string;
      readonly index: number;
      readonly requesterId: string | null;
    }
  | { readonly action: "reroll"; readonly jobId: string; readonly requesterId: string | null };

/** The prefix every grid button id starts with, followed by `:`. */
export const GRID_BUTTON_PREFIX = "imagine";
/** Number of images in a grid (U1-U4). */
export { GRID_SIZE };

const INDEX = /^[0-3]$/;

/**
 * Writes `imagine:u:<jobId>:<index>:<requesterId>` or `imagine:r:<jobId>:<requesterId>`; a `null` requester
 * writes the older form without it.
 * @throws {RangeError} for a job id that is not {@link isButtonJobId}, an index that is not 0-3, or a
 * requester that is not a Discord user id.
 */
function encode(button: GridButton): string {
  requireButtonJobId(button.jobId);
  if (button.requesterId !== null) requireSnowflake(button.requesterId);
  const requester = button.requesterId === null ? "" : `:${button.requesterId}`;
  if (button.action === "reroll") return `${GRID_BUTTON_PREFIX}:r:${button.jobId}${requester}`;
  if (!Number.isInteger(button.index) || button.index < 0 || button.index >= GRID_SIZE) {
    throw new RangeError(
      `upscale index must be a whole number from 0 to ${GRID_SIZE - 1}, got ${button.index}`,
    );
  }
  return `${GRID_BUTTON_PREFIX}:u:${button.jobId}:${button.index}${requester}`;
}

/** The requester part: absent (older buttons) is `null`; present but not a user id is not ours. */
function requesterPart(part: string | undefined): string | null | undefined {
  if (part === undefined) return null;
  return isSnowflake(part) ? part : undefined;
}

function decode(customId: string): GridButton | null {
  const parts = customId.split(":");
  if (parts[0] !== GRID_BUTTON_PREFIX) return null;
  const [, kind, jobId, ...rest] = parts;
  if (jobId === undefined || !isButtonJobId(jobId)) return null;
  if (kind === "r" && rest.length <= 1) {
    const requesterId = requesterPart(rest[0]);
    return requesterId === undefined ? null : { action: "reroll", jobId, requesterId };
  }
  const [index, requester, ...extra] = rest;
  if (kind === "u" && extra.length === 0 && index !== undefined && INDEX.test(index)) {
    const requesterId = requesterPart(requester);
    return requesterId === undefined ? null : { action: "upscale", jobId, index: Number(index), requesterId };
  }
  return null;
}

/** The codec of grid button ids; it still reads the older ids without a requester. */
export const gridButtonCodec: IdCodec<GridButton> = { encode, decode };
