/**
 * The Enhance buttons under a single image (U1-U4), shown when `ENHANCE_FACTORS` is set: a click upscales
 * that image through the image service as a new job, admitted (limits), followed, shown and delivered like an
 * /imagine job: its progress is the reply to the click, its result a new message replying to the single
 * image. Only the person the image was posted for, or a moderator, may enhance it: each one costs
 * image-service credits.
 * @see https://discord.com/developers/docs/components/reference#button
 */
import type { BotContext } from "../../bot-context.js";
import { UserError } from "../../errors.js";
import { factorLabel } from "../../render/final.js";
import { ClickGuard } from "../click-guard.js";
import type { ComponentHandler } from "../component.js";
import { isModerator } from "../moderator.js";
import { startImagineJob } from "../start-job.js";
import { renderEnhanceOff } from "../../render/refusal.js";
import { requesterOf } from "../submission-place.js";
import { ENHANCE_ID_PREFIX, enhanceIdCodec, type EnhanceRequest } from "./enhance-id.js";
import { loadSource } from "./grid-buttons.js";

const clicks = new ClickGuard();

/** Enhance: upscales one image of a grid as a new job (see the module comment). */
export const enhanceButton: ComponentHandler<EnhanceRequest, BotContext> = {
  prefix: ENHANCE_ID_PREFIX,
  codec: enhanceIdCodec,
  async execute(interaction, request, app) {
    if (!interaction.isButton()) throw new UserError("This button no longer does anything.");
    const shown = `Enhance ${factorLabel(request.factor)}`;
    if (request.requesterId !== interaction.user.id && !isModerator(interaction)) {
      throw new UserError(
        `Only the person this image was posted for (or a moderator) can use ${shown}: it uses image-service credits.`,
      );
    }
    if (!app.config.ENHANCE_FACTORS.includes(request.factor)) {
      throw new UserError(`${shown} is turned off on this bot.`);
    }
    if (!(await app.admission.settingsFor(requesterOf(interaction))).enhance.value) {
      throw new UserError(renderEnhanceOff(shown));
    }
    const key = `e:${request.jobId}:${request.index}:${request.factor}:${interaction.user.id}`;
    if (!clicks.claim(key)) throw new UserError(`${shown} of this image was just started.`);
    try {
      const source = await loadSource(request, app);
      const { jobId: parentId, index, factor } = request;
      await startImagineJob(interaction, app, source.prompt, { parentId, index, factor });
    } finally {
      // Only a click while this one is being started is a double click; a later one is a new Enhance.
      clicks.release(key);
    }
  },
};
