/** The facts the help answer needs about one reader: the limits in force and their jobs in flight. */
import type { BotContext } from "../../src/bot-context.js";
import type { HelpContext } from "./help-view.js";
import type { Requester } from "../../src/admission/admission-types.js";

/** Who asks for help, and where (`guildId` null in DMs), with their roles there. */
export type HelpReader = Requester;

/**
 * Gathers the limits in force for the reader (the owner's defaults, the server's settings, their roles) and
 * counts the jobs in flight right now.
 */
export async function gatherHelp(
  app: Pick<BotContext, "config" | "imagine" | "admission" | "profile">,
  reader: HelpReader,
): Promise<HelpContext> {
  const { config } = app;
  const settings = await app.admission.settingsFor(reader);
  const active = app.imagine.activeJobs();
  return {
    guildId: reader.guildId,
    isModerator: reader.isModerator,
    userMaxActive: settings.userMaxActive.value,
    userCooldownMs: settings.userCooldownMs.value,
    guildMaxActive: settings.guildMaxActive.value,
    promptMaxLength: config.PROMPT_MAX_LENGTH,
    // Not promised by a service without the upscale route.
    enhanceFactors: settings.enhance.value ? app.profile.enhanceFactors(config.ENHANCE_FACTORS) : [],
    userActive: active.filter((job) => job.requesterId === reader.userId).length,
    guildActive:
      reader.guildId === null ? 0 : active.filter((job) => job.location.guildId === reader.guildId).length,
  };
}
