/**
 * The job a button under a result acts on (🔄, Enhance, 🖌️ Remix, 🔁 More like this): its prompt and
 * requester, from the store, else from the image service's record.
 */
import type { BotContext } from "../../src/bot-context.js";
import { UserError } from "../../src/errors.js";
import type { GridButton } from "../../src/custom-ids/grid-button-id.js";
import { readPrompt } from "../../src/prompt/prompt.js";
import { readImage, UnknownImageError } from "../../src/service/image-access.js";

/**
 * The prompt and requester of a job: from the store, else from the service's record with the requester the
 * button id carries (`null` for buttons older than that: then only moderators may reroll).
 * @throws {UserError} when the service no longer knows the image.
 */
export async function loadSource(button: Pick<GridButton, "jobId" | "requesterId">, app: BotContext) {
  const job = await app.imagine.findJob(button.jobId);
  if (job)
    return {
      prompt: job.prompt,
      requesterId: button.requesterId ?? job.requesterId,
      // The style's text is in the prompt; its name goes with the new job, shown as with the first.
      ...(job.style ? { style: job.style } : {}),
    };
  const record = await readImage(app.pool, button.jobId).catch((err: unknown) => {
    throw err instanceof UnknownImageError
      ? new UserError((t) => t("serviceError.imageGone"), err.message)
      : err;
  });
  return { prompt: readPrompt(record.prompt), requesterId: button.requesterId };
}
