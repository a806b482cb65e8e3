/**
 * The modal "Imagine from this image" opens: the prompt to type, and the image prompt, prefilled with the
 * link of the message's first image (shown, so the member sees what is used; a link of their own works too).
 * @see https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-response-object-modal
 * @see https://discord.com/developers/docs/components/reference#text-input
 */
import type { APIModalInteractionResponseCallbackData } from "discord-api-types/v10";
import type { Translator } from "../../src/i18n/translate.js";
import { truncate } from "../../src/render/limits.js";
import { imagineFromImageCodec } from "./imagine-from-image-id.js";

/** The custom ids of the modal's text inputs. */
export const PROMPT_FIELD = "prompt";
export const IMAGE_FIELD = "image";

/** Discord's most for a text input's value and `max_length`. */
const TEXT_INPUT_MAX = 4000;

/** The modal for the image at `imageUrl` of message `messageId`; the prompt takes at most `maxLength`. */
export function renderImagineFromImageModal(
  t: Translator,
  messageId: string,
  imageUrl: string,
  maxLength: number,
): APIModalInteractionResponseCallbackData {
  return {
    custom_id: imagineFromImageCodec.encode(messageId),
    title: truncate(t("imagineFromImage.title"), 45),
    components: [
      {
        type: 1,
        components: [
          {
            type: 4,
            custom_id: PROMPT_FIELD,
            label: truncate(t("imagineFromImage.promptLabel"), 45),
            style: 2,
            required: true,
            min_length: 1,
            max_length: Math.min(TEXT_INPUT_MAX, Math.max(maxLength, 1)),
            placeholder: truncate(t("imagineFromImage.promptPlaceholder"), 100),
          },
        ],
      },
      {
        type: 1,
        components: [
          {
            type: 4,
            custom_id: IMAGE_FIELD,
            label: truncate(t("imagineFromImage.imageLabel"), 45),
            style: 1,
            required: true,
            min_length: 1,
            max_length: TEXT_INPUT_MAX,
            value: truncate(imageUrl, TEXT_INPUT_MAX),
          },
        ],
      },
    ],
  };
}
