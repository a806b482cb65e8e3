/**
 * Custom ids of the **Try again** button under a refusal: `retry:<id of the refused interaction>`, the key
 * its prompt is kept under in the job store (a prompt is longer than a custom id's 100 characters).
 * @see https://discord.com/developers/docs/components/reference#anatomy-of-a-component-custom-id
 */
import type { IdCodec } from "../../src/custom-ids/id-codec.js";
import { isSnowflake, requireSnowflake } from "../../src/custom-ids/id-parts.js";

/** The custom-id prefix of the Try again button. */
export const TRY_AGAIN_PREFIX = "retry";
const ID = /^retry:(\d+)$/;

/** `retry:<id of the refused interaction>`. */
export const tryAgainCodec: IdCodec<string> = {
  encode(ref) {
    requireSnowflake(ref);
    return `${TRY_AGAIN_PREFIX}:${ref}`;
  },
  decode(customId) {
    const id = ID.exec(customId)?.[1];
    return id !== undefined && isSnowflake(id) ? id : null;
  },
};
