import { ApplicationCommandOptionType, InteractionContextType, MessageFlags } from "discord.js";
import type { BotContext } from "../../src/bot-context.js";
import type { Config } from "../../src/config.js";
import { memberCommand, type Command, type CommandContext } from "../../src/discord/command.js";
import { requesterOf } from "../../src/discord/submission-place.js";
import { gatherHelp } from "./help-query.js";
import { renderHelp, type HelpEntry } from "./help-view.js";

/**
 * How `/help` lists each of `commands` (the registry, `commands/index.ts`): read from what is registered
 * with Discord, so a new command is listed as soon as it is in the registry, where its contexts and
 * permissions say.
 */
export function helpEntries(commands: readonly Command<never>[], config: Config): HelpEntry[] {
  return commands.map((command) => {
    const body = (typeof command.data === "function" ? command.data(config) : command.data).toJSON();
    const required = (body.options ?? []).flatMap((option) =>
      option.type !== ApplicationCommandOptionType.Subcommand &&
      option.type !== ApplicationCommandOptionType.SubcommandGroup &&
      option.required
        ? [option.name]
        : [],
    );
    return {
      name: body.name,
      required,
      inDms: body.contexts?.includes(InteractionContextType.BotDM) ?? false,
      forModerators: body.default_member_permissions != null,
    };
  });
}

/**
 * `/help`: what the bot does, the commands the reader can use where they ask (from `registry`), prompt
 * syntax and the reader's limits, ephemeral. Usable in servers and in the bot's DMs; the DM `help` answer is
 * the same message.
 * @see https://discord.com/developers/docs/interactions/application-commands#interaction-contexts
 */
export function helpCommand(registry: () => readonly Command<never>[]): Command<BotContext> {
  const data = memberCommand("help");
  async function execute({ interaction, app, lang }: CommandContext<BotContext>): Promise<void> {
    const entries = helpEntries(registry(), app.config);
    const help = await gatherHelp(app, requesterOf(interaction), entries);
    await interaction.reply({ ...renderHelp(lang.ephemeral, help), flags: MessageFlags.Ephemeral });
  }
  return { data, execute };
}
