/**
 * 🗑️ Delete's form, for where only the interaction reaches (a server the bot is not in, a group DM): "Delete
 * this image?", answered by submitting it (Delete) or closing it (Keep).
 * @see https://discord.com/developers/docs/components/reference#text-display
 */
import { ComponentType, type APIModalInteractionResponseCallbackData } from "discord-api-types/v10";
import type { ResultTool } from "../../src/custom-ids/result-tool-ids.js";
import type { Translator } from "../../src/i18n/translate.js";
import { deleteAnswerId } from "./delete-confirm-id.js";

/**
 * The form that asks where only the interaction reaches (see the module comment), or `null` when its id
 * cannot carry the job. Submitting it answers "Delete"; closing it keeps the message.
 */
export function confirmForm(
  t: Translator,
  tool: ResultTool,
  messageId: string,
): APIModalInteractionResponseCallbackData | null {
  const id = deleteAnswerId({ ...tool, messageId, confirmed: true });
  if (id === null) return null;
  return {
    custom_id: id,
    title: t("delete.formTitle"),
    components: [
      {
        type: ComponentType.TextDisplay,
        content: `${t("delete.question", { id: tool.jobId })}\n\n${t("delete.formHint")}`,
      },
    ],
  };
}
