import { MessageFlags, type AutocompleteInteraction, type Interaction } from "discord.js";
import type { Config } from "../config.js";
import {
  interactionLanguages,
  type InteractionLanguages,
  type MemberLanguage,
} from "../i18n/choose-language.js";
import type { Logger } from "../logger.js";
import type { Command } from "./command.js";
import { messageCommandName, type MessageCommand } from "./message-command.js";
import { customIdPrefix } from "../custom-ids/id-codec.js";
import type { ComponentHandler, ComponentInteraction } from "./component.js";
import { replyWithError } from "./reply-with-error.js";

/** Everything the router dispatches to: the slash commands and the component/modal handlers. */
export interface InteractionRegistry<App> {
  readonly commands: readonly Command<App>[];
  readonly components: readonly ComponentHandler<unknown, App>[];
  /** The message commands (right-click a message → Apps); none when absent. */
  readonly messageCommands?: readonly MessageCommand<App>[];
}

/** What the router needs of the app besides handing it to the handlers. */
interface RouterApp {
  readonly config: Config;
  readonly logger: Logger;
  /** The language each member chose (`/settings`), which answers follow before Discord's locale. */
  readonly memberLanguage: MemberLanguage;
}

/** Handlers by prefix. @throws {Error} when two handlers claim one prefix (a programming error). */
function byPrefix<App>(handlers: readonly ComponentHandler<unknown, App>[]) {
  const map = new Map<string, ComponentHandler<unknown, App>>();
  for (const handler of handlers) {
    if (map.has(handler.prefix) || handler.prefix.includes(":") || handler.prefix === "") {
      throw new Error(`component handler prefix "${handler.prefix}" is used twice, empty or contains ":"`);
    }
    map.set(handler.prefix, handler);
  }
  return map;
}

/**
 * Routes every interaction: chat commands by name (their autocompletes to the command's `autocomplete`);
 * buttons, select menus of every kind and modal submits by
 * the prefix of their custom id to the handler that owns it, with the data its codec reads from the id.
 * Each gets a child logger, and any failure goes through the one error handler. An id no handler decodes
 * gets "this button no longer works", ephemerally. Answers are in the member's language (see
 * `chooseLanguages`). Never throws: an error here would reach discord.js's event loop.
 * @see https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-object-interaction-type
 */
export function createInteractionRouter<App extends RouterApp>(registry: InteractionRegistry<App>, app: App) {
  const commands = new Map(
    registry.commands.map((c) => [typeof c.data === "function" ? c.data(app.config).name : c.data.name, c]),
  );
  const handlers = byPrefix(registry.components);
  const messageCommands = new Map((registry.messageCommands ?? []).map((c) => [messageCommandName(c), c]));

  async function routeComponent(
    interaction: ComponentInteraction,
    log: Logger,
    lang: InteractionLanguages,
  ): Promise<void> {
    const { customId } = interaction;
    log.info(
      { customId, componentType: interaction.isModalSubmit() ? "modal" : interaction.componentType },
      "component used",
    );
    const handler = handlers.get(customIdPrefix(customId));
    const data = handler ? handler.codec.decode(customId) : null;
    if (!handler || data === null) {
      log.info(
        { customId, reason: handler ? "malformed id" : "unknown prefix" },
        "component id no handler reads",
      );
      await interaction.reply({
        content: lang.ephemeral("error.staleComponent"),
        flags: MessageFlags.Ephemeral,
      });
      return;
    }
    await handler.execute(interaction, data, { app, log, lang });
  }

  /**
   * An autocomplete goes to its command's `autocomplete`; a command without one, or one that fails, gets
   * no suggestions (an autocomplete cannot show an error: Discord's client shows "no options" for it).
   */
  async function routeAutocomplete(
    interaction: AutocompleteInteraction,
    log: Logger,
    lang: InteractionLanguages,
  ): Promise<void> {
    const command = commands.get(interaction.commandName);
    try {
      if (!command?.autocomplete) throw new Error(`/${interaction.commandName} has no autocomplete`);
      await command.autocomplete({ interaction, app, log, lang });
    } catch (err) {
      log.warn({ err, command: interaction.commandName }, "autocomplete failed; answering no suggestions");
      if (!interaction.responded) await interaction.respond([]).catch(() => {});
    }
  }

  return async function route(interaction: Interaction): Promise<void> {
    if (interaction.isAutocomplete()) {
      const log: Logger = app.logger.child({ interactionId: interaction.id, userId: interaction.user.id });
      await routeAutocomplete(
        interaction,
        log,
        await interactionLanguages(interaction, app.memberLanguage, log),
      );
      return;
    }
    if (
      !interaction.isChatInputCommand() &&
      !interaction.isMessageContextMenuCommand() &&
      !interaction.isMessageComponent() &&
      !interaction.isModalSubmit()
    ) {
      return;
    }
    const log: Logger = app.logger.child({ interactionId: interaction.id, userId: interaction.user.id });
    const lang = await interactionLanguages(interaction, app.memberLanguage, log);
    try {
      if (interaction.isChatInputCommand()) {
        const command = commands.get(interaction.commandName);
        log.info({ command: interaction.commandName, guildId: interaction.guildId }, "command received");
        if (!command) {
          const unknown = new Error(`unknown command /${interaction.commandName}`);
          await replyWithError(interaction, unknown, log, lang.ephemeral);
          return;
        }
        await command.execute({ interaction, app, log, lang });
      } else if (interaction.isMessageContextMenuCommand()) {
        const command = messageCommands.get(interaction.commandName);
        log.info(
          { command: interaction.commandName, guildId: interaction.guildId },
          "message command received",
        );
        if (!command) throw new Error(`unknown message command "${interaction.commandName}"`);
        await command.execute({ interaction, app, log, lang });
      } else {
        await routeComponent(interaction, log, lang);
      }
    } catch (err) {
      await replyWithError(interaction, err, log, lang.ephemeral);
    }
  };
}
