/**
 * The handler of the **Try again** button (its id, rows and kept prompts: `try-again-rows.ts`, which the start
 * flow imports without importing this handler back).
 */
import type { BotContext } from "../../src/bot-context.js";
import { UserError } from "../../src/errors.js";
import type { ComponentHandler } from "../../src/discord/component.js";
import { readPrompt } from "../../src/prompt/prompt.js";
import { startOncePerClick } from "./click-once.js";
import { startImagineJob } from "./interaction-start.js";
import { TRY_AGAIN_PREFIX, tryAgainCodec } from "./try-again-id.js";
import { KEPT_PROMPT_TTL_MS, tryAgainExpired } from "./try-again-rows.js";

export const tryAgainHandler: ComponentHandler<string, BotContext> = {
  prefix: TRY_AGAIN_PREFIX,
  codec: tryAgainCodec,
  async execute(interaction, ref, context) {
    const { app } = context;
    if (!interaction.isButton()) throw new UserError((t) => t("error.deadControl"));
    const kept = await app.store.getKeptPrompt(ref);
    if (!kept || app.now() - kept.keptAt > KEPT_PROMPT_TTL_MS) throw new UserError(tryAgainExpired);
    if (kept.requesterId !== interaction.user.id) throw new UserError((t) => t("tryAgain.notYours"));
    await startOncePerClick(
      interaction,
      context,
      `try-again:${ref}`,
      (t) => t("tryAgain.started"),
      () =>
        startImagineJob(
          interaction,
          context,
          readPrompt(kept.prompt),
          kept.style ? { style: kept.style } : {},
        ),
    );
  },
};
