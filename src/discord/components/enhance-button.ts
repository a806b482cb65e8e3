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
import { ENHANCE_ID_PREFIX, enhanceIdCodec, type EnhanceRequest } from "./enhance-id.js";
import { loadSource } from "./grid-buttons.js";

const clicks = new ClickGuard();

/** Enhance: upscales one image of a grid as a new job (see the module comment). */
export const enhanceButton: ComponentHandler<EnhanceRequest, BotContext> = {
  prefix: ENHANCE_ID_PREFIX,
  codec: enhanceIdCodec,
  async execute(interaction, request, app, _log, lang) {
    if (!interaction.isButton()) throw new UserError((t) => t("error.deadControl"));
    const factor = factorLabel(request.factor);
    if (request.requesterId !== interaction.user.id && !isModerator(interaction)) {
      throw new UserError((t) => t("enhance.notYours", { factor }));
    }
    if (!app.config.ENHANCE_FACTORS.includes(request.factor)) {
      throw new UserError((t) => t("enhance.off", { factor }));
    }
    const key = `e:${request.jobId}:${request.index}:${request.factor}:${interaction.user.id}`;
    if (!clicks.claim(key)) throw new UserError((t) => t("enhance.started", { factor }));
    try {
      const source = await loadSource(request, app);
      const { jobId: parentId, index } = request;
      await startImagineJob(interaction, app, source.prompt, lang, {
        parentId,
        index,
        factor: request.factor,
      });
    } finally {
      // Only a click while this one is being started is a double click; a later one is a new Enhance.
      clicks.release(key);
    }
  },
};
