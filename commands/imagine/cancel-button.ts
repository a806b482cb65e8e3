/**
 * The ✖ Cancel button of a job's waiting and progress messages, for the requester and moderators. The
 * image service has no cancel endpoint: cancelling stops following the job (see `ImagineService.cancel`).
 * @see https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-response-object-interaction-callback-type
 */
import type { BotContext } from "../../src/bot-context.js";
import type { ComponentHandler } from "../../src/discord/component.js";
import { requireRequesterOrModerator } from "../../src/discord/moderator.js";
import {
  CANCEL_PREFIX,
  cancelButtonCodec,
  type CancelButton,
} from "../../src/custom-ids/cancel-button-id.js";
import { cancelJob } from "../shared/cancel-job.js";

/** Cancels the button's job for its requester or a moderator; anyone else is refused, only to them. */
export const cancelButton: ComponentHandler<CancelButton, BotContext> = {
  prefix: CANCEL_PREFIX,
  codec: cancelButtonCodec,
  async execute(interaction, button, { app, log }) {
    requireRequesterOrModerator(interaction, button.requesterId, (t) => t("cancel.notYours"));
    const shown = cancelJob(app, button.jobId, interaction.user.id, log);
    // The job's own message is edited by the job's messenger; this click only needs acknowledging.
    await interaction.deferUpdate();
    await shown;
  },
};
