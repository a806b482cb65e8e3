/** Cancelling a job, from its ✖ Cancel button or `/imagine-status`'s. */
import type { BotContext } from "../../src/bot-context.js";
import { UserError } from "../../src/errors.js";
import type { Logger } from "../../src/logger.js";

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
