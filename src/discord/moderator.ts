/**
 * The one moderator check: a member with **Manage Server** in the server the interaction comes from.
 * Moderators are exempt from per-user limits, may use `/imagine-status`, and may use anyone's buttons
 * ({@link requireRequesterOrModerator}).
 * @see https://discord.com/developers/docs/topics/permissions#permissions-bitwise-permission-flags
 */
import { PermissionFlagsBits, type BaseInteraction } from "discord.js";
import { UserError } from "../errors.js";
import type { LocalText } from "../i18n/translate.js";
import { interactionReach } from "./interaction-reach.js";

/**
 * Whether the member may manage the server (always false in DMs, and in a server the bot is not in: its
 * managers are not the bot's moderators).
 */
export function isModerator(interaction: BaseInteraction): boolean {
  if (interactionReach(interaction) === "interaction-only") return false;
  return interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false;
}

/**
 * The server id, when the user is a moderator there. Checked at run time even for commands hidden by
 * `default_member_permissions`, because server admins can make any command visible to anyone.
 * @throws {UserError} in DMs, or for a member without Manage Server.
 * @see https://discord.com/developers/docs/interactions/application-commands#permissions
 */
export function requireModerator(interaction: BaseInteraction): string {
  if (!interaction.inGuild()) throw new UserError((t) => t("moderator.notInDm"));
  if (!isModerator(interaction)) {
    throw new UserError((t) => t("moderator.required"));
  }
  return interaction.guildId;
}

/**
 * The one precondition of what acts for the member a job was made for (✖ Cancel, 🔄, Enhance, 🔁 More like
 * this, `/show`): the clicker is that member (`requesterId`; `null` when unknown, e.g. a button older than the
 * requester in its id: then only moderators), or a moderator. With `jobGuildId`, only a moderator of that
 * server (a job of another server, or of DMs, is not theirs to act on).
 * @throws {UserError} with `notYours`, shown only to the clicker, to anyone else.
 */
export function requireRequesterOrModerator(
  interaction: BaseInteraction,
  requesterId: string | null,
  notYours: LocalText,
  jobGuildId?: string | null,
): void {
  if (requesterId === interaction.user.id) return;
  const moderatorHere =
    isModerator(interaction) &&
    (jobGuildId === undefined || (interaction.guildId !== null && jobGuildId === interaction.guildId));
  if (!moderatorHere) throw new UserError(notYours);
}
