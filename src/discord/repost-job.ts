/**
 * `/show job:` and the Show buttons of `/history`: a finished job's grid posted again in this channel, with
 * working U1–U4 and 🔄 buttons (they carry the job id). For the job's requester, or a moderator (Manage
 * Server) of the server the job ran in; anyone else is refused privately.
 */
import { MessageFlags, type ButtonInteraction, type ChatInputCommandInteraction } from "discord.js";
import type { BotContext } from "../bot-context.js";
import { UserError } from "../errors.js";
import { readImage, UnknownImageError } from "../imagine/image-access.js";
import { viewForRecord } from "../imagine/job-view.js";
import { materialize } from "../imagine/materialize.js";
import type { Logger } from "../logger.js";
import { inlineCode } from "../render/markdown.js";
import { NO_PINGS, userMention } from "../render/message-parts.js";
import { messageJumpLink, OUTCOME_LABELS } from "../render/status-job.js";
import { isModerator } from "./moderator.js";
import { replyPayloadFor } from "./reply-with-error.js";

/** Replaces the public "thinking…" with an answer only the asker sees: the channel has nothing to see. */
async function answerPrivately(
  interaction: ChatInputCommandInteraction | ButtonInteraction,
  content: string,
): Promise<void> {
  await interaction.deleteReply();
  await interaction.followUp({ content, flags: MessageFlags.Ephemeral });
}

/** Shown to whoever may not show the job: the same whether or not it exists elsewhere. */
export const NOT_YOURS =
  "Only the person who asked for this image, or a moderator of the server it was made in, can show it again.";

const NO_LONGER_AVAILABLE =
  "This image is no longer available from the image service (it may be old or deleted), so it cannot be shown again.";

/**
 * Posts job `idOrRef` (a job id or the interaction id it was started by) again as a new public message.
 * @throws {UserError} before anything public happens: unknown job, not the asker's, not finished with an image.
 */
export async function repostJob(
  interaction: ChatInputCommandInteraction | ButtonInteraction,
  app: BotContext,
  idOrRef: string,
  log: Logger,
): Promise<void> {
  const job = await app.imagine.findJob(idOrRef);
  if (!job) {
    throw new UserError(
      `No job ${inlineCode(idOrRef.slice(0, 80))} is known to the bot (by job id or ref). \`/history\` lists yours.`,
    );
  }
  const moderatorHere =
    isModerator(interaction) && interaction.guildId !== null && job.location.guildId === interaction.guildId;
  if (job.requesterId !== interaction.user.id && !moderatorHere) throw new UserError(NOT_YOURS);
  if (job.outcome !== "completed") {
    const link = messageJumpLink(job.location);
    const state =
      job.outcome === null ? "is still running" : `ended without an image (${OUTCOME_LABELS[job.outcome]})`;
    throw new UserError(
      `This job ${state}, so there is nothing to show again.${link ? ` Its message: ${link}` : ""}`,
    );
  }
  await interaction.deferReply();
  let record;
  try {
    record = await readImage(app.service, job.imageId);
  } catch (err) {
    // The public "thinking…" is replaced by an answer only the asker sees: the channel has nothing to see.
    if (!(err instanceof UnknownImageError)) {
      await interaction.deleteReply();
      await interaction.followUp({ ...replyPayloadFor(err, log), flags: MessageFlags.Ephemeral });
      return;
    }
    log.info({ jobId: job.imageId, reason: err.message }, "/show of an image the service no longer knows");
    return answerPrivately(interaction, NO_LONGER_AVAILABLE);
  }
  if (record.status !== "completed") {
    return answerPrivately(
      interaction,
      "The image service no longer has this image finished; it cannot be shown.",
    );
  }
  const message = await materialize(viewForRecord(job, record, app.config.IMAGE_DELIVERY), {
    download: (url) => app.service.downloadImage(url, { maxBytes: app.config.IMAGE_DOWNLOAD_MAX_BYTES }),
    log,
  });
  await interaction.editReply({
    ...message.payload,
    content: `Shown again by ${userMention(interaction.user.id)}.`,
    allowedMentions: NO_PINGS,
    files: message.files.map((f) => ({ attachment: f.data, name: f.name })),
  });
}
