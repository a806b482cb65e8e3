/**
 * The buttons under a finished grid: U1-U4 post that single image as a reply, 🔄 starts the same prompt
 * again. Their ids ({@link gridButtonCodec}) carry the job, the image and the requester, so they work after
 * a restart too.
 * @see https://discord.com/developers/docs/interactions/message-components#buttons
 */
import { MessageFlags } from "discord.js";
import type { BotContext } from "../../src/bot-context.js";
import { UserError } from "../../src/errors.js";
import { readImage, UnknownImageError } from "../../src/service/image-access.js";
import { viewForUpscale } from "../../src/imagine/job-view.js";
import { materialize } from "../../src/imagine/delivery/materialize.js";
import type { InteractionLanguages } from "../../src/i18n/choose-language.js";
import type { Logger } from "../../src/logger.js";
import type { HandlerContext } from "../../src/discord/command.js";
import type { ComponentHandler, ComponentInteraction } from "../../src/discord/component.js";
import { requireRequesterOrModerator } from "../../src/discord/moderator.js";
import { startOncePerClick } from "../imagine/click-once.js";
import { startImagineJob } from "../imagine/interaction-start.js";
import { requesterOf } from "../../src/discord/submission-place.js";
import { GRID_BUTTON_PREFIX, gridButtonCodec, type GridButton } from "../../src/custom-ids/grid-button-id.js";
import type { OutgoingMessage } from "../../src/imagine/outgoing-message.js";
import { upscaleAction } from "../../src/imagine/posted-message.js";
import { readPrompt } from "../../src/prompt/prompt.js";
import { loadSource } from "../shared/job-source.js";
import { postOnce } from "./post-once.js";

/**
 * How long a click on a U button holds the right to post that image while it renders and posts it (released
 * as soon as it is done): past the longest that takes, so a process that died meanwhile blocks it no longer.
 */
const UPSCALE_HOLD_MS = 2 * 60_000;

async function upscale(
  interaction: ComponentInteraction,
  context: HandlerContext<BotContext>,
  jobId: string,
  index: number,
) {
  const { app, log } = context;
  const key = `upscale:${jobId}:${index}`;
  const holder = interaction.id;
  if (!(await app.store.claimOnce(key, { holdMs: UPSCALE_HOLD_MS, holder }))) {
    throw new UserError((t) => t("upscale.onItsWay", { name: `U${index + 1}` }));
  }
  try {
    await postUpscale(interaction, context, jobId, index);
  } finally {
    // Only a click while this one is in flight is a double click; a later one (after a failure) is a retry,
    // and one after the post gets its link (job_posts).
    await app.store.releaseClaim(key, holder).catch((err: unknown) => {
      log.warn({ err, key }, "could not release the claim of a U button; it runs out by itself");
    });
  }
}

/**
 * Posts image U(index+1) once, as a new message replying to the grid that pings the clicker only (see
 * {@link postOnce}): a click on a used U button answers with a link to the image already posted.
 */
async function postUpscale(
  interaction: ComponentInteraction,
  { app, log, lang }: HandlerContext<BotContext>,
  jobId: string,
  index: number,
) {
  await postOnce(interaction, app, {
    jobId,
    action: upscaleAction(index),
    name: `U${index + 1}`,
    log,
    t: lang.ephemeral,
    render: () => renderUpscale(interaction, app, jobId, index, log, lang),
  });
}

/** Reads the record and renders image U(index+1); `null` (after telling the clicker why) when it has none. */
async function renderUpscale(
  interaction: ComponentInteraction,
  app: BotContext,
  jobId: string,
  index: number,
  log: Logger,
  lang: InteractionLanguages,
): Promise<OutgoingMessage | null> {
  let record;
  try {
    record = await readImage(app.pool, jobId);
  } catch (err) {
    if (!(err instanceof UnknownImageError)) throw err;
    log.info({ reason: err.message }, "button of an image the service does not know");
    await answerPrivately(interaction, lang.ephemeral("serviceError.imageGone"));
    return null;
  }
  if (record.status !== "completed" || !record.upscaled_urls?.[index]) {
    log.info({ status: record.status }, "upscale asked of an image without that single image");
    await answerPrivately(interaction, lang.ephemeral("upscale.notAvailable", { name: `U${index + 1}` }));
    return null;
  }
  const { enhance } = await app.admission.settingsFor(requesterOf(interaction));
  const view = viewForUpscale(
    {
      imageId: jobId,
      prompt: readPrompt(record.prompt),
      requesterId: interaction.user.id,
      startedAt: app.now(),
      language: lang.public.language,
    },
    record,
    index,
    app.config.IMAGE_DELIVERY,
    // A server may turn Enhance off; the owner's factors and the service's upscale route are needed.
    enhance.value ? (await app.pool.profileOf(jobId)).enhanceFactors(app.config.ENHANCE_FACTORS) : [],
  );
  return materialize(view, {
    download: (url) => app.pool.downloadImage(url, { maxBytes: app.config.IMAGE_DOWNLOAD_MAX_BYTES }),
    log,
  });
}

/**
 * Answers a click (already acknowledged) with a message only the clicker sees: what concerns only the
 * clicker (a stale button) is not posted in the channel.
 * @see https://discord.com/developers/docs/interactions/receiving-and-responding#create-followup-message
 */
async function answerPrivately(interaction: ComponentInteraction, content: string): Promise<void> {
  await interaction.followUp({ content, flags: MessageFlags.Ephemeral });
}

async function reroll(
  interaction: ComponentInteraction,
  context: HandlerContext<BotContext>,
  button: GridButton,
) {
  const { app } = context;
  const source = await loadSource(button, app);
  requireRequesterOrModerator(interaction, source.requesterId, (t) => t("reroll.notYours"));
  await startOncePerClick(
    interaction,
    context,
    `reroll:${button.jobId}`,
    (t) => t("reroll.started"),
    () =>
      startImagineJob(interaction, context, source.prompt, "style" in source ? { style: source.style } : {}),
  );
}

/**
 * U1-U4 (anyone may post a single image of a grid in the channel) and 🔄 / Try again (the requester or a
 * moderator; for buttons posted before ids carried the requester, the requester the store remembers, and
 * when the store no longer knows the job, moderators only).
 */
export const gridButtons: ComponentHandler<GridButton, BotContext> = {
  prefix: GRID_BUTTON_PREFIX,
  codec: gridButtonCodec,
  async execute(interaction, button, context) {
    if (button.action === "upscale") await upscale(interaction, context, button.jobId, button.index);
    else await reroll(interaction, context, button);
  },
};
