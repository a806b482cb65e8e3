/**
 * The parts custom ids are built from, shared by the codecs of this leaf. Pure: renderers import
 * the codecs to write ids, handlers to read them.
 * @see https://discord.com/developers/docs/components/reference#anatomy-of-a-component-custom-id
 */

/** Longest job id an id can carry: `imagine:u:<64>:3:<20-digit user>` is 97 characters, within 100. */
export const MAX_BUTTON_JOB_ID_LENGTH = 64;

const JOB_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** Discord ids are unsigned 64-bit numbers: at most 20 digits. */
const SNOWFLAKE = /^\d{1,20}$/;

/** Whether `jobId` can be carried by a custom id: 1-64 characters of A-Z a-z 0-9 _ - (a UUID fits). */
export function isButtonJobId(jobId: string): boolean {
  return JOB_ID.test(jobId);
}

/** Whether `id` looks like a Discord user id (a snowflake). */
export function isSnowflake(id: string): boolean {
  return SNOWFLAKE.test(id);
}

/** @throws {RangeError} when `jobId` cannot be carried by a custom id. */
export function requireButtonJobId(jobId: string): void {
  if (!isButtonJobId(jobId)) {
    throw new RangeError(
      `job id ${JSON.stringify(jobId.slice(0, 80))} cannot go in a button id: use 1-${MAX_BUTTON_JOB_ID_LENGTH} characters of A-Z a-z 0-9 _ -`,
    );
  }
}

/** @throws {RangeError} when `userId` is not a Discord user id. */
export function requireSnowflake(userId: string): void {
  if (!isSnowflake(userId)) {
    throw new RangeError(`${JSON.stringify(userId.slice(0, 40))} is not a Discord user id`);
  }
}
