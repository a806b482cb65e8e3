/** `npm run deploy`: registers every slash command, globally or to DISCORD_GUILD_ID. */
import { ConfigError, loadConfig } from "./config.js";
import { deployCommands } from "./discord/register-commands.js";
import { errorMessage } from "./errors.js";

async function main(): Promise<void> {
  const config = loadConfig();
  const names = await deployCommands(config);
  const where = config.DISCORD_GUILD_ID
    ? `to server ${config.DISCORD_GUILD_ID} (available now)`
    : "globally (may take up to an hour to appear everywhere)";
  console.log(`Registered ${names.length} command(s) ${where}: ${names.map((n) => `/${n}`).join(", ")}`);
}

main().catch((err: unknown) => {
  console.error(
    err instanceof ConfigError ? err.message : `Registering commands failed: ${errorMessage(err)}`,
  );
  process.exitCode = 1;
});
