/**
 * `/show job:` and the Show buttons of `/history`: a finished job's grid posted again in this channel, with
 * working U1–U4 and 🔄 buttons (they carry the job id). For the job's requester, or a moderator (Manage
 * Server) of the server the job ran in; anyone else is refused privately.
 */
import { MessageFlags, type ButtonInteraction, type ChatInputCommandInteraction } from "discord.js";
import type { BotContext } from "../../src/bot-context.js";
import { UserError } from "../../src/errors.js";
import type { InteractionLanguages } from "../../src/i18n/choose-language.js";
import { readImage, UnknownImageError } from "../../src/service/image-access.js";
import { viewForRecord } from "../../src/imagine/job-view.js";
import { materialize } from "../../src/imagine/delivery/materialize.js";
import type { Logger } from "../../src/logger.js";
import { inlineCode } from "../../src/render/markdown.js";
import { NO_PINGS, userMention } from "../../src/render/message-parts.js";
import { messageJumpLink } from "../../src/render/message-link.js";
import { requireRequesterOrModerator } from "../../src/discord/moderator.js";
import { replyPayloadFor } from "../../src/discord/reply-with-error.js";

/** Replaces the public "thinking…" with an answer only the asker sees: the channel has nothing to see. */
async function answerPrivately(
  interaction: ChatInputCommandInteraction | ButtonInteraction,
  content: string,
): Promise<void> {
  await interaction.deleteReply();
  await interaction.followUp({ content, flags: MessageFlags.Ephemeral });
}

/**
 * Posts job `idOrRef` (a job id or the interaction id it was started by) again as a new public message.
 * @throws {UserError} before anything public happens: unknown job, not the asker's, not finished with an image.
 */
export async function repostJob(
  interaction: ChatInputCommandInteraction | ButtonInteraction,
  app: BotContext,
  idOrRef: string,
  log: Logger,
  lang: InteractionLanguages,
): Promise<void> {
  const t = lang.ephemeral;
  const job = await app.imagine.findJob(idOrRef);
  if (!job) {
    const shown = inlineCode(idOrRef.slice(0, 80));
    throw new UserError((tr) => tr("show.unknownJob", { job: shown }));
  }
  // A moderator of the job's own server only; the same answer whether or not the job exists elsewhere.
  requireRequesterOrModerator(
    interaction,
    job.requesterId,
    (tr) => tr("show.notYours"),
    job.location.guildId,
  );
  const { outcome } = job;
  if (outcome !== "completed") {
    const link = messageJumpLink(job.location);
    throw new UserError((tr) => {
      const state =
        outcome === null ? tr("show.running") : tr("show.ended", { outcome: tr(`outcome.${outcome}`) });
      return link ? `${state} ${tr("show.itsMessage", { link })}` : state;
    });
  }
  await interaction.deferReply();
  let record;
  try {
    record = await readImage(app.pool, job.imageId);
  } catch (err) {
    // The public "thinking…" is replaced by an answer only the asker sees: the channel has nothing to see.
    if (!(err instanceof UnknownImageError)) {
      await interaction.deleteReply();
      await interaction.followUp({ ...replyPayloadFor(err, log, t), flags: MessageFlags.Ephemeral });
      return;
    }
    log.info({ jobId: job.imageId, reason: err.message }, "/show of an image the service no longer knows");
    return answerPrivately(interaction, t("show.gone"));
  }
  if (record.status !== "completed") {
    return answerPrivately(interaction, t("show.notFinished"));
  }
  const message = await materialize(
    viewForRecord({ ...job, language: lang.public.language }, record, app.config.IMAGE_DELIVERY),
    {
      download: (url) => app.pool.downloadImage(url, { maxBytes: app.config.IMAGE_DOWNLOAD_MAX_BYTES }),
      log,
    },
  );
  await interaction.editReply({
    ...message.payload,
    content: lang.public("show.by", { mention: userMention(interaction.user.id) }),
    allowedMentions: NO_PINGS,
    files: message.files.map((f) => ({ attachment: f.data, name: f.name })),
  });
}
