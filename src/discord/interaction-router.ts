import type { Interaction } from "discord.js";
import type { BotContext } from "../bot-context.js";
import type { Logger } from "../logger.js";
import { handleButton } from "./button-handler.js";
import type { Command } from "./command.js";
import { enhanceButton } from "./enhance-button.js";
import { replyWithError } from "./reply-with-error.js";

/**
 * Routes every interaction to its command or button handler, each with a child logger, and sends any
 * failure through the one error handler. Never throws: an error here would reach discord.js's event loop.
 */
export function createInteractionRouter(commands: readonly Command<BotContext>[], app: BotContext) {
  const byName = new Map(
    commands.map((c) => [typeof c.data === "function" ? c.data(app.config).name : c.data.name, c]),
  );
  return async function route(interaction: Interaction): Promise<void> {
    if (!interaction.isChatInputCommand() && !interaction.isButton()) return;
    const log: Logger = app.logger.child({ interactionId: interaction.id, userId: interaction.user.id });
    try {
      if (interaction.isChatInputCommand()) {
        const command = byName.get(interaction.commandName);
        log.info({ command: interaction.commandName, guildId: interaction.guildId }, "command received");
        if (!command) {
          await replyWithError(interaction, new Error(`unknown command /${interaction.commandName}`), log);
          return;
        }
        await command.execute(interaction, app, log);
      } else {
        log.info({ customId: interaction.customId }, "button clicked");
        const enhance = enhanceButton.codec.decode(interaction.customId);
        if (enhance) await enhanceButton.execute(interaction, enhance, app, log);
        else await handleButton(interaction, app, log);
      }
    } catch (err) {
      await replyWithError(interaction, err, log);
    }
  };
}
