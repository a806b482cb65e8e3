/**
 * The bot's interaction registry: every slash command (one file each in this folder) and every message
 * component or modal handler, keyed by the prefix of its custom ids.
 */
import type { BotContext } from "../src/bot-context.js";
import type { Command } from "../src/discord/command.js";
import type { ComponentHandler } from "../src/discord/component.js";
import { gridButtons } from "../src/discord/components/grid-buttons.js";
import { statusPage } from "../src/discord/components/status-page.js";
import type { InteractionRegistry } from "../src/discord/interaction-router.js";
import help from "./help.js";
import imagineStatus from "./imagine-status.js";
import imagine from "./imagine.js";

/** Every slash command of the bot. */
export const commands: readonly Command<BotContext>[] = [imagine, imagineStatus, help];

/** Every component and modal handler; prefixes are unique. */
export const components: readonly ComponentHandler<unknown, BotContext>[] = [gridButtons, statusPage];

/** Commands and handlers, as the interaction router takes them. */
export const registry: InteractionRegistry<BotContext> = { commands, components };
