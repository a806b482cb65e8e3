/**
 * The Show buttons of `/history`: post a finished job again, as `/show job:` does. The id carries the job.
 */
import type { BotContext } from "../../bot-context.js";
import { UserError } from "../../errors.js";
import { isButtonJobId, requireButtonJobId } from "./id-parts.js";
import type { ComponentHandler, IdCodec } from "../component.js";
import { repostJob } from "../repost-job.js";

const PREFIX = "show";

/** `show:<jobId>`; a job id that cannot go in a button id (see {@link isButtonJobId}) gets no button. */
export const showJobCodec: IdCodec<string> & { tryEncode(jobId: string): string | null } = {
  encode(jobId) {
    requireButtonJobId(jobId);
    return `${PREFIX}:${jobId}`;
  },
  tryEncode(jobId) {
    return isButtonJobId(jobId) ? `${PREFIX}:${jobId}` : null;
  },
  decode(customId) {
    const jobId = customId.startsWith(`${PREFIX}:`) ? customId.slice(PREFIX.length + 1) : "";
    return isButtonJobId(jobId) ? jobId : null;
  },
};

export const showJobHandler: ComponentHandler<string, BotContext> = {
  prefix: PREFIX,
  codec: showJobCodec,
  async execute(interaction, jobId, app, log, lang) {
    if (!interaction.isButton()) throw new UserError((t) => t("error.deadControl"));
    await repostJob(interaction, app, jobId, log, lang);
  },
};
