/**
 * The Enhance buttons under a single image (U1-U4), shown when `ENHANCE_FACTORS` is set: a click upscales
 * that image through the image service as a new job, admitted (limits), followed, shown and delivered like an
 * /imagine job: its progress is the reply to the click, its result a new message replying to the single
 * image. Only the person the image was posted for, or a moderator, may enhance it: each one costs
 * image-service credits.
 *
 * Like the U buttons (post-once.ts), a used Enhance button turns primary (blue), and each image and factor is
 * enhanced once: a click while that Enhance runs, or after its result was posted, starts nothing and answers
 * only the clicker (with a link to the result). What was enhanced is read from the store (the newest Enhance
 * job of that image and factor), so it holds after a restart; a fleet-wide claim per image and factor,
 * held while a click creates the job, makes two simultaneous clicks (on any processes) create one. An Enhance
 * that failed, timed out or was cancelled may be started again (its Try again carries the same id).
 * @see https://discord.com/developers/docs/components/reference#button
 */
import { MessageFlags } from "discord.js";
import type { BotContext } from "../../src/bot-context.js";
import { UserError } from "../../src/errors.js";
import type { Job, UpscaleSource } from "../../src/imagine/job.js";
import type { InteractionLanguages } from "../../src/i18n/choose-language.js";
import type { Translator } from "../../src/i18n/translate.js";
import type { Logger } from "../../src/logger.js";
import { factorLabel } from "../../src/render/final.js";
import { renderUnderWay } from "./used-button-view.js";
import type { ComponentHandler, ComponentInteraction } from "../../src/discord/component.js";
import { requireRequesterOrModerator } from "../../src/discord/moderator.js";
import { startImagineJob } from "../imagine/interaction-start.js";
import { renderEnhanceOff } from "../../src/render/refusal.js";
import { requesterOf } from "../../src/discord/submission-place.js";
import { ENHANCE_ID_PREFIX, enhanceIdCodec, type EnhanceRequest } from "../../src/custom-ids/enhance-id.js";
import { loadSource } from "../shared/job-source.js";
import { earlierPostAnswer, markUsed } from "./post-once.js";

/**
 * How long a click holds the right to create the Enhance job of an image and factor: past the longest the
 * creation can take (admission, the service's answer with its retries), so only a process that died while
 * creating it leaves others waiting, this long at most.
 */
const ENHANCE_START_HOLD_MS = 2 * 60_000;

/** The fleet-wide claim a click holds while it creates the Enhance job of `source`. */
function startClaimKey({ parentId, index, factor }: UpscaleSource): string {
  return `enhance:${parentId}:${index}:${factor}`;
}

/** Whether an earlier Enhance leaves nothing to redo: it is running, or it ended with its image. */
function stillCounts(job: Job): boolean {
  return job.outcome === null || job.outcome === "completed";
}

/**
 * Answers, only to the clicker, a click on an Enhance already made: the link to its result once posted,
 * else that it is under way.
 */
async function answerEarlier(
  interaction: ComponentInteraction,
  app: BotContext,
  job: Job,
  name: string,
  t: Translator,
  log: Logger,
) {
  const post = job.outcome === null ? undefined : await app.store.getPost(job.imageId, "result");
  const content = post ? await earlierPostAnswer(interaction, t, name, post, log) : renderUnderWay(t, name);
  await interaction.reply({ content, flags: MessageFlags.Ephemeral });
}

/**
 * Starts the Enhance of `source` unless one counts already (then answers with it); the caller holds the
 * start claim. The clicked button turns primary once the job exists.
 */
async function enhanceOnce(
  interaction: ComponentInteraction,
  app: BotContext,
  request: EnhanceRequest,
  name: string,
  log: Logger,
  lang: InteractionLanguages,
): Promise<void> {
  const { jobId: parentId, index, factor } = request;
  const source: UpscaleSource = { parentId, index, factor };
  const earlier = await app.store.latestUpscale(source);
  if (earlier && stillCounts(earlier)) {
    log.info({ enhanceJobId: earlier.imageId, outcome: earlier.outcome }, "Enhance already made");
    await answerEarlier(interaction, app, earlier, name, lang.ephemeral, log);
    return;
  }
  const { prompt } = await loadSource(request, app);
  const job = await startImagineJob(interaction, { app, log, lang }, prompt, {
    kind: { name: "upscale", ...source },
  });
  if (job) await markUsed(interaction, "message", log);
}

/** Enhance: upscales one image of a grid as a new job, once per image and factor (see the module comment). */
export const enhanceButton: ComponentHandler<EnhanceRequest, BotContext> = {
  prefix: ENHANCE_ID_PREFIX,
  codec: enhanceIdCodec,
  async execute(interaction, request, { app, log, lang }) {
    if (!interaction.isButton()) throw new UserError((tr) => tr("error.deadControl"));
    // A button from before the bot found the service has no upscale route: nothing to try again.
    // The grid's own server decides (a pool may mix servers with and without the route).
    if (!(await app.pool.profileOf(request.jobId)).hasUpscale)
      throw new UserError((tr) => tr("enhance.noRoute"));
    const factor = factorLabel(request.factor);
    const name = lang.ephemeral("enhance.name", { factor });
    requireRequesterOrModerator(interaction, request.requesterId, (tr) => tr("enhance.notYours", { factor }));
    if (!app.config.ENHANCE_FACTORS.includes(request.factor)) {
      throw new UserError((tr) => tr("enhance.off", { factor }));
    }
    if (!(await app.admission.settingsFor(requesterOf(interaction))).enhance.value) {
      throw new UserError((tr) => renderEnhanceOff(tr, tr("enhance.name", { factor })));
    }
    const { jobId: parentId, index } = request;
    const key = startClaimKey({ parentId, index, factor: request.factor });
    const holder = interaction.id;
    if (!(await app.store.claimOnce(key, { holdMs: ENHANCE_START_HOLD_MS, holder }))) {
      // Another click is creating this Enhance right now.
      await interaction.reply({
        content: renderUnderWay(lang.ephemeral, name),
        flags: MessageFlags.Ephemeral,
      });
      return;
    }
    try {
      await enhanceOnce(interaction, app, request, name, log, lang);
    } finally {
      // The job (saved before it was returned) now says what was enhanced; a failed start may be retried.
      await app.store.releaseClaim(key, holder).catch((err: unknown) => {
        log.warn({ err, key }, "could not release the Enhance start claim; it runs out by itself");
      });
    }
  },
};
