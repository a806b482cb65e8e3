import blend from "../../commands/blend.js";
import help from "../../commands/help.js";
import imagineStatus from "../../commands/imagine-status.js";
import imagine from "../../commands/imagine.js";
import type { BotContext } from "../bot-context.js";
import type { Command } from "./command.js";

/** Every slash command of the bot, one file each under `commands/`. */
export const allCommands: readonly Command<BotContext>[] = [imagine, blend, imagineStatus, help];
