/** Starting the bot against a reference service of one kind of ImagineAPI server, for the end-to-end tests. */
import type { ServiceProfile } from "../../tools/reference-service/index.js";
import { startBotHarness, type BotHarness, type BotHarnessOptions } from "../support/bot-harness.js";

/**
 * Starts the bot against the reference service of `profile`, its bot healthy unless told otherwise, and
 * waits until the bot has found out what kind of server it talks to.
 */
export async function startOnProfile(
  profile: ServiceProfile,
  options: BotHarnessOptions = {},
): Promise<BotHarness> {
  const h = await startBotHarness({
    ...options,
    service: { initialHealth: "healthy", ...options.service, profile },
  });
  await h.emu.waitFor(() => h.bot.context.pool.first.profile.settled || undefined, {
    description: "the bot to find out the kind of server",
  });
  return h;
}
