import blend from "../../commands/blend.js";
import help from "../../commands/help.js";
import history from "../../commands/history.js";
import imagineStatus from "../../commands/imagine-status.js";
import imagine from "../../commands/imagine.js";
import show from "../../commands/show.js";
import type { BotContext } from "../bot-context.js";
import type { Command } from "./command.js";
import type { ComponentHandler } from "./component.js";
import { historyPageHandler } from "./components/history-page.js";
import { showJobHandler } from "./components/show-job.js";
import { tryAgainHandler } from "./components/try-again.js";

/** Every slash command of the bot, one file each under `commands/`. */
export const allCommands: readonly Command<BotContext>[] = [
  imagine,
  blend,
  imagineStatus,
  help,
  history,
  show,
];

/** Component handlers routed by custom-id prefix (until `commands/index.ts` lists them beside the commands). */
export const allComponentHandlers: readonly ComponentHandler<unknown, BotContext>[] = [
  historyPageHandler,
  showJobHandler,
  tryAgainHandler,
];
