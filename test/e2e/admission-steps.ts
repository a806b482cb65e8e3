/**
 * Steps the end-to-end tests of admission share (limits, banned words, health, audit, /imagine-status):
 * running /imagine and reading whatever the bot answers first, and temporary folders for store and word
 * list files.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { MessageSnapshot } from "../emulator/world/message-objects.js";
import type { UserRef } from "../emulator/world/world-types.js";
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
  return handle.waitForResponse({ where: (m) => textOf(m) !== "" });
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
