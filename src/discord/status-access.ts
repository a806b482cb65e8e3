import { PermissionFlagsBits, type ButtonInteraction, type ChatInputCommandInteraction } from "discord.js";
import { UserError } from "../errors.js";

/**
 * The server id, when the user may see `/imagine-status` there: Manage Server in a server. Checked at run
 * time because server admins can make the command visible to anyone.
 * @throws {UserError} otherwise.
 * @see https://discord.com/developers/docs/topics/permissions#permissions-bitwise-permission-flags
 */
export function requireModerator(interaction: ChatInputCommandInteraction | ButtonInteraction): string {
  if (!interaction.inGuild()) throw new UserError("`/imagine-status` works in a server, not in DMs.");
  if (!interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild)) {
    throw new UserError("`/imagine-status` is for moderators: it needs the **Manage Server** permission.");
  }
  return interaction.guildId;
}
