/**
 * Registers every slash command (bulk overwrite), globally or to one server.
 * @see https://discord.com/developers/docs/interactions/application-commands#bulk-overwrite-global-application-commands
 */
import { REST, Routes } from "discord.js";
import { requireClientId, type Config } from "../config.js";
import { commandBody } from "./command.js";
import { allCommands } from "./commands.js";

/** Registers all commands and returns the names Discord accepted. */
export async function deployCommands(
  config: Config,
  rest = new REST({ api: config.DISCORD_API_URL }),
): Promise<string[]> {
  const applicationId = requireClientId(config);
  rest.setToken(config.DISCORD_TOKEN);
  const body = allCommands.map((command) => commandBody(command, config));
  const route = config.DISCORD_GUILD_ID
    ? Routes.applicationGuildCommands(applicationId, config.DISCORD_GUILD_ID)
    : Routes.applicationCommands(applicationId);
  const registered = (await rest.put(route, { body })) as { name: string }[];
  return registered.map((c) => c.name);
}
