/**
 * The modal 🖌️ Remix opens: one paragraph text input holding the prompt as it was sent, to edit.
 * @see https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-response-object-modal
 * @see https://discord.com/developers/docs/components/reference#text-input
 */
import type { APIModalInteractionResponseCallbackData } from "discord-api-types/v10";
import { remixIdCodec, type ResultTool } from "../../src/custom-ids/result-tool-ids.js";
import type { Translator } from "../../src/i18n/translate.js";
import { truncate } from "../../src/render/limits.js";

/** The custom id of the modal's one text input. */
export const REMIX_PROMPT_FIELD = "prompt";

/** Discord's most for a text input's value and `max_length`. */
const TEXT_INPUT_MAX = 4000;

/**
 * The Remix modal for `tool`'s job with `prompt` prefilled; at most `maxLength` characters may be typed
 * (the prompt length the bot accepts, within Discord's 4000, and never less than the prefilled prompt).
 */
export function renderRemixModal(
  t: Translator,
  tool: ResultTool,
  prompt: string,
  maxLength: number,
): APIModalInteractionResponseCallbackData {
  const value = truncate(prompt, TEXT_INPUT_MAX);
  return {
    custom_id: remixIdCodec.encode({ ...tool, step: "submit" }),
    title: truncate(t("remix.title"), 45),
    components: [
      {
        type: 1,
        components: [
          {
            type: 4,
            custom_id: REMIX_PROMPT_FIELD,
            label: truncate(t("remix.label"), 45),
            style: 2,
            required: true,
            min_length: 1,
            max_length: Math.min(TEXT_INPUT_MAX, Math.max(maxLength, value.length, 1)),
            ...(value === "" ? {} : { value }),
          },
        ],
      },
    ],
  };
}
