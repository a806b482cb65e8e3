import { MessageFlags } from "discord.js";
import type { BotContext } from "../../src/bot-context.js";
import { memberCommand, type Command, type CommandContext } from "../../src/discord/command.js";
import { historyMessage } from "./history-page.js";

/**
 * `/history`: your own recent jobs, newest first, ephemeral and paginated. In a server, that server's jobs
 * only; in the bot's DMs, all of yours.
 * @see https://discord.com/developers/docs/interactions/application-commands#interaction-contexts
 */
const data = memberCommand("history");

async function execute({ interaction, app, lang }: CommandContext<BotContext>): Promise<void> {
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  await interaction.editReply(
    await historyMessage(lang.ephemeral, app, interaction.user.id, interaction.guildId, 0),
  );
}

export default { data, execute } satisfies Command<BotContext>;
