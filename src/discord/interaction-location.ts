import type { RepliableInteraction } from "discord.js";
import type { MessageLocation } from "../imagine/job.js";
import { interactionReach } from "./interaction-reach.js";

/**
 * An interaction token works for 15 minutes after the interaction was created.
 * @see https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-object
 */
export const INTERACTION_TOKEN_LIFETIME_MS = 15 * 60 * 1000;

/**
 * Where a job started by this interaction shows its message: its (deferred) reply. Where only the member's
 * install reaches (`interactionReach`), the channel is marked not editable from the start, so no channel
 * call is made that is bound to fail.
 */
export function interactionLocation(interaction: RepliableInteraction): MessageLocation {
  return {
    applicationId: interaction.applicationId,
    interactionToken: interaction.token,
    interactionTokenExpiresAt: interaction.createdTimestamp + INTERACTION_TOKEN_LIFETIME_MS,
    guildId: interaction.guildId,
    channelId: interaction.channelId ?? interaction.user.id,
    messageId: null,
    channelEditable: interactionReach(interaction) === "bot",
  };
}
