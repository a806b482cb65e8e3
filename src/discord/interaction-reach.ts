/**
 * Whether the bot itself can reach the channel an interaction came from, read from the interaction alone.
 * A member who installed the app to their account can use it in a server the bot was never added to and
 * in group DMs: there the interaction is the only way to answer (its token, for 15 minutes; at most 5
 * follow-ups), and every channel call with the bot token fails (403 Missing Access).
 * @see https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-object-authorizing-integration-owners-object
 * @see https://discord.com/developers/docs/interactions/receiving-and-responding#followup-messages
 */
import {
  ApplicationIntegrationType,
  InteractionContextType,
  PermissionFlagsBits,
  type BaseInteraction,
} from "discord.js";

/**
 * `bot`: the bot is in the server (the server installed the app, and the bot can see the channel) or it is
 * the bot's DM; `interaction-only`: a server the bot is not in, or a group DM, reached by the member's own
 * install.
 */
export type InteractionReach = "bot" | "interaction-only";

/** How the bot can answer `interaction` (see {@link InteractionReach}). */
export function interactionReach(
  interaction: Pick<
    BaseInteraction,
    "context" | "guildId" | "authorizingIntegrationOwners" | "appPermissions"
  >,
): InteractionReach {
  if (interaction.context === InteractionContextType.PrivateChannel) return "interaction-only";
  // Interactions built before Discord sent the owners (and hand-made ones) name none: the bot's own.
  const owners = interaction.authorizingIntegrationOwners as
    | BaseInteraction["authorizingIntegrationOwners"]
    | undefined;
  if (interaction.guildId === null || owners === undefined) return "bot";
  const installedBy = owners[ApplicationIntegrationType.GuildInstall];
  if (installedBy !== interaction.guildId) return "interaction-only";
  // The server installed the app, but the bot cannot see this channel: channel calls would be refused.
  return interaction.appPermissions?.has(PermissionFlagsBits.ViewChannel) === false
    ? "interaction-only"
    : "bot";
}
