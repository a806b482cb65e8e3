import { MessageFlags } from "discord.js";
import type { BotContext } from "../../src/bot-context.js";
import { memberCommand, type Command, type CommandContext } from "../../src/discord/command.js";
import { requesterOf } from "../../src/discord/submission-place.js";
import { gatherHelp } from "./help-query.js";
import { renderHelp } from "./help-view.js";

/**
 * `/help`: what the bot does, its commands, prompt syntax and the reader's limits, ephemeral. Usable in
 * servers and in the bot's DMs; the DM `help` answer is the same message.
 * @see https://discord.com/developers/docs/interactions/application-commands#interaction-contexts
 */
const data = memberCommand("help");

async function execute({ interaction, app, lang }: CommandContext<BotContext>): Promise<void> {
  const help = await gatherHelp(app, requesterOf(interaction));
  await interaction.reply({ ...renderHelp(lang.ephemeral, help), flags: MessageFlags.Ephemeral });
}

export default { data, execute } satisfies Command<BotContext>;
