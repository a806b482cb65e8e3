/**
 * Steps the end-to-end tests of the buttons under results share (Remix, More like this, Prompt, Delete):
 * the bot on one kind of ImagineAPI server, a single image posted, another member, a job finished and linked.
 */
import { expect } from "vitest";
import type { ServiceProfile } from "../../tools/reference-service/index.js";
import type { EmulatedUser } from "../../tools/discord-emulator/world/world-types.js";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { textOf } from "../support/message-view.js";
import { clickLabel, imagineGrid, isGrid, waitForResult, waitForUpscale } from "./imagine-steps.js";

/** Starts the bot against the reference service of `profile`, once it found out which kind it is. */
export async function startOnProfile(profile: ServiceProfile): Promise<BotHarness> {
  const h = await startBotHarness({ service: { initialHealth: "healthy", profile } });
  await h.emu.waitFor(() => h.bot.context.pool.first.profile.settled || undefined, {
    description: "the bot to find out the kind of server",
  });
  return h;
}

/** Alice's grid for `prompt`, and image U(index+1) of it posted for her. */
export async function singleImage(h: BotHarness, prompt: string, index: number) {
  const started = await imagineGrid(h, { prompt });
  await clickLabel(h, started.grid, `U${index + 1}`, h.world.alice);
  return { ...started, single: await waitForUpscale(h, started.record.id, index) };
}

/** A member of the test server who is neither the requester nor a moderator. */
export function addBob(h: BotHarness): EmulatedUser {
  const bob = h.emu.addUser({ username: "bob" });
  h.emu.addMember({ guildId: h.world.guild.id, user: bob });
  return bob;
}

/** Finishes job `jobId` and checks that its result, like its progress, shows `link`. */
export async function expectResultLinkedTo(h: BotHarness, jobId: string, link: string): Promise<void> {
  h.service.completeNow(jobId);
  const result = await waitForResult(h, jobId, isGrid);
  expect(textOf(result)).toContain(link);
}

/** Alice DMs the bot `prompt`; the job finishes and its grid is posted in the DM. */
export async function dmGrid(h: BotHarness, prompt: string) {
  await h.emu.sendDirectMessage({ user: h.world.alice, content: prompt });
  const record = await h.emu.waitFor(() => h.service.records().find((r) => r.prompt === prompt), {
    description: "the DM prompt's image record",
  });
  h.service.completeNow(record.id);
  return waitForResult(h, record.id, isGrid);
}
