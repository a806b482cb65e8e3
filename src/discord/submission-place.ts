/**
 * What a server's settings need to know about an interaction: the member's roles (per-role limits) and the
 * channel it was used in (allowed channels, age restriction). Read from the interaction itself: Discord
 * sends the member's role ids with every interaction in a server.
 * @see https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-object
 */
import type { BaseInteraction } from "discord.js";
import type { Requester } from "../admission/admission-types.js";
import type { SubmissionPlace } from "../moderation/server-rules.js";
import { isModerator } from "./moderator.js";
import { interactionChannel } from "./interaction-channel.js";
import { interactionReach } from "./interaction-reach.js";

/** The role ids of the member who used the interaction; none in DMs. */
export function memberRoleIds(interaction: BaseInteraction): string[] {
  const roles = interaction.member?.roles;
  if (!roles) return [];
  return Array.isArray(roles) ? [...roles] : [...roles.cache.keys()];
}

/**
 * The channel the interaction was used in, with whether it is age-restricted (a thread: its parent is);
 * `null` in DMs. In a server the bot is not in, discord.js has no channel: the channel Discord sent with the
 * interaction says it (`interaction-channel.ts`).
 * @see https://discord.com/developers/docs/resources/channel#channel-object (`nsfw`)
 */
export function submissionPlace(interaction: BaseInteraction): SubmissionPlace | null {
  if (!interaction.inGuild() || interaction.channelId === null) return null;
  const channel = interaction.channel;
  const sent = channel === null ? interactionChannel(interaction) : null;
  if (sent !== null) {
    return { channelId: interaction.channelId, parentId: sent.threadParentId, ageRestricted: sent.nsfw };
  }
  if (channel?.isThread()) {
    return {
      channelId: channel.id,
      parentId: channel.parentId,
      ageRestricted: Boolean(channel.parent && "nsfw" in channel.parent && channel.parent.nsfw),
    };
  }
  const ageRestricted = Boolean(channel && "nsfw" in channel && channel.nsfw);
  return { channelId: interaction.channelId, parentId: null, ageRestricted };
}

/**
 * Who used the interaction, as the settings in force depend on it (server, moderator, roles). In a server
 * the bot is not in (reached by the member's own install) there are no server settings: the member counts
 * as in DMs, under the owner's defaults, per-member limits and banned words.
 */
export function requesterOf(interaction: BaseInteraction): Requester {
  if (interactionReach(interaction) === "interaction-only" && interaction.guildId !== null) {
    return { userId: interaction.user.id, guildId: null, isModerator: false, roleIds: [] };
  }
  return {
    userId: interaction.user.id,
    guildId: interaction.guildId,
    isModerator: isModerator(interaction),
    roleIds: memberRoleIds(interaction),
  };
}
