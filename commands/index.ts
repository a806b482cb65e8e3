/**
 * The features' wing: every slash command and every message component or modal handler of the bot, one
 * folder per feature, component handlers keyed by the prefix of their custom ids. Imported only by the
 * composition root (`src/bot.ts`) and deploy (`src/deploy.ts`); the lint rule in `eslint.config.js` keeps the
 * rest of `src/` from importing `commands/`.
 */
import type { Message, REST } from "discord.js";
import type { BotContext } from "../src/bot-context.js";
import type { Command } from "../src/discord/command.js";
import type { ComponentHandler } from "../src/discord/component.js";
import type { InteractionRegistry } from "../src/discord/interaction-router.js";
import type { Config } from "../src/config.js";
import type { MessageCommand } from "../src/discord/message-command.js";
import { registerCommands, type CommandScope, type Registrable } from "../src/discord/register-commands.js";
import { imagineFromImage, imagineFromImageModal } from "./imagine-from-image/imagine-from-image.js";
import imagineConfig from "./config/imagine-config.js";
import { configComponents } from "./config/config-components.js";
import { deleteAnswerButton, deleteButton, oldDeleteAnswerButton } from "./delete/delete-button.js";
import { promptButton } from "./prompt/prompt-button.js";
import { remixHandler } from "./remix/remix.js";
import { moreLikeThisButton } from "./more-like-this/more-like-this.js";
import { enhanceButton } from "./grid/enhance-button.js";
import { gridButtons } from "./grid/grid-buttons.js";
import { helpCommand, helpEntries } from "./help/help.js";
import history from "./history/history.js";
import { historyPageHandler } from "./history/history-page.js";
import show from "./history/show.js";
import { showJobHandler } from "./history/show-job.js";
import blend from "./imagine/blend.js";
import { cancelButton } from "./imagine/cancel-button.js";
import { handleDirectMessage } from "./imagine/dm-prompt.js";
import imagine from "./imagine/imagine.js";
import { tryAgainHandler } from "./imagine/try-again.js";
import quota from "./quota/quota.js";
import settings from "./settings/settings.js";
import imagineStatus from "./status/imagine-status.js";
import { statusPage } from "./status/status-page.js";

/** Every slash command of the bot. */
export const commands: readonly Command<BotContext>[] = [
  imagine,
  blend,
  imagineStatus,
  imagineConfig,
  // Lists this very registry, read when /help runs.
  helpCommand(() => commands),
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
  promptButton,
  deleteButton,
  deleteAnswerButton,
  oldDeleteAnswerButton,
  remixHandler,
  moreLikeThisButton,
  imagineFromImageModal,
];

/** Every message command (right-click a message → Apps). */
export const messageCommands: readonly MessageCommand<BotContext>[] = [imagineFromImage];

/** Commands and handlers, as the interaction router takes them. */
export const registry: InteractionRegistry<BotContext> = { commands, components, messageCommands };

/** Answers a direct message to the bot (a DM prompt, or help); never throws. */
export const directMessage = (message: Message, app: BotContext): Promise<void> =>
  handleDirectMessage(message, app, () => helpEntries(commands, app.config));

/** Every command registered with Discord: the slash commands and the message commands. */
export const registrable: readonly Registrable[] = [...commands, ...messageCommands];

/** Registers {@link registrable} (see `registerCommands`) and returns the names Discord accepted. */
export function deployCommands(config: Config, rest?: REST, scope?: CommandScope): Promise<string[]> {
  return registerCommands(registrable, config, rest, scope);
}
