/**
 * Steps the end-to-end tests of `/settings` and `/imagine-config` share: a bot on a real SQLite database
 * (jobs and settings on one connection), running a settings command and reading its ephemeral answer.
 */
import { join } from "node:path";
import { openStores } from "../../src/store/open-stores.js";
import type { InteractionHandle } from "../../tools/discord-emulator/world/interaction-handle.js";
import type { MessageSnapshot } from "../../tools/discord-emulator/world/message-objects.js";
import type { SlashCommandInput } from "../../tools/discord-emulator/world/user-actions.js";
import { startBotHarness, type BotHarness, type BotHarnessOptions } from "../support/bot-harness.js";
import { captureLogs } from "../support/log-capture.js";
import { textOf } from "../support/message-view.js";
import { makeTempDir } from "./admission-steps.js";

/** Starts the bot with its jobs and settings in a new SQLite database (remove it with `removeTempDirs`). */
export async function startWithDatabase(options: Omit<BotHarnessOptions, "store" | "settings"> = {}) {
  const path = join(await makeTempDir(), "bot.sqlite");
  const stores = await openStores({ DATABASE_PATH: path }, { logger: captureLogs().logger });
  return startBotHarness({ ...options, store: stores.jobs, settings: stores.settings });
}

/** Runs a settings command (in #general unless told) and returns the bot's answer once it has text. */
export async function runSettingsCommand(
  h: BotHarness,
  input: SlashCommandInput,
): Promise<{ handle: InteractionHandle; answer: MessageSnapshot }> {
  const handle = await h.emu.sendSlashCommand({ channelId: h.world.general.id, ...input });
  const answer = await handle.waitForResponse({ where: (m) => textOf(m) !== "" });
  return { handle, answer };
}
