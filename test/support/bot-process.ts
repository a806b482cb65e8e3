/**
 * Helpers for the tests that run the bot in its own process (tools/bot-process starts it and its world):
 * the secret check on its log lines and /imagine as a member runs it.
 */
import type { InteractionHandle } from "../../tools/discord-emulator/world/interaction-handle.js";
import type { EmulatedChannel, EmulatedUser } from "../../tools/discord-emulator/world/world-types.js";
import type { ServiceRecord as ImageRecord } from "../../tools/reference-service/index.js";
import type { ProcessWorld } from "../../tools/bot-process/bot-process.js";
import { textOf } from "./message-view.js";

export {
  isRunningLine,
  spawnBot,
  startProcessWorld,
  type BotProcess,
  type LogLine,
  type ProcessExit,
  type ProcessWorld,
  type ProcessWorldOptions,
} from "../../tools/bot-process/bot-process.js";

/** Log lines that contain any of `secrets` (tokens, the webhook secret): must always be empty. */
export function linesWithSecrets(lines: readonly string[], secrets: readonly string[]): string[] {
  return lines.filter((line) => secrets.some((s) => s !== "" && line.includes(s)));
}

/** A job a user started with /imagine, once the bot shows it waiting in line. */
export interface StartedProcessJob {
  handle: InteractionHandle;
  record: ImageRecord;
}

/** A user (default alice) runs /imagine in a channel (default #general) of a world a bot process serves. */
export async function imagineIn(
  w: ProcessWorld,
  prompt: string,
  options: { user?: EmulatedUser; channel?: EmulatedChannel } = {},
): Promise<StartedProcessJob> {
  const handle = await w.emu.sendSlashCommand({
    name: "imagine",
    options: { prompt },
    user: options.user ?? w.world.alice,
    channelId: (options.channel ?? w.world.general).id,
  });
  await handle.waitForResponse({ where: (m) => /waiting in line/i.test(textOf(m)) });
  const record = w.service.records().find((r) => r.ref === handle.id);
  if (!record) throw new Error(`no image record for interaction ${handle.id}`);
  return { handle, record };
}
