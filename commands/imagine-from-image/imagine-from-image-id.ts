/**
 * Custom id of the modal "Imagine from this image" opens: `ifi:<messageId>`, the message whose image it was
 * opened on (for the log; the image link itself travels in the modal's prefilled field, as the bot may not
 * be able to read the message again where it is not a member).
 * @see https://discord.com/developers/docs/components/reference#anatomy-of-a-component-custom-id
 */
import type { IdCodec } from "../../src/custom-ids/id-codec.js";

/** The prefix of the modal's custom id, followed by `:`. */
export const IMAGINE_FROM_IMAGE_PREFIX = "ifi";

const SNOWFLAKE = /^\d{1,20}$/;

/** `ifi:<messageId>`. */
export const imagineFromImageCodec: IdCodec<string> = {
  encode(messageId) {
    if (!SNOWFLAKE.test(messageId)) throw new RangeError(`not a message id: ${messageId}`);
    return `${IMAGINE_FROM_IMAGE_PREFIX}:${messageId}`;
  },
  decode(customId) {
    const [prefix, messageId, ...rest] = customId.split(":");
    return prefix === IMAGINE_FROM_IMAGE_PREFIX && rest.length === 0 && messageId && SNOWFLAKE.test(messageId)
      ? messageId
      : null;
  },
};
