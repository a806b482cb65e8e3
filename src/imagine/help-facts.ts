/** The facts the help answer needs about one reader: the limits in force and their jobs in flight. */
import type { BotContext } from "../bot-context.js";
import type { HelpContext } from "../render/help.js";

/** Who asks for help, and where (`guildId` null in DMs). */
export interface HelpReader {
  readonly userId: string;
  readonly guildId: string | null;
  readonly isModerator: boolean;
}

/** Gathers the limits from the configuration and counts the jobs in flight right now. */
export function gatherHelp(app: Pick<BotContext, "config" | "imagine">, reader: HelpReader): HelpContext {
  const { config } = app;
  const active = app.imagine.activeJobs();
  return {
    guildId: reader.guildId,
    isModerator: reader.isModerator,
    userMaxActive: config.USER_MAX_ACTIVE_JOBS,
    userCooldownMs: config.USER_COOLDOWN_MS,
    guildMaxActive: config.GUILD_MAX_ACTIVE_JOBS,
    promptMaxLength: config.PROMPT_MAX_LENGTH,
    enhanceFactors: config.ENHANCE_FACTORS,
    userActive: active.filter((job) => job.requesterId === reader.userId).length,
    guildActive:
      reader.guildId === null ? 0 : active.filter((job) => job.location.guildId === reader.guildId).length,
  };
}
