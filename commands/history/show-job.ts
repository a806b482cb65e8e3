/**
 * The Show buttons of `/history`: post a finished job again, as `/show job:` does. The id carries the job.
 */
import type { BotContext } from "../../src/bot-context.js";
import { UserError } from "../../src/errors.js";
import { SHOW_JOB_PREFIX, showJobCodec } from "./show-job-id.js";
import type { ComponentHandler } from "../../src/discord/component.js";
import { repostJob } from "./repost-job.js";

export const showJobHandler: ComponentHandler<string, BotContext> = {
  prefix: SHOW_JOB_PREFIX,
  codec: showJobCodec,
  async execute(interaction, jobId, { app, log, lang }) {
    if (!interaction.isButton()) throw new UserError((t) => t("error.deadControl"));
    await repostJob(interaction, app, jobId, log, lang);
  },
};
