import { MessageFlags, type ChatInputCommandInteraction } from "discord.js";
import type { BotContext } from "../../src/bot-context.js";
import type { InteractionLanguages } from "../../src/i18n/choose-language.js";
import { memberCommand, type Command } from "../../src/discord/command.js";
import { historyMessage } from "./history-page.js";
import type { Logger } from "../../src/logger.js";

/**
 * `/history`: your own recent jobs, newest first, ephemeral and paginated. In a server, that server's jobs
 * only; in the bot's DMs, all of yours.
 * @see https://discord.com/developers/docs/interactions/application-commands#interaction-contexts
 */
const data = memberCommand("history", "Your recent images: prompt, outcome, when, and a link to each");

async function execute(
  interaction: ChatInputCommandInteraction,
  app: BotContext,
  _log: Logger,
  lang: InteractionLanguages,
): Promise<void> {
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  await interaction.editReply(
    await historyMessage(lang.ephemeral, app, interaction.user.id, interaction.guildId, 0),
  );
}

export default { data, execute } satisfies Command<BotContext>;
