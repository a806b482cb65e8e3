/**
 * Custom ids of the two buttons of 🗑️ Delete's private question, "Delete" and "Keep": each carries the
 * result message to delete, its job and who it was posted for. `delok:<y|n>:<messageId>:<jobId>:<requesterId>`,
 * at most 100 characters (a job id of up to 44 characters fits; a longer one is deleted without asking).
 * @see https://discord.com/developers/docs/components/reference#anatomy-of-a-component-custom-id
 */
import type { IdCodec } from "../../src/custom-ids/id-codec.js";
import { isButtonJobId, isSnowflake } from "../../src/custom-ids/id-parts.js";

export const DELETE_CONFIRM_PREFIX = "delok";

/** The answer to "Delete this image?": `confirmed` (Delete) or not (Keep), for the message `messageId`. */
export interface DeleteAnswer {
  readonly confirmed: boolean;
  readonly messageId: string;
  readonly jobId: string;
  readonly requesterId: string;
}

const MAX_ID_LENGTH = 100;

/** The id of a Delete/Keep button, or `null` when it cannot be carried (a job id too long). */
export function deleteAnswerId(answer: DeleteAnswer): string | null {
  const { confirmed, messageId, jobId, requesterId } = answer;
  if (!isSnowflake(messageId) || !isButtonJobId(jobId) || !isSnowflake(requesterId)) return null;
  const id = [DELETE_CONFIRM_PREFIX, confirmed ? "y" : "n", messageId, jobId, requesterId].join(":");
  return id.length <= MAX_ID_LENGTH ? id : null;
}

export const deleteAnswerCodec: IdCodec<DeleteAnswer> = {
  encode(answer) {
    const id = deleteAnswerId(answer);
    if (id === null) throw new RangeError("a Delete answer id cannot carry this job");
    return id;
  },
  decode(customId) {
    const [prefix, yes, messageId = "", jobId = "", requesterId = "", ...rest] = customId.split(":");
    if (prefix !== DELETE_CONFIRM_PREFIX || rest.length > 0 || (yes !== "y" && yes !== "n")) return null;
    if (!isSnowflake(messageId) || !isButtonJobId(jobId) || !isSnowflake(requesterId)) return null;
    return { confirmed: yes === "y", messageId, jobId, requesterId };
  },
};
