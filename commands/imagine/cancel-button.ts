/**
 * The ✖ Cancel button of a job's waiting and progress messages, for the requester and moderators. The
 * image service has no cancel endpoint: cancelling stops following the job (see `ImagineService.cancel`).
 * @see https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-response-object-interaction-callback-type
 */
import type { BotContext } from "../../src/bot-context.js";
import { UserError } from "../../src/errors.js";
import type { Logger } from "../../src/logger.js";
import type { ComponentHandler } from "../../src/discord/component.js";
import { isModerator } from "../../src/discord/moderator.js";
import {
  CANCEL_PREFIX,
  cancelButtonCodec,
  type CancelButton,
} from "../../src/custom-ids/cancel-button-id.js";

/**
 * Cancels a followed job for `by`: it no longer counts against the requester's limits as soon as this
 * returns; the returned promise settles once its message says "Cancelled by …". The outcome reaches the
 * audit channel like any other.
 * @throws {UserError} when the job is not followed any more (it ended, or was never this bot's).
 */
export function cancelJob(app: BotContext, jobId: string, by: string, log: Logger): Promise<void> {
  const cancelled = app.imagine.cancel(jobId, by);
  if (!cancelled) throw new UserError((t) => t("cancel.alreadyEnded"), { jobId });
  log.info({ jobId, requesterId: cancelled.job.requesterId }, "job cancelled");
  return cancelled.shown;
}

/** Cancels the button's job for its requester or a moderator; anyone else is refused, only to them. */
export const cancelButton: ComponentHandler<CancelButton, BotContext> = {
  prefix: CANCEL_PREFIX,
  codec: cancelButtonCodec,
  async execute(interaction, button, { app, log }) {
    if (button.requesterId !== interaction.user.id && !isModerator(interaction)) {
      throw new UserError((t) => t("cancel.notYours"));
    }
    const shown = cancelJob(app, button.jobId, interaction.user.id, log);
    // The job's own message is edited by the job's messenger; this click only needs acknowledging.
    await interaction.deferUpdate();
    await shown;
  },
};
