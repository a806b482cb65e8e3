/**
 * Serialises the world into Discord's API objects (users, roles, members, channels, GUILD_CREATE).
 * @see https://discord.com/developers/docs/resources/guild#guild-object
 */
import {
  ChannelType,
  GuildDefaultMessageNotifications,
  GuildExplicitContentFilter,
  GuildMFALevel,
  GuildNSFWLevel,
  GuildPremiumTier,
  GuildVerificationLevel,
  Locale,
  type APIChannel,
  type APIDMChannel,
  type APIGroupDMChannel,
  type APIGuildMember,
  type APIRole,
  type APITextChannel,
  type APIUser,
  type ChannelFlags,
  type GatewayGuildCreateDispatchData,
  type GuildMemberFlags,
  type GuildSystemChannelFlags,
  type RoleFlags,
  type UserFlags,
} from "discord-api-types/v10";
import type { World } from "./world.js";
import type {
  EmulatedChannel,
  EmulatedGuild,
  EmulatedMember,
  EmulatedRole,
  EmulatedUser,
} from "./world-types.js";

/** A user as the API returns it. */
export function userObject(user: EmulatedUser): APIUser {
  return {
    id: user.id,
    username: user.username,
    discriminator: "0",
    global_name: user.globalName,
    avatar: null,
    ...(user.bot ? { bot: true } : {}),
    public_flags: 0 as UserFlags,
    flags: 0 as UserFlags,
    primary_guild: null,
  };
}

/** A role as the API returns it. */
export function roleObject(role: EmulatedRole, botUserId: string): APIRole {
  return {
    id: role.id,
    name: role.name,
    color: role.color,
    colors: { primary_color: role.color, secondary_color: null, tertiary_color: null },
    hoist: false,
    icon: null,
    unicode_emoji: null,
    position: role.position,
    permissions: role.permissions.toString(),
    managed: role.managed,
    mentionable: false,
    flags: 0 as RoleFlags,
    ...(role.managed ? { tags: { bot_id: botUserId } } : {}),
  };
}

/** A guild member with its user. */
export function memberObject(world: World, member: EmulatedMember): APIGuildMember {
  return {
    user: userObject(world.requireUser(member.userId)),
    nick: member.nick,
    avatar: null,
    banner: null,
    roles: [...member.roleIds],
    joined_at: member.joinedAt,
    premium_since: null,
    deaf: false,
    mute: false,
    flags: 0 as GuildMemberFlags,
    pending: false,
    communication_disabled_until: null,
  };
}

/** A server text channel as the API returns it. */
export function textChannelObject(channel: EmulatedChannel): APITextChannel {
  return {
    id: channel.id,
    type: ChannelType.GuildText,
    ...(channel.guildId ? { guild_id: channel.guildId } : {}),
    name: channel.name ?? "",
    position: channel.position,
    permission_overwrites: channel.overwrites.map((o) => ({
      id: o.id,
      type: o.type,
      allow: o.allow.toString(),
      deny: o.deny.toString(),
    })),
    nsfw: channel.nsfw,
    topic: channel.topic,
    last_message_id: channel.lastMessageId,
    parent_id: null,
    rate_limit_per_user: 0,
    flags: 0 as ChannelFlags,
  };
}

/**
 * The partial channel an interaction carries: a server channel without its permission overwrites, with the
 * invoking member's permissions there (`permissions`), its `nsfw` flag among the rest; a DM or group DM as
 * the API returns it. Discord sends it also where the app's bot is not in the server.
 * @see https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-object
 */
export function interactionChannelObject(
  world: World,
  channel: EmulatedChannel,
  userId: string,
): Partial<APIChannel> & Pick<APIChannel, "id" | "type"> {
  if (channel.type === ChannelType.GroupDM || channel.type === ChannelType.DM)
    return channelObject(world, channel);
  const { permission_overwrites: _overwrites, ...partial } = textChannelObject(channel);
  return { ...partial, permissions: world.permissionsIn(channel, userId).toString() } as Partial<APIChannel> &
    Pick<APIChannel, "id" | "type">;
}

/** A DM channel as the API returns it. */
export function dmChannelObject(world: World, channel: EmulatedChannel): APIDMChannel {
  const dm: Omit<APIDMChannel, "name"> = {
    id: channel.id,
    type: ChannelType.DM,
    last_message_id: channel.lastMessageId,
    recipients: channel.recipientId ? [userObject(world.requireUser(channel.recipientId))] : [],
    flags: 0 as ChannelFlags,
  };
  // discord-api-types gives DM channels `name: null`; Discord's PrivateChannelResponse has no name.
  return dm as APIDMChannel;
}

/** A group DM as the API returns it (in an interaction: the app sees its recipients). */
export function groupDmChannelObject(world: World, channel: EmulatedChannel): APIGroupDMChannel {
  return {
    id: channel.id,
    type: ChannelType.GroupDM,
    name: channel.name,
    icon: null,
    owner_id: channel.groupRecipientIds?.[0] ?? "0",
    last_message_id: channel.lastMessageId,
    recipients: (channel.groupRecipientIds ?? []).map((id) => userObject(world.requireUser(id))),
    flags: 0 as ChannelFlags,
  };
}

/** Any emulated channel as the API returns it. */
export function channelObject(world: World, channel: EmulatedChannel): APIChannel {
  if (channel.type === ChannelType.GroupDM) return groupDmChannelObject(world, channel);
  return channel.type === ChannelType.DM ? dmChannelObject(world, channel) : textChannelObject(channel);
}

/** The GUILD_CREATE payload: the whole server with the bot's own member (no privileged member list). */
export function guildCreateObject(world: World, guild: EmulatedGuild): GatewayGuildCreateDispatchData {
  const botMember = world.member(guild.id, world.botUser.id);
  return {
    id: guild.id,
    name: guild.name,
    icon: null,
    splash: null,
    discovery_splash: null,
    banner: null,
    description: null,
    owner_id: guild.ownerId,
    afk_channel_id: null,
    afk_timeout: 300,
    verification_level: GuildVerificationLevel.None,
    default_message_notifications: GuildDefaultMessageNotifications.OnlyMentions,
    explicit_content_filter: GuildExplicitContentFilter.Disabled,
    roles: world.guildRoles(guild.id).map((r) => roleObject(r, world.botUser.id)),
    emojis: [],
    stickers: [],
    features: [],
    mfa_level: GuildMFALevel.None,
    application_id: null,
    system_channel_id: null,
    system_channel_flags: 0 as GuildSystemChannelFlags,
    rules_channel_id: null,
    vanity_url_code: null,
    premium_tier: GuildPremiumTier.None,
    premium_subscription_count: 0,
    preferred_locale: (guild.locale ?? Locale.EnglishUS) as Locale,
    public_updates_channel_id: null,
    nsfw_level: GuildNSFWLevel.Default,
    premium_progress_bar_enabled: false,
    hub_type: null,
    safety_alerts_channel_id: null,
    incidents_data: null,
    max_members: 500_000,
    joined_at: guild.joinedAt,
    large: false,
    unavailable: false,
    member_count: world.guildMembers(guild.id).length,
    voice_states: [],
    members: botMember ? [memberObject(world, botMember)] : [],
    channels: world.guildChannels(guild.id).map(textChannelObject),
    threads: [],
    presences: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
  };
}
