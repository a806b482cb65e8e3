/**
 * What `npm run deploy` does and says: registers the commands in one server (DISCORD_GUILD_ID) or
 * globally (`--global`, or without DISCORD_GUILD_ID), or removes a server's copies (`--clear-guild`), and
 * explains where the commands now work. Server commands appear at once but only in that server, never in
 * DMs; global ones work everywhere, DMs included; a server with both shows each command twice.
 * @see https://discord.com/developers/docs/interactions/application-commands#registering-a-command
 */
import { REST } from "discord.js";
import type { Config } from "../config.js";
import {
  clearGuildCommands,
  defaultScope,
  guildCommandNames,
  registerCommands,
  type Registrable,
} from "./register-commands.js";

/** The arguments `npm run deploy --` takes. */
export const DEPLOY_USAGE =
  "Usage: npm run deploy [-- --global | -- --clear-guild]\n" +
  "  (no option)    register to DISCORD_GUILD_ID when set, else globally\n" +
  "  --global       register globally (every server and DMs) even when DISCORD_GUILD_ID is set\n" +
  "  --clear-guild  remove the commands registered in the server DISCORD_GUILD_ID";

/** Arguments `npm run deploy` does not understand; the message includes {@link DEPLOY_USAGE}. */
export class DeployUsageError extends Error {
  override name = "DeployUsageError";
}

type DeployAction = "default" | "global" | "clear-guild";

function parseAction(args: readonly string[]): DeployAction {
  if (args.length === 0) return "default";
  if (args.length === 1 && args[0] === "--global") return "global";
  if (args.length === 1 && args[0] === "--clear-guild") return "clear-guild";
  throw new DeployUsageError(`Unknown arguments: ${args.join(" ")}\n${DEPLOY_USAGE}`);
}

const count = (names: readonly string[]) => `${names.length} command${names.length === 1 ? "" : "s"}`;
const list = (names: readonly string[]) => names.map((n) => `/${n}`).join(", ");

/**
 * Runs `npm run deploy` with `args` for `commands` (the bot's list, handed in by `src/deploy.ts`) and
 * returns what to print.
 * @throws {DeployUsageError} for unknown arguments or `--clear-guild` without DISCORD_GUILD_ID.
 */
export async function runDeploy(
  commands: readonly Registrable[],
  config: Config,
  args: readonly string[],
  rest = new REST({ api: config.DISCORD_API_URL }),
): Promise<string> {
  const action = parseAction(args);
  const guildId = config.DISCORD_GUILD_ID;
  if (action === "clear-guild") {
    if (!guildId) {
      throw new DeployUsageError(
        "--clear-guild removes the commands of the server named by DISCORD_GUILD_ID: set it to that server's id.",
      );
    }
    const removed = await clearGuildCommands(config, guildId, rest);
    if (removed.length === 0) return `Server ${guildId} had no commands of this bot: nothing to remove.`;
    return [
      `Removed ${count(removed)} from server ${guildId}: ${list(removed)}.`,
      "The global commands (`npm run deploy -- --global`) are not affected.",
      "Unset DISCORD_GUILD_ID so a later `npm run deploy` does not register the server copies again.",
    ].join("\n");
  }

  const scope = action === "global" ? { kind: "global" as const } : defaultScope(config);
  const names = await registerCommands(commands, config, rest, scope);
  if (scope.kind === "guild") {
    return [
      `Registered ${count(names)} in server ${scope.guildId} (DISCORD_GUILD_ID): ${list(names)}.`,
      "They work in that server right away, and only there: not in DMs and not in other servers.",
      "To offer them everywhere, DMs included, run `npm run deploy -- --global`, then " +
        "`npm run deploy -- --clear-guild` so members of this server do not see each command twice.",
    ].join("\n");
  }
  const lines = [
    `Registered ${count(names)} globally: ${list(names)}.`,
    "They work in every server the bot is in and in DMs; Discord may take up to an hour to show new or changed commands.",
  ];
  if (guildId) {
    const copies = await guildCommandNames(config, guildId, rest);
    if (copies.length > 0) {
      lines.push(
        `Server ${guildId} (DISCORD_GUILD_ID) still has its own copies of ${list(copies)}, so its members see ` +
          "those commands twice. Remove them with `npm run deploy -- --clear-guild`.",
      );
    }
  }
  return lines.join("\n");
}
