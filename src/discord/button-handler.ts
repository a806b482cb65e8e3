/**
 * The buttons under a finished grid: U1-U4 post that single image as a reply, 🔄 starts the same prompt
 * again. Their custom ids carry the job id and index, so they work after a restart too.
 * @see https://discord.com/developers/docs/interactions/message-components#buttons
 */
import { MessageFlags, type ButtonInteraction } from "discord.js";
import type { BotContext } from "../bot-context.js";
import { UserError } from "../errors.js";
import { readImage, UnknownImageError } from "../imagine/image-access.js";
import { viewForUpscale } from "../imagine/job-view.js";
import { materialize } from "../imagine/materialize.js";
import type { Logger } from "../logger.js";
import { decodeButtonId } from "../render/button-ids.js";
import { gatherStatus } from "../imagine/status-report.js";
import { IMAGE_NO_LONGER_AVAILABLE } from "../render/service-errors.js";
import { decodeStatusPageId, renderStatus } from "../render/status.js";
import { ClickGuard } from "./click-guard.js";
import { interactionLocation } from "./interaction-location.js";
import { messageNonce, upscaleAction } from "../imagine/posted-message.js";
import { requireModerator } from "./status-access.js";
import { isModerator, startImagineJob } from "./start-job.js";

const clicks = new ClickGuard();

/** The requester of a grid, read from its "Requested by" mention when the job is not in the store. */
function requesterFromMessage(interaction: ButtonInteraction): string | null {
  for (const embed of interaction.message.embeds) {
    for (const field of embed.fields) {
      const id = /<@!?(\d+)>/.exec(field.value)?.[1];
      if (field.name === "Requested by" && id) return id;
    }
  }
  return null;
}

async function loadSource(jobId: string, interaction: ButtonInteraction, app: BotContext) {
  const job = await app.imagine.findJob(jobId);
  if (job) return { prompt: job.prompt, requesterId: job.requesterId, startedAt: job.startedAt };
  const record = await readImage(app.service, jobId).catch((err: unknown) => {
    throw err instanceof UnknownImageError ? new UserError(IMAGE_NO_LONGER_AVAILABLE, err.message) : err;
  });
  return { prompt: record.prompt, requesterId: requesterFromMessage(interaction), startedAt: app.now() };
}

async function upscale(
  interaction: ButtonInteraction,
  app: BotContext,
  jobId: string,
  index: number,
  log: Logger,
) {
  const key = `u:${jobId}:${index}:${interaction.user.id}`;
  if (!clicks.claim(key)) throw new UserError(`U${index + 1} of this image is already on its way.`);
  try {
    await postUpscale(interaction, app, jobId, index, log);
  } finally {
    // Only a click while this one is in flight is a double click; a later one (after a failure) is a retry.
    clicks.release(key);
  }
}

/**
 * Posts image U(index+1) as a new message replying to the grid, mentioning (and pinging) the clicker only.
 * The click is acknowledged without a message of its own; the post carries a nonce per job and image, so a
 * repeat returns the message already posted.
 */
async function postUpscale(
  interaction: ButtonInteraction,
  app: BotContext,
  jobId: string,
  index: number,
  log: Logger,
) {
  await interaction.deferUpdate();
  let record;
  try {
    record = await readImage(app.service, jobId);
  } catch (err) {
    if (!(err instanceof UnknownImageError)) throw err;
    log.info({ reason: err.message }, "button of an image the service does not know");
    return answerPrivately(interaction, IMAGE_NO_LONGER_AVAILABLE);
  }
  if (record.status !== "completed" || !record.upscaled_urls?.[index]) {
    log.info({ status: record.status }, "upscale asked of an image without that single image");
    return answerPrivately(
      interaction,
      `Image U${index + 1} of this job is not available from the image service.`,
    );
  }
  const view = viewForUpscale(
    { imageId: jobId, prompt: record.prompt, requesterId: interaction.user.id, startedAt: app.now() },
    record,
    index,
    app.config.IMAGE_DELIVERY,
  );
  const message = await materialize(view, {
    download: (url) => app.service.downloadImage(url, { maxBytes: app.config.IMAGE_DOWNLOAD_MAX_BYTES }),
    log,
  });
  const posted = await app.messenger.postResult(
    { ...interactionLocation(interaction), messageId: interaction.message.id },
    message,
    {
      requesterId: interaction.user.id,
      nonce: messageNonce(jobId, upscaleAction(index)),
      replyTo: interaction.message.id,
      log,
    },
  );
  log.info({ index, route: posted.route, messageId: posted.messageId }, "posted a single image");
}

/**
 * Answers a click (already acknowledged) with a message only the clicker sees: what concerns only the
 * clicker (a stale button) is not posted in the channel.
 * @see https://discord.com/developers/docs/interactions/receiving-and-responding#create-followup-message
 */
async function answerPrivately(interaction: ButtonInteraction, content: string): Promise<void> {
  await interaction.followUp({ content, flags: MessageFlags.Ephemeral });
}

async function reroll(interaction: ButtonInteraction, app: BotContext, jobId: string) {
  const source = await loadSource(jobId, interaction, app);
  if (source.requesterId !== interaction.user.id && !isModerator(interaction)) {
    throw new UserError("Only the person who asked for this image (or a moderator) can reroll it.");
  }
  const key = `r:${jobId}`;
  if (!clicks.claim(key)) throw new UserError("A reroll of this image was just started.");
  try {
    await startImagineJob(interaction, app, source.prompt);
  } catch (err) {
    clicks.release(key);
    throw err;
  }
}

/** Handles a click on one of the bot's buttons; other custom ids get a short explanation. */
export async function handleButton(
  interaction: ButtonInteraction,
  app: BotContext,
  log: Logger,
): Promise<void> {
  const statusPage = decodeStatusPageId(interaction.customId);
  if (statusPage !== null) {
    const guildId = requireModerator(interaction);
    await interaction.update(renderStatus(await gatherStatus(app, guildId, statusPage)));
    return;
  }
  const action = decodeButtonId(interaction.customId);
  if (!action) throw new UserError("This button no longer does anything.");
  if (action.action === "upscale") await upscale(interaction, app, action.jobId, action.index, log);
  else await reroll(interaction, app, action.jobId);
}
