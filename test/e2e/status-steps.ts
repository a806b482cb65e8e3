/** A moderator's `/imagine-status` as the end-to-end tests read it. */
import type { BotHarness } from "../support/bot-harness.js";
import { textOf } from "../support/message-view.js";

/** Runs `/imagine-status` as the world's moderator in #general and returns the service embed's text. */
export async function serviceStatusText(h: BotHarness): Promise<string> {
  const handle = await h.emu.sendSlashCommand({
    name: "imagine-status",
    user: h.world.mod,
    channelId: h.world.general.id,
  });
  const answer = await handle.waitForResponse({ where: (m) => m.embeds.length > 0 });
  return textOf({ ...answer, embeds: answer.embeds.slice(0, 1) });
}
