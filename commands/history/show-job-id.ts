/**
 * Custom ids of the Show buttons of `/history`: `show:<jobId>`, the job to post again.
 * @see https://discord.com/developers/docs/components/reference#anatomy-of-a-component-custom-id
 */
import type { IdCodec } from "../../src/custom-ids/id-codec.js";
import { isButtonJobId, requireButtonJobId } from "../../src/custom-ids/id-parts.js";

/** The prefix every Show button id starts with, followed by `:`. */
export const SHOW_JOB_PREFIX = "show";

/** `show:<jobId>`; a job id that cannot go in a button id (see {@link isButtonJobId}) gets no button. */
export const showJobCodec: IdCodec<string> & { tryEncode(jobId: string): string | null } = {
  encode(jobId) {
    requireButtonJobId(jobId);
    return `${SHOW_JOB_PREFIX}:${jobId}`;
  },
  tryEncode(jobId) {
    return isButtonJobId(jobId) ? `${SHOW_JOB_PREFIX}:${jobId}` : null;
  },
  decode(customId) {
    const jobId = customId.startsWith(`${SHOW_JOB_PREFIX}:`)
      ? customId.slice(SHOW_JOB_PREFIX.length + 1)
      : "";
    return isButtonJobId(jobId) ? jobId : null;
  },
};
