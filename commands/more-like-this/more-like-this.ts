/**
 * 🔁 More like this under a single image (U1-U4): a new job whose prompt is that image's URL as the image
 * prompt, then the grid's prompt as sent, through the same start flow as /imagine (checks, banned words,
 * limits). It is not Midjourney's variation (V1-V4 rework the grid image itself; the image service has no
 * such endpoint): the image guides a new grid. For the person the image was posted for, or a moderator (it
 * uses credits); its messages link to the single image it was asked from. A double click starts one job
 * (`startOncePerClick`: a claim in the job store, across a fleet's processes).
 *
 * Midjourney fetches the image prompt from the internet, and a self-hosted image server is often private
 * (`localhost`, a home network): the link sent is the image as the button's message shows it, which is
 * Discord's own copy when the bot uploaded it there (IMAGE_DELIVERY attaches what Discord cannot fetch),
 * refreshed whenever a kept prompt is sent again; otherwise the server's public URL, which Discord itself
 * fetched to show it. A link the generator cannot reach ends with a clear message (`start-job.ts`). See
 * docs/image-links.md.
 * @see https://docs.midjourney.com/docs/image-prompts
 */
import type { BotContext } from "../../src/bot-context.js";
import type { ComponentHandler } from "../../src/discord/component.js";
import { requireRequesterOrModerator } from "../../src/discord/moderator.js";
import { UserError } from "../../src/errors.js";
import { MORE_ID_PREFIX, moreIdCodec, type MoreLikeThis } from "../../src/custom-ids/result-tool-ids.js";
import { preparePrompt } from "../../src/prompt/prepare-prompt.js";
import { upscaleSourceUrl } from "../../src/render/final.js";
import { messageJumpLink } from "../../src/render/message-link.js";
import { readImage, UnknownImageError } from "../../src/service/image-access.js";
import { loadSource } from "../shared/job-source.js";
import { firstImageUrl } from "../shared/message-image.js";
import { startOncePerClick } from "../imagine/click-once.js";
import { checkAndStartJob } from "../imagine/interaction-start.js";

/**
 * The URL of image U(index+1) of grid `jobId` at the image service. @throws {UserError} when the service no
 * longer has that image.
 */
async function serviceImageUrl(app: BotContext, jobId: string, index: number): Promise<string> {
  const record = await readImage(app.pool, jobId).catch((err: unknown) => {
    throw err instanceof UnknownImageError
      ? new UserError((t) => t("serviceError.imageGone"), err.message)
      : err;
  });
  const url = record.status === "completed" ? upscaleSourceUrl(record, index) : null;
  if (url === null) throw new UserError((t) => t("upscale.notAvailable", { name: `U${index + 1}` }));
  return url;
}

/** 🔁 More like this (see the module comment). */
export const moreLikeThisButton: ComponentHandler<MoreLikeThis, BotContext> = {
  prefix: MORE_ID_PREFIX,
  codec: moreIdCodec,
  async execute(interaction, more, context) {
    const { app } = context;
    requireRequesterOrModerator(interaction, more.requesterId, (t) => t("more.notYours"));
    // One per image and clicker while a double click lasts, on whichever process of a fleet it lands.
    const key = `more:${more.jobId}:${more.index}:${interaction.user.id}`;
    await startOncePerClick(
      interaction,
      context,
      key,
      (t) => t("more.started"),
      async () => {
        // The image as the message shows it: Discord's copy when the bot uploaded it (see the module comment);
        // the service is asked only for a message that shows none.
        const shown = interaction.message ? firstImageUrl(interaction.message) : null;
        const [{ prompt }, imageUrl] = await Promise.all([
          loadSource(more, app),
          shown ?? serviceImageUrl(app, more.jobId, more.index),
        ]);
        const typed = `${imageUrl} ${prompt.text}`;
        const limits = {
          maxLength: app.config.PROMPT_MAX_LENGTH,
          attachmentMaxBytes: app.config.ATTACHMENT_MAX_BYTES,
        };
        const source = interaction.message;
        const link = source
          ? messageJumpLink({
              guildId: interaction.guildId,
              channelId: source.channelId,
              messageId: source.id,
            })
          : null;
        return checkAndStartJob(interaction, context, typed, () => preparePrompt(typed, [], limits), {
          origin: { kind: "more", jobId: more.jobId, link },
        });
      },
    );
  },
};
