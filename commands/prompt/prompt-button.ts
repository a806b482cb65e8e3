/**
 * 📋 Prompt under a result: answers only the clicker with the exact prompt the bot sent for that job (the
 * member's suffix, the server's default parameters, every parameter) in a code block, ready to copy. It
 * reads the bot's own job store and never asks the image service: a job the store no longer keeps is
 * answered with that.
 * @see https://discord.com/developers/docs/interactions/receiving-and-responding#create-interaction-response
 */
import { MessageFlags } from "discord.js";
import type { BotContext } from "../../src/bot-context.js";
import type { ComponentHandler } from "../../src/discord/component.js";
import { UserError } from "../../src/errors.js";
import { PROMPT_ID_PREFIX, promptIdCodec, type ResultTool } from "../../src/custom-ids/result-tool-ids.js";
import { renderPromptCopy } from "./prompt-view.js";

/** 📋 Prompt: anyone who sees the result may copy its prompt; the answer is theirs alone. */
export const promptButton: ComponentHandler<ResultTool, BotContext> = {
  prefix: PROMPT_ID_PREFIX,
  codec: promptIdCodec,
  async execute(interaction, { jobId }, { app, log, lang }) {
    const job = await app.imagine.findJob(jobId);
    if (!job) {
      log.info({ jobId }, "prompt asked of a job the store no longer keeps");
      throw new UserError((t) => t("promptTool.unknown"));
    }
    await interaction.reply({
      ...renderPromptCopy(lang.ephemeral, job.imageId, job.prompt.text),
      flags: MessageFlags.Ephemeral,
    });
  },
};
