/**
 * The bot's interaction registry: every slash command (one file each in this folder) and every message
 * component or modal handler, keyed by the prefix of its custom ids.
 */
import type { BotContext } from "../src/bot-context.js";
import type { Command } from "../src/discord/command.js";
import type { ComponentHandler } from "../src/discord/component.js";
import { cancelButton } from "../src/discord/components/cancel-button.js";
import { configComponents } from "../src/discord/components/config-components.js";
import { enhanceButton } from "../src/discord/components/enhance-button.js";
import { gridButtons } from "../src/discord/components/grid-buttons.js";
import { historyPageHandler } from "../src/discord/components/history-page.js";
import { showJobHandler } from "../src/discord/components/show-job.js";
import { statusPage } from "../src/discord/components/status-page.js";
import { tryAgainHandler } from "../src/discord/components/try-again.js";
import type { InteractionRegistry } from "../src/discord/interaction-router.js";
import blend from "./blend.js";
import help from "./help.js";
import history from "./history.js";
import imagineConfig from "./imagine-config.js";
import imagineStatus from "./imagine-status.js";
import imagine from "./imagine.js";
import quota from "./quota.js";
import settings from "./settings.js";
import show from "./show.js";

/** Every slash command of the bot. */
export const commands: readonly Command<BotContext>[] = [
  imagine,
  blend,
  imagineStatus,
  imagineConfig,
  help,
  history,
  show,
  quota,
  settings,
];

/** Every component and modal handler; prefixes are unique. */
export const components: readonly ComponentHandler<unknown, BotContext>[] = [
  gridButtons,
  cancelButton,
  statusPage,
  historyPageHandler,
  showJobHandler,
  tryAgainHandler,
  enhanceButton,
  configComponents,
];

/** Commands and handlers, as the interaction router takes them. */
export const registry: InteractionRegistry<BotContext> = { commands, components };
