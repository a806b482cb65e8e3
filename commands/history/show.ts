import type { BotContext } from "../../src/bot-context.js";
import { memberCommand, withTexts, type Command, type CommandContext } from "../../src/discord/command.js";
import { repostJob } from "./repost-job.js";

/**
 * `/show job:<id or ref>`: posts a finished job's grid again here, with working buttons. For the job's
 * requester, or a moderator (Manage Server) of the server it ran in.
 * @see https://discord.com/developers/docs/interactions/application-commands#interaction-contexts
 */
const data = memberCommand("show").addStringOption((option) =>
  withTexts(option, "command.show.job").setRequired(true).setMaxLength(100),
);

async function execute({ interaction, app, log, lang }: CommandContext<BotContext>): Promise<void> {
  await repostJob(interaction, app, interaction.options.getString("job", true).trim(), log, lang);
}

export default { data, execute } satisfies Command<BotContext>;
