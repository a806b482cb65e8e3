/**
 * Reading the emulated world: lookups, membership, and permissions (computed as Discord does).
 */
import { computePermissions, DEFAULT_BOT_PERMISSIONS, type PermissionOverwrite } from "./permissions.js";
import type {
  ChannelRef,
  EmulatedChannel,
  EmulatedGuild,
  EmulatedMember,
  EmulatedRole,
  EmulatedUser,
  UserRef,
} from "./world-types.js";

/** The bot's permissions in a DM: everything a DM allows. */
const DM_PERMISSIONS = DEFAULT_BOT_PERMISSIONS;

/** The world's data and every read of it. */
export class WorldQueries {
  readonly users = new Map<string, EmulatedUser>();
  readonly guilds = new Map<string, EmulatedGuild>();
  readonly roles = new Map<string, EmulatedRole>();
  readonly channels = new Map<string, EmulatedChannel>();
  /** Members by `guildId:userId`. */
  protected readonly members = new Map<string, EmulatedMember>();

  constructor(
    /** The bot's own user. */
    readonly botUser: EmulatedUser,
  ) {
    this.users.set(botUser.id, botUser);
  }

  /** A member, if the user is in the guild. */
  member(guildId: string, userId: string): EmulatedMember | undefined {
    return this.members.get(`${guildId}:${userId}`);
  }

  /** The members of a guild. */
  guildMembers(guildId: string): EmulatedMember[] {
    return [...this.members.values()].filter((m) => m.guildId === guildId);
  }

  /** The text channels of a guild, by position. */
  guildChannels(guildId: string): EmulatedChannel[] {
    return [...this.channels.values()]
      .filter((c) => c.guildId === guildId)
      .sort((a, b) => a.position - b.position);
  }

  /** The roles of a guild, @everyone first. */
  guildRoles(guildId: string): EmulatedRole[] {
    return [...this.roles.values()]
      .filter((r) => r.guildId === guildId)
      .sort((a, b) => a.position - b.position);
  }

  /** Whether the bot is a member of the server (a server without it is reached only by user installs). */
  botIsIn(guildId: string): boolean {
    return this.member(guildId, this.botUser.id) !== undefined;
  }

  /** Whether the user shares a server with the bot. */
  sharesGuildWithBot(userId: string): boolean {
    return [...this.guilds.keys()].some(
      (guildId) => this.botIsIn(guildId) && this.member(guildId, userId) !== undefined,
    );
  }

  /** A user's permissions in a guild (no channel overwrites); 0 if not a member. */
  guildPermissions(guildId: string, userId: string): bigint {
    return this.#permissions(guildId, userId);
  }

  /** A user's permissions in a channel; in DMs the fixed set a DM allows. */
  permissionsIn(channelRef: ChannelRef, userId: string): bigint {
    const channel = this.requireChannel(channelRef);
    if (channel.groupRecipientIds) return channel.groupRecipientIds.includes(userId) ? DM_PERMISSIONS : 0n;
    if (!channel.guildId)
      return userId === this.botUser.id || userId === channel.recipientId ? DM_PERMISSIONS : 0n;
    return this.#permissions(channel.guildId, userId, channel.overwrites);
  }

  #permissions(guildId: string, userId: string, overwrites?: readonly PermissionOverwrite[]): bigint {
    const guild = this.requireGuild(guildId);
    const member = this.member(guildId, userId);
    if (!member) return 0n;
    const rolePermissions = new Map(this.guildRoles(guildId).map((r) => [r.id, r.permissions]));
    return computePermissions({
      guildId,
      ownerId: guild.ownerId,
      userId,
      rolePermissions,
      memberRoleIds: member.roleIds,
      ...(overwrites ? { overwrites } : {}),
    });
  }

  /** Resolves a user or throws a test-setup error. */
  requireUser(ref: UserRef): EmulatedUser {
    const id = typeof ref === "string" ? ref : ref.id;
    const user = this.users.get(id);
    if (!user) throw new Error(`No user ${id} in the emulated world (add it with emu.addUser)`);
    return user;
  }

  /** Resolves a guild or throws a test-setup error. */
  requireGuild(id: string): EmulatedGuild {
    const guild = this.guilds.get(id);
    if (!guild) throw new Error(`No guild ${id} in the emulated world (add it with emu.addGuild)`);
    return guild;
  }

  /** Resolves a channel or throws a test-setup error. */
  requireChannel(ref: ChannelRef): EmulatedChannel {
    const id = typeof ref === "string" ? ref : ref.id;
    const channel = this.channels.get(id);
    if (!channel) throw new Error(`No channel ${id} in the emulated world (add it with emu.addChannel)`);
    return channel;
  }
}
