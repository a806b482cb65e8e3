/**
 * `npm run deploy [-- --global | -- --clear-guild]`: registers every slash command in the server
 * DISCORD_GUILD_ID or globally, or removes that server's copies, and says where the commands now work.
 */
import { registrable } from "../commands/index.js";
import { ConfigError, loadConfig } from "./config.js";
import { DeployUsageError, runDeploy } from "./discord/command-deploy.js";
import { errorMessage } from "./errors.js";

async function main(): Promise<void> {
  const config = loadConfig();
  console.log(await runDeploy(registrable, config, process.argv.slice(2)));
}

main().catch((err: unknown) => {
  const ownMessage = err instanceof ConfigError || err instanceof DeployUsageError;
  console.error(ownMessage ? err.message : `Registering commands failed: ${errorMessage(err)}`);
  process.exitCode = 1;
});
