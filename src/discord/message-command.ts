/**
 * Message commands: what a member picks after right-clicking a message (Apps → the command). One file under
 * `commands/` each, listed in `commands/index.ts` next to the slash commands; the router sends them by name.
 * Their name is their only text (no description, no options), written in `en.ts` under `messageCommand.*`
 * and localized like the slash commands' names.
 * @see https://discord.com/developers/docs/interactions/application-commands#message-commands
 */
import {
  ApplicationCommandType,
  type MessageContextMenuCommandInteraction,
  type RESTPostAPIContextMenuApplicationCommandsJSONBody,
} from "discord.js";
import type { Config } from "../config.js";
import { nameLocalizations } from "../i18n/command-localizations.js";
import { en } from "../i18n/locales/en.js";
import type { HandlerContext } from "./command.js";
import { MEMBER_CONTEXTS, MEMBER_INTEGRATION_TYPES, withInstallSwitch } from "./install-contexts.js";

/** The key of a message command's name in `en.ts`. */
export type MessageCommandNameKey = Extract<keyof typeof en, `messageCommand.${string}.name`>;

/** One message command. */
export interface MessageCommand<App = unknown> {
  readonly kind: "message";
  /** Where its name is written (`en.ts` and the other languages). */
  readonly nameKey: MessageCommandNameKey;
  /** Answers the interaction; throw a `UserError` for what the member should read. */
  execute(context: MessageCommandContext<App>): Promise<void>;
}

/** What a message command's `execute` gets: its interaction (with the message), and the handler context. */
export interface MessageCommandContext<App = unknown> extends HandlerContext<App> {
  readonly interaction: MessageContextMenuCommandInteraction;
}

/** The name Discord knows a message command by: its English name. */
export function messageCommandName(command: Pick<MessageCommand<never>, "nameKey">): string {
  return en[command.nameKey];
}

/**
 * The registration body of a member's message command under `config`: its name in every language, for
 * server and user installs in every context where `/imagine` works (narrowed by `USER_INSTALLS=off`).
 */
export function messageCommandBody(
  command: MessageCommand<never>,
  config: Pick<Config, "USER_INSTALLS">,
): RESTPostAPIContextMenuApplicationCommandsJSONBody {
  const names = nameLocalizations(command.nameKey);
  return withInstallSwitch(
    {
      type: ApplicationCommandType.Message,
      name: messageCommandName(command),
      ...(names ? { name_localizations: names } : {}),
      integration_types: [...MEMBER_INTEGRATION_TYPES],
      contexts: [...MEMBER_CONTEXTS],
    },
    config,
  );
}
