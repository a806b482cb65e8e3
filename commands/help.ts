import { MessageFlags, type ChatInputCommandInteraction } from "discord.js";
import type { BotContext } from "../src/bot-context.js";
import type { InteractionLanguages } from "../src/i18n/choose-language.js";
import { memberCommand, type Command } from "../src/discord/command.js";
import { requesterOf } from "../src/discord/submission-place.js";
import { gatherHelp } from "../src/queries/help-facts.js";
import type { Logger } from "../src/logger.js";
import { renderHelp } from "../src/render/help.js";

/**
 * `/help`: what the bot does, its commands, prompt syntax and the reader's limits, ephemeral. Usable in
 * servers and in the bot's DMs; the DM `help` answer is the same message.
 * @see https://discord.com/developers/docs/interactions/application-commands#interaction-contexts
 */
const data = memberCommand("help", "What this bot does, its commands, prompt syntax and your limits");

async function execute(
  interaction: ChatInputCommandInteraction,
  app: BotContext,
  _log: Logger,
  lang: InteractionLanguages,
): Promise<void> {
  const help = await gatherHelp(app, requesterOf(interaction));
  await interaction.reply({ ...renderHelp(lang.ephemeral, help), flags: MessageFlags.Ephemeral });
}

export default { data, execute } satisfies Command<BotContext>;
