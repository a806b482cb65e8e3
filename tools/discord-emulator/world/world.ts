/**
 * The emulated Discord world: users, servers (guilds) with roles and members, text and DM channels with
 * permission overwrites. Messages live in {@link MessageStore}; this module holds who can see what.
 */
import { ChannelType, OverwriteType } from "discord-api-types/v10";
import {
  ALL_PERMISSIONS,
  DEFAULT_BOT_PERMISSIONS,
  DEFAULT_EVERYONE_PERMISSIONS,
  toPermissionBits,
  type PermissionOverwrite,
} from "./permissions.js";
import type { SnowflakeGenerator } from "./snowflake.js";
import { WorldQueries } from "./world-queries.js";
import type {
  ChannelRef,
  EmulatedChannel,
  EmulatedGuild,
  EmulatedMember,
  EmulatedRole,
  EmulatedUser,
  UserRef,
  WorldEvent,
} from "./world-types.js";

/** Changes the world; every change is reported through `emit`. Lookups are in {@link WorldQueries}. */
export class World extends WorldQueries {
  constructor(
    private readonly ids: SnowflakeGenerator,
    botUser: EmulatedUser,
    private readonly now: () => number,
    private readonly emit: (event: WorldEvent) => void,
  ) {
    super(botUser);
  }

  /** Adds a person. */
  addUser(options: {
    username: string;
    globalName?: string;
    id?: string;
    appInstalled?: boolean;
  }): EmulatedUser {
    const user: EmulatedUser = {
      id: options.id ?? this.ids.next(),
      username: options.username,
      globalName: options.globalName ?? null,
      bot: false,
      dmsBlocked: false,
      appInstalled: options.appInstalled ?? false,
    };
    this.users.set(user.id, user);
    return user;
  }

  /**
   * Adds a server the bot is in, with @everyone, the bot's managed role and the bot's membership; with
   * `withoutBot`, a server the bot was never added to (its members reach the app only by installing it to
   * their account; the bot's gateway hears nothing of it).
   */
  addGuild(options: {
    withoutBot?: boolean;
    name: string;
    id?: string;
    ownerId?: string;
    everyonePermissions?: bigint | string;
    botPermissions?: bigint | string;
    /** The server's language (`preferred_locale`); default `en-US`. */
    locale?: string;
  }): EmulatedGuild {
    const id = options.id ?? this.ids.next();
    const ownerId =
      options.ownerId ??
      this.addUser({ username: `${options.name.toLowerCase().replace(/\W+/g, "-")}-owner` }).id;
    const joinedAt = new Date(this.now()).toISOString();
    const everyone = toPermissionBits(options.everyonePermissions ?? DEFAULT_EVERYONE_PERMISSIONS);
    this.roles.set(id, {
      id,
      guildId: id,
      name: "@everyone",
      permissions: everyone,
      position: 0,
      managed: false,
      color: 0,
    });
    const botRoleId = options.withoutBot ? null : this.ids.next();
    if (botRoleId !== null) {
      this.roles.set(botRoleId, {
        id: botRoleId,
        guildId: id,
        name: this.botUser.username,
        permissions: toPermissionBits(options.botPermissions ?? DEFAULT_BOT_PERMISSIONS),
        position: 1,
        managed: true,
        color: 0,
      });
    }
    const guild: EmulatedGuild = {
      id,
      name: options.name,
      ownerId,
      joinedAt,
      botRoleId,
      ...(options.locale ? { locale: options.locale } : {}),
    };
    this.guilds.set(id, guild);
    this.members.set(`${id}:${ownerId}`, {
      guildId: id,
      userId: ownerId,
      roleIds: [],
      nick: null,
      joinedAt,
    });
    if (botRoleId !== null) {
      this.members.set(`${id}:${this.botUser.id}`, {
        guildId: id,
        userId: this.botUser.id,
        roleIds: [botRoleId],
        nick: null,
        joinedAt,
      });
    }
    this.emit({ kind: "guildCreate", guild });
    return guild;
  }

  /** Adds a role to a server. */
  addRole(options: {
    guildId: string;
    name: string;
    permissions?: bigint | string;
    color?: number;
  }): EmulatedRole {
    const guild = this.requireGuild(options.guildId);
    const position = [...this.roles.values()].filter((r) => r.guildId === guild.id).length;
    const role: EmulatedRole = {
      id: this.ids.next(),
      guildId: guild.id,
      name: options.name,
      permissions: toPermissionBits(options.permissions ?? 0n),
      position,
      managed: false,
      color: options.color ?? 0,
    };
    this.roles.set(role.id, role);
    this.emit({ kind: "roleCreate", role });
    return role;
  }

  /** Makes a user a member of a server, optionally with roles. */
  addMember(options: { guildId: string; user: UserRef; roleIds?: string[]; nick?: string }): EmulatedMember {
    const guild = this.requireGuild(options.guildId);
    const user = this.requireUser(options.user);
    for (const roleId of options.roleIds ?? []) {
      if (this.roles.get(roleId)?.guildId !== guild.id)
        throw new Error(`Role ${roleId} is not a role of guild ${guild.name}`);
    }
    const member: EmulatedMember = {
      guildId: guild.id,
      userId: user.id,
      roleIds: [...(options.roleIds ?? [])],
      nick: options.nick ?? null,
      joinedAt: new Date(this.now()).toISOString(),
    };
    this.members.set(`${guild.id}:${user.id}`, member);
    return member;
  }

  /** Adds a text channel to a server. */
  addChannel(options: {
    guildId: string;
    name: string;
    nsfw?: boolean;
    topic?: string;
    id?: string;
  }): EmulatedChannel {
    const guild = this.requireGuild(options.guildId);
    const channel: EmulatedChannel = {
      id: options.id ?? this.ids.next(),
      type: ChannelType.GuildText,
      guildId: guild.id,
      name: options.name,
      nsfw: options.nsfw ?? false,
      topic: options.topic ?? null,
      position: this.guildChannels(guild.id).length,
      overwrites: [],
      recipientId: null,
      lastMessageId: null,
    };
    this.channels.set(channel.id, channel);
    this.emit({ kind: "channelCreate", channel });
    return channel;
  }

  /** The DM channel between the bot and a user, created on first use (Discord sends no event for it). */
  dmChannelWith(userRef: UserRef): EmulatedChannel {
    const user = this.requireUser(userRef);
    for (const channel of this.channels.values()) {
      if (channel.type === ChannelType.DM && channel.recipientId === user.id) return channel;
    }
    const channel: EmulatedChannel = {
      id: this.ids.next(),
      type: ChannelType.DM,
      guildId: null,
      name: null,
      nsfw: false,
      topic: null,
      position: 0,
      overwrites: [],
      recipientId: user.id,
      lastMessageId: null,
    };
    this.channels.set(channel.id, channel);
    return channel;
  }

  /** Adds a group DM between `users` (the bot is not in it: members reach the app by installing it). */
  addGroupDm(options: { name: string; users: UserRef[] }): EmulatedChannel {
    const channel: EmulatedChannel = {
      id: this.ids.next(),
      type: ChannelType.GroupDM,
      guildId: null,
      name: options.name,
      nsfw: false,
      topic: null,
      position: 0,
      overwrites: [],
      recipientId: null,
      groupRecipientIds: options.users.map((u) => this.requireUser(u).id),
      lastMessageId: null,
    };
    this.channels.set(channel.id, channel);
    return channel;
  }

  /**
   * Makes the bot's permissions in a channel exactly `bits` through a member overwrite (as a server admin
   * would), so discord.js computes the same permissions the emulator enforces.
   */
  setBotPermissions(channelRef: ChannelRef, bits: bigint | string): void {
    const channel = this.requireChannel(channelRef);
    if (!channel.guildId) throw new Error("setBotPermissions works on server channels, not DMs");
    const allow = toPermissionBits(bits);
    this.setOverwrite(channel, {
      id: this.botUser.id,
      type: OverwriteType.Member,
      allow,
      deny: ALL_PERMISSIONS & ~allow,
    });
  }

  /** Adds or replaces a permission overwrite on a server channel. */
  setOverwrite(channelRef: ChannelRef, overwrite: PermissionOverwrite): void {
    const channel = this.requireChannel(channelRef);
    channel.overwrites = [...channel.overwrites.filter((o) => o.id !== overwrite.id), overwrite];
    this.emit({ kind: "channelUpdate", channel });
  }

  /** Sets whether a user blocks DMs from the bot. */
  blockDms(userRef: UserRef, blocked = true): void {
    this.requireUser(userRef).dmsBlocked = blocked;
  }
}
