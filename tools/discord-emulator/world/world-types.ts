/**
 * The types of the emulated world: users, servers, roles, members, channels and the events their changes
 * produce.
 */
import type { ChannelType } from "discord-api-types/v10";
import type { PermissionOverwrite } from "./permissions.js";

/** A Discord account (a person or the bot). */
export interface EmulatedUser {
  id: string;
  username: string;
  globalName: string | null;
  bot: boolean;
  /** The user blocks DMs from the bot (sending gives 50007). */
  dmsBlocked: boolean;
  /** The user installed the app to their account, so the bot may DM them without a shared server. */
  appInstalled: boolean;
}

/** A server. Its @everyone role has the guild's id. */
export interface EmulatedGuild {
  id: string;
  name: string;
  ownerId: string;
  joinedAt: string;
  /** The bot's managed role, created when the bot "joined"; null in a server the bot is not in. */
  botRoleId: string | null;
  /**
   * The server's language (`preferred_locale`, sent as interactions' `guild_locale`); `en-US` when unset.
   * Change it before an interaction to act as a server with another language.
   */
  locale?: string;
}

/** A server role with its permission bits. */
export interface EmulatedRole {
  id: string;
  guildId: string;
  name: string;
  permissions: bigint;
  position: number;
  managed: boolean;
  color: number;
}

/** A user's membership in a server. */
export interface EmulatedMember {
  guildId: string;
  userId: string;
  roleIds: string[];
  nick: string | null;
  joinedAt: string;
}

/**
 * A server text channel, a DM channel between the bot and one user, or a group DM between people (which
 * the bot is never in: only a member's install of the app reaches it, through interactions).
 */
export interface EmulatedChannel {
  id: string;
  type: ChannelType.GuildText | ChannelType.DM | ChannelType.GroupDM;
  guildId: string | null;
  name: string | null;
  nsfw: boolean;
  topic: string | null;
  position: number;
  overwrites: PermissionOverwrite[];
  /** The other user of a DM channel. */
  recipientId: string | null;
  /** The people of a group DM (none for other channels). */
  groupRecipientIds?: string[];
  lastMessageId: string | null;
}

/** Changes the gateway must tell connected clients about. */
export type WorldEvent =
  | { kind: "guildCreate"; guild: EmulatedGuild }
  | { kind: "roleCreate"; role: EmulatedRole }
  | { kind: "channelCreate"; channel: EmulatedChannel }
  | { kind: "channelUpdate"; channel: EmulatedChannel };

/** A user given by object or id. */
export type UserRef = EmulatedUser | string;
/** A channel given by object or id. */
export type ChannelRef = EmulatedChannel | string;
