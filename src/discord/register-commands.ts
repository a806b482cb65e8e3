/**
 * Registers every slash command (bulk overwrite), globally or to one server, and removes a server's copies.
 * @see https://discord.com/developers/docs/interactions/application-commands#bulk-overwrite-global-application-commands
 * @see https://discord.com/developers/docs/interactions/application-commands#bulk-overwrite-guild-application-commands
 */
import { REST, Routes } from "discord.js";
import { requireClientId, type Config } from "../config.js";
import { commandBody, type Command } from "./command.js";
import { messageCommandBody, type MessageCommand } from "./message-command.js";

/** What is registered: a slash command or a message command. */
export type Registrable = Command<never> | MessageCommand<never>;

/** The registration body of `command` under `config`. */
function registrationBody(command: Registrable, config: Config) {
  return "kind" in command && command.kind === "message"
    ? messageCommandBody(command, config)
    : commandBody(command as Command<never>, config);
}

/** Where commands are registered: everywhere (DMs included), or one server. */
export type CommandScope = { kind: "global" } | { kind: "guild"; guildId: string };

/** The scope `npm run deploy` uses by default: DISCORD_GUILD_ID when set, else global. */
export function defaultScope(config: Config): CommandScope {
  return config.DISCORD_GUILD_ID ? { kind: "guild", guildId: config.DISCORD_GUILD_ID } : { kind: "global" };
}

function commandsRoute(applicationId: string, scope: CommandScope) {
  return scope.kind === "guild"
    ? Routes.applicationGuildCommands(applicationId, scope.guildId)
    : Routes.applicationCommands(applicationId);
}

function restFor(config: Config, rest: REST): REST {
  return rest.setToken(config.DISCORD_TOKEN);
}

/**
 * Registers `commands` (the bot's list, `commands/index.ts`, handed in by its caller; default scope:
 * {@link defaultScope}) and returns the names Discord accepted.
 */
export async function registerCommands(
  commands: readonly Registrable[],
  config: Config,
  rest = new REST({ api: config.DISCORD_API_URL }),
  scope: CommandScope = defaultScope(config),
): Promise<string[]> {
  const body = commands.map((command) => registrationBody(command, config));
  const route = commandsRoute(requireClientId(config), scope);
  const registered = (await restFor(config, rest).put(route, { body })) as { name: string }[];
  return registered.map((c) => c.name);
}

/** The names of the commands registered in one server (its own copies, not the global ones). */
export async function guildCommandNames(
  config: Config,
  guildId: string,
  rest = new REST({ api: config.DISCORD_API_URL }),
): Promise<string[]> {
  const route = commandsRoute(requireClientId(config), { kind: "guild", guildId });
  const listed = (await restFor(config, rest).get(route)) as { name: string }[];
  return listed.map((c) => c.name);
}

/** Removes every command registered in one server (an empty bulk overwrite); returns the names removed. */
export async function clearGuildCommands(
  config: Config,
  guildId: string,
  rest = new REST({ api: config.DISCORD_API_URL }),
): Promise<string[]> {
  const names = await guildCommandNames(config, guildId, rest);
  await restFor(config, rest).put(commandsRoute(requireClientId(config), { kind: "guild", guildId }), {
    body: [],
  });
  return names;
}
