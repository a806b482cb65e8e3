/**
 * Steps the end-to-end tests of admission share (limits, banned words, health, audit, /imagine-status):
 * running /imagine and reading whatever the bot answers first, and temporary folders for store and word
 * list files.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { InteractionHandle } from "../../tools/discord-emulator/world/interaction-handle.js";
import type { MessageSnapshot } from "../../tools/discord-emulator/world/message-objects.js";
import type { UserRef } from "../../tools/discord-emulator/world/world-types.js";
import type { BotHarness } from "../support/bot-harness.js";
import { textOf } from "../support/message-view.js";

/** Runs /imagine as `user` in #general; resolves with the bot's first answer (a refusal or the job's message). */
export async function imagineAnswer(h: BotHarness, user: UserRef, prompt: string): Promise<MessageSnapshot> {
  const handle = await h.emu.sendSlashCommand({
    name: "imagine",
    options: { prompt },
    user,
    channelId: h.world.general.id,
  });
  return answerTo(h, handle);
}

/**
 * The bot's answer to a slash command: the reply once it has text, or, when the command was refused after
 * a public deferral (the placeholder is deleted), the ephemeral follow-up.
 */
export function answerTo(
  h: BotHarness,
  handle: InteractionHandle,
  timeoutMs = 5000,
): Promise<MessageSnapshot> {
  return h.emu.waitFor(
    () => {
      const response = handle.response();
      if (response && !response.deleted && textOf(response) !== "") return response;
      return handle.followUps().find((m) => textOf(m) !== "");
    },
    { timeoutMs, description: `the answer to interaction ${handle.id}` },
  );
}

const tempDirs: string[] = [];

/** A new empty temporary folder; {@link removeTempDirs} deletes it. */
export async function makeTempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "imagine-e2e-"));
  tempDirs.push(dir);
  return dir;
}

/** Deletes every folder made by {@link makeTempDir} (call it after each test). */
export async function removeTempDirs(): Promise<void> {
  const dirs = tempDirs.splice(0);
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
}
