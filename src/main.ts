/** `npm start`: loads the configuration, starts the bot, and shuts it down cleanly on SIGTERM/SIGINT. */
import { LoginError, startBot } from "./bot.js";
import { ConfigError, isInteractive, loadConfig, type Config } from "./config.js";
import { createLogger } from "./logger.js";

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}

const config = configOrExit();
const logger = createLogger({ level: config.LOG_LEVEL, pretty: isInteractive() });

process.on("unhandledRejection", (reason) => logger.error({ err: reason }, "unhandled promise rejection"));
process.on("uncaughtException", (err) => logger.fatal({ err }, "uncaught exception"));

try {
  const bot = await startBot(config, { logger });
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    bot.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
} catch (err) {
  if (err instanceof LoginError) logger.fatal(err.message);
  else logger.fatal({ err }, "the bot could not start");
  process.exit(1);
}
