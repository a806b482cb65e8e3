/**
 * Custom ids of the buttons under a finished image. They carry everything the handler needs (the job id
 * and which image), so buttons keep working after the bot restarts.
 * @see https://discord.com/developers/docs/components/reference#button (custom_id: at most 100 characters)
 */
import { GRID_SIZE } from "../service/schema.js";

/** Number of images in a grid (U1-U4). */
export { GRID_SIZE };

/** What a button asks for. `index` is 0-based: U1 is 0. */
export type ButtonAction =
  | { readonly action: "upscale"; readonly jobId: string; readonly index: number }
  | { readonly action: "reroll"; readonly jobId: string };

/** Every custom id of these buttons starts with this, followed by `:`. */
export const BUTTON_ID_PREFIX = "imagine";
/** Longest job id a button can carry: `imagine:u:<64>:3` is 76 characters, well within 100. */
export const MAX_BUTTON_JOB_ID_LENGTH = 64;

const JOB_ID = /^[A-Za-z0-9_-]{1,64}$/;
const INDEX = /^[0-3]$/;

/** Whether `jobId` can be carried by a button id: 1-64 characters of A-Z a-z 0-9 _ - (a UUID fits). */
export function isButtonJobId(jobId: string): boolean {
  return JOB_ID.test(jobId);
}

/**
 * Encodes an action as `imagine:u:<jobId>:<index>` or `imagine:r:<jobId>`.
 * @throws {RangeError} when the job id is not a {@link isButtonJobId} or the index is not 0-3.
 */
export function encodeButtonId(action: ButtonAction): string {
  if (!isButtonJobId(action.jobId)) {
    throw new RangeError(
      `job id ${JSON.stringify(action.jobId.slice(0, 80))} cannot go in a button id: use 1-${MAX_BUTTON_JOB_ID_LENGTH} characters of A-Z a-z 0-9 _ -`,
    );
  }
  if (action.action === "reroll") return `${BUTTON_ID_PREFIX}:r:${action.jobId}`;
  if (!Number.isInteger(action.index) || action.index < 0 || action.index >= GRID_SIZE) {
    throw new RangeError(
      `upscale index must be a whole number from 0 to ${GRID_SIZE - 1}, got ${action.index}`,
    );
  }
  return `${BUTTON_ID_PREFIX}:u:${action.jobId}:${action.index}`;
}

/** Reads a custom id written by {@link encodeButtonId}; `null` for anything else, including malformed ids. */
export function decodeButtonId(customId: string): ButtonAction | null {
  const parts = customId.split(":");
  if (parts[0] !== BUTTON_ID_PREFIX) return null;
  const [, kind, jobId, index] = parts;
  if (jobId === undefined || !isButtonJobId(jobId)) return null;
  if (kind === "r" && parts.length === 3) return { action: "reroll", jobId };
  if (kind === "u" && parts.length === 4 && index !== undefined && INDEX.test(index)) {
    return { action: "upscale", jobId, index: Number(index) };
  }
  return null;
}
