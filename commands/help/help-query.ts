/** The facts the help answer needs about one reader: the limits in force and their jobs in flight. */
import type { BotContext } from "../../src/bot-context.js";
import type { HelpContext, HelpEntry } from "./help-view.js";
import type { Requester } from "../../src/admission/admission-types.js";

/** Who asks for help, and where (`guildId` null in DMs), with their roles there. */
export type HelpReader = Requester;

/**
 * The commands `reader` can use where they ask: in a server, the members' ones, and the moderators' to a
 * moderator; in a DM, those offered in DMs, and none when the commands are registered per server
 * (`dmCommands` false: DISCORD_GUILD_ID), since Discord offers a server's commands only in that server.
 * @see https://discord.com/developers/docs/interactions/application-commands#interaction-contexts
 */
export function offeredCommands(
  entries: readonly HelpEntry[],
  reader: HelpReader,
  dmCommands: boolean,
): HelpEntry[] {
  if (reader.guildId === null) return dmCommands ? entries.filter((e) => e.inDms && !e.forModerators) : [];
  return entries.filter((e) => !e.forModerators || reader.isModerator);
}

/**
 * Gathers the commands `reader` can use among `entries` (see {@link offeredCommands}), the limits in force for the reader (the owner's defaults, the server's settings, their roles) and
 * counts the jobs in flight right now.
 */
export async function gatherHelp(
  app: Pick<BotContext, "config" | "imagine" | "admission" | "pool" | "settings">,
  reader: HelpReader,
  entries: readonly HelpEntry[],
): Promise<HelpContext> {
  const { config } = app;
  const settings = await app.admission.settingsFor(reader);
  const active = app.imagine.activeJobs();
  const styles = reader.guildId === null ? [] : ((await app.settings.guild(reader.guildId)).styles ?? []);
  // Only what the reader may choose and some image server can run: relax is not offered by a self-hosted pool.
  const runnable = app.pool.speeds;
  return {
    commands: offeredCommands(entries, reader, config.DISCORD_GUILD_ID === undefined),
    guildId: reader.guildId,
    isModerator: reader.isModerator,
    userMaxActive: settings.userMaxActive.value,
    userCooldownMs: settings.userCooldownMs.value,
    guildMaxActive: settings.guildMaxActive.value,
    promptMaxLength: config.PROMPT_MAX_LENGTH,
    // Not promised when no server of the pool has the upscale route (each image is enhanced by its own server).
    enhanceFactors:
      settings.enhance.value && app.pool.servers.some((s) => s.profile.hasUpscale)
        ? config.ENHANCE_FACTORS
        : [],
    styles: styles.map((s) => s.name),
    speeds: settings.speeds.value.filter((speed) => runnable.includes(speed)),
    userActive: active.filter((job) => job.requesterId === reader.userId).length,
    guildActive:
      reader.guildId === null ? 0 : active.filter((job) => job.location.guildId === reader.guildId).length,
  };
}
