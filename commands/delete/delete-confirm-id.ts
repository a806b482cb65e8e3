/**
 * Custom ids of the two buttons of 🗑️ Delete's private question, "Delete" and "Keep": each carries the
 * result message to delete, its job and who it was posted for.
 * `delete-answer:<y|n>:<messageId>:<jobId>:<requesterId>`, at most 100 characters (a job id of up to 36
 * characters fits with 25-digit ids, any the bot makes; a longer one is deleted without asking). Questions
 * asked before the prefix was named for what it is carry `delok:` and are still answered (they live as long
 * as the ephemeral question is open in someone's client).
 * @see https://discord.com/developers/docs/components/reference#anatomy-of-a-component-custom-id
 */
import type { IdCodec } from "../../src/custom-ids/id-codec.js";
import { isButtonJobId, isSnowflake } from "../../src/custom-ids/id-parts.js";

export const DELETE_ANSWER_PREFIX = "delete-answer";
/** The prefix of questions asked by versions before {@link DELETE_ANSWER_PREFIX}: read, never written. */
export const OLD_DELETE_ANSWER_PREFIX = "delok";

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
  const id = [DELETE_ANSWER_PREFIX, confirmed ? "y" : "n", messageId, jobId, requesterId].join(":");
  return id.length <= MAX_ID_LENGTH ? id : null;
}

/** The codec of Delete/Keep ids under `prefix` (written only under {@link DELETE_ANSWER_PREFIX}). */
function answerCodec(prefix: string): IdCodec<DeleteAnswer> {
  return {
    encode(answer) {
      const id = deleteAnswerId(answer);
      if (id === null) throw new RangeError("a Delete answer id cannot carry this job");
      return id;
    },
    decode(customId) {
      const [start, yes, messageId = "", jobId = "", requesterId = "", ...rest] = customId.split(":");
      if (start !== prefix || rest.length > 0 || (yes !== "y" && yes !== "n")) return null;
      if (!isSnowflake(messageId) || !isButtonJobId(jobId) || !isSnowflake(requesterId)) return null;
      return { confirmed: yes === "y", messageId, jobId, requesterId };
    },
  };
}

export const deleteAnswerCodec = answerCodec(DELETE_ANSWER_PREFIX);
/** Reads the Delete/Keep ids of questions asked before the rename (`delok:`). */
export const oldDeleteAnswerCodec = answerCodec(OLD_DELETE_ANSWER_PREFIX);
