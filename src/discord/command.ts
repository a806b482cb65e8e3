import {
  SlashCommandBuilder,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from "discord.js";
import type { Config } from "../config.js";
import type { InteractionLanguages } from "../i18n/choose-language.js";
import { localizeCommand } from "../i18n/command-localizations.js";
import { en } from "../i18n/locales/en.js";
import { MEMBER_CONTEXTS, MEMBER_INTEGRATION_TYPES, withInstallSwitch } from "./install-contexts.js";
import type { Logger } from "../logger.js";

/** A slash command definition: anything with discord.js builder's `toJSON()`. */
export interface CommandData {
  readonly name: string;
  toJSON(): RESTPostAPIChatInputApplicationCommandsJSONBody;
}

/**
 * One slash command, one file under `commands/`: `export default { data, execute } satisfies Command`.
 * `data` is a builder, or a function of the configuration when the definition depends on it
 * (e.g. the prompt's maximum length).
 * @see https://discord.com/developers/docs/interactions/application-commands
 */
export interface Command<App = unknown> {
  data: CommandData | ((config: Config) => CommandData);
  /**
   * Parses the interaction, calls the core, renders in `lang` (ephemeral answers in `lang.ephemeral`, what
   * the channel sees in `lang.public`). Throw a `UserError` for what the user should read.
   */
  execute(context: CommandContext<App>): Promise<void>;
  /**
   * Answers Discord's autocomplete for an option registered with `autocomplete: true`: the suggestions for
   * what the member has typed so far (`interaction.respond`, at most 25, within 3 seconds). Suggestions are
   * only suggestions: `execute` checks the value again.
   * @see https://discord.com/developers/docs/interactions/application-commands#autocomplete
   */
  autocomplete?(context: AutocompleteContext<App>): Promise<void>;
}

/** What a command's `autocomplete` gets: its interaction, with the {@link HandlerContext}. */
export interface AutocompleteContext<App = unknown> extends HandlerContext<App> {
  readonly interaction: AutocompleteInteraction;
}

/** What the router hands every handler: the core, the interaction's logger, the languages to answer in. */
export interface HandlerContext<App = unknown> {
  readonly app: App;
  /** The router's child logger (interactionId, userId): the one logger of this interaction. */
  readonly log: Logger;
  readonly lang: InteractionLanguages;
}

/** What a slash command's `execute` gets: its interaction, with the {@link HandlerContext}. */
export interface CommandContext<App = unknown> extends HandlerContext<App> {
  readonly interaction: ChatInputCommandInteraction;
}

/**
 * The registration body of a command under this configuration, with its names and descriptions in every
 * language the bot speaks (`localizeCommand`).
 */
export function commandBody(
  command: Command<never>,
  config: Config,
): RESTPostAPIChatInputApplicationCommandsJSONBody {
  const data = typeof command.data === "function" ? command.data(config) : command.data;
  return withInstallSwitch(localizeCommand(data.toJSON()), config);
}

/** The name of every command whose English texts are in `en.ts` (`command.<name>.description`). */
export type CommandName = {
  [K in keyof typeof en]: K extends `command.${infer C}.description`
    ? C extends `${string}.${string}`
      ? never
      : C
    : never;
}[keyof typeof en];

/**
 * The path of a command's, sub-command's or option's texts in `en.ts`: `command.<command>[.<name>…]`, which
 * has a `.name` and a `.description`.
 */
export type CommandTextPath = {
  [K in keyof typeof en]: K extends `command.${infer P}.description`
    ? `command.${P}.name` extends keyof typeof en
      ? `command.${P}`
      : never
    : never;
}[keyof typeof en];

/** A builder that has a name and a description: a command, sub-command (group) or option. */
interface NamedBuilder {
  setName(name: string): unknown;
  setDescription(description: string): unknown;
}

/**
 * `builder` with the name and description `en.ts` writes at `path` (`<path>.name`, `<path>.description`):
 * each is written once, there; the other languages are found by the same path ({@link commandBody}).
 */
export function withTexts<B extends NamedBuilder>(builder: B, path: CommandTextPath): B {
  builder.setName(en[`${path}.name` as keyof typeof en]);
  builder.setDescription(en[`${path}.description` as keyof typeof en]);
  return builder;
}

/**
 * A slash command's name and English description, as `en.ts` writes them (the one place English is
 * written; the other languages are added by {@link commandBody}).
 */
export function slashCommand(name: CommandName): SlashCommandBuilder {
  return withTexts(new SlashCommandBuilder(), `command.${name}`);
}

/**
 * A member command: installed by a server or by a member to their own account, usable in servers (with or
 * without the bot), the bot's DMs and group DMs (narrowed by `USER_INSTALLS=off`: `withInstallSwitch`).
 * @see https://discord.com/developers/docs/interactions/application-commands#interaction-contexts
 */
export function memberCommand(name: CommandName): SlashCommandBuilder {
  return slashCommand(name)
    .setContexts(...MEMBER_CONTEXTS)
    .setIntegrationTypes(...MEMBER_INTEGRATION_TYPES);
}
