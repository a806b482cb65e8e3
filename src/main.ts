/**
 * `npm start`: loads the configuration, starts the bot, and shuts it down cleanly on SIGTERM/SIGINT.
 * A start failure the owner must fix (configuration, token, database) prints one clear paragraph on stderr
 * and exits 1; a graceful shutdown exits 0.
 */
import { startBot } from "./bot.js";
import { isInteractive, loadConfig, type Config } from "./config.js";
import { limitHeapGrowth } from "./heap-growth.js";
import { createLogger, type Logger } from "./logger.js";
import { isOwnerProblem, startFailureMessage } from "./start-failure.js";

/** How long a graceful shutdown may take before the process exits anyway (Docker sends SIGKILL at 10 s). */
const SHUTDOWN_GRACE_MS = 8000;

function exitOnStartFailure(err: unknown, logger?: Logger): never {
  console.error(startFailureMessage(err));
  // Only an unexpected failure is worth a stack trace: it is a bug to report.
  if (!isOwnerProblem(err)) logger?.fatal({ err }, "the bot could not start");
  process.exit(1);
}

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    return exitOnStartFailure(err);
  }
}

const config = configOrExit();
limitHeapGrowth(config.HEAP_GROWTH_PERCENT);
const logger = createLogger({ level: config.LOG_LEVEL, pretty: isInteractive() });

process.on("unhandledRejection", (reason) => logger.error({ err: reason }, "unhandled promise rejection"));
process.on("uncaughtException", (err) => logger.fatal({ err }, "uncaught exception"));

/**
 * Discord refusing the bot after the start (a reset token) is logged by the lifecycle, which stops the bot;
 * the exit is non-zero so a restart policy (`on-failure`) or the owner notices.
 */
function exitRefused(stopped: Promise<void>): void {
  process.exitCode = 1;
  setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
  void stopped.finally(() => process.exit(1));
}

const starting = startBot(config, { logger, onRefused: (_error, stopped) => exitRefused(stopped) });
let stopping = false;

function shutdown(signal: NodeJS.Signals): void {
  if (stopping) {
    logger.warn({ signal }, "second signal: exiting without waiting for the shutdown");
    process.exit(1);
  }
  stopping = true;
  logger.info({ signal }, "shutting down: no new work; unfinished jobs resume at the next start");
  const force = setTimeout(() => {
    logger.error(
      { graceMs: SHUTDOWN_GRACE_MS },
      "the shutdown did not finish in time; exiting anyway (saved jobs resume at the next start)",
    );
    process.exit(1);
  }, SHUTDOWN_GRACE_MS);
  force.unref();
  // A signal during start-up stops the bot as soon as it is up; a failed start exits on its own below.
  starting
    .then((bot) => bot.stop())
    .then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, "the shutdown failed");
        process.exit(1);
      },
    );
}
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);

try {
  const bot = await starting;
  logger.info({ opsUrl: bot.opsUrl }, "imagine-bot is running");
} catch (err) {
  exitOnStartFailure(err, logger);
}
