/**
 * Builds INTERACTION_CREATE payloads as Discord sends them: the fields common to every interaction
 * (member with permissions, channel, app_permissions, locale, entitlements, authorizing owners, context).
 * @see https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-object
 */
import {
  ChannelType,
  InteractionContextType,
  PermissionFlagsBits,
  type InteractionType,
} from "discord-api-types/v10";
import type { EmulatorContext } from "../context.js";
import { InteractionRegistry, type InteractionRecord } from "./interactions.js";
import { hasPermissions } from "./permissions.js";
import type { EmulatedChannel, EmulatedUser } from "./world-types.js";
import { interactionChannelObject, memberObject, userObject } from "./world-objects.js";

/** Where and by whom an interaction happens. */
export interface InteractionPlace {
  user: EmulatedUser;
  channel: EmulatedChannel;
  locale?: string;
}

/**
 * What the app may do where only a member's install reaches it (a server without the bot, a group DM):
 * answer with embeds and files; its bot token reaches nothing there.
 * @see https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-object
 */
export const USER_INSTALL_APP_PERMISSIONS: bigint =
  PermissionFlagsBits.EmbedLinks |
  PermissionFlagsBits.AttachFiles |
  PermissionFlagsBits.MentionEveryone |
  PermissionFlagsBits.UseExternalEmojis;

/** Whether only the user's own install of the app reaches `channel` (a server without the bot, a group DM). */
export function reachedByUserInstallOnly(ctx: EmulatorContext, channel: EmulatedChannel): boolean {
  if (channel.type === ChannelType.GroupDM) return true;
  return channel.guildId !== null && !ctx.world.botIsIn(channel.guildId);
}

/** Refuses places a user could not act in (not a member, cannot see the channel, no DM with the bot possible). */
export function requireUserCanAct(ctx: EmulatorContext, place: InteractionPlace, what: string): void {
  const { user, channel } = place;
  if (channel.type === ChannelType.GroupDM) {
    if (!channel.groupRecipientIds?.includes(user.id))
      throw new Error(`${what}: ${user.username} is not in the group DM ${channel.name ?? channel.id}`);
  } else if (channel.guildId) {
    if (!ctx.world.member(channel.guildId, user.id))
      throw new Error(`${what}: ${user.username} is not a member of guild ${channel.guildId}`);
    const permissions = ctx.world.permissionsIn(channel, user.id);
    if (!hasPermissions(permissions, PermissionFlagsBits.ViewChannel))
      throw new Error(`${what}: ${user.username} cannot see #${channel.name ?? channel.id}`);
  } else if (channel.type === ChannelType.DM) {
    if (channel.recipientId !== user.id)
      throw new Error(`${what}: the DM channel ${channel.id} is not ${user.username}'s`);
    if (!user.appInstalled && !ctx.world.sharesGuildWithBot(user.id)) {
      throw new Error(
        `${what}: ${user.username} shares no server with the bot and has not installed the app, so cannot reach it`,
      );
    }
  }
}

/** Creates, stores and dispatches an interaction; `data` and `extra` are the type-specific parts. */
export function dispatchInteraction(
  ctx: EmulatorContext,
  place: InteractionPlace,
  type: InteractionType,
  data: unknown,
  extra: { commandName: string | null; sourceMessageId: string | null; message?: unknown },
): InteractionRecord {
  if (ctx.gateway.sessionCount === 0)
    throw new Error("No bot is connected to the gateway: start a client and wait for it to be ready first");
  const { user, channel } = place;
  const id = ctx.ids.next();
  const token = InteractionRegistry.newToken(id);
  const guildId = channel.guildId;
  const userInstallOnly = reachedByUserInstallOnly(ctx, channel);
  // A component or modal on an app's message is authorised by whoever installed the app for that message.
  const sourceOwners = extra.sourceMessageId
    ? ctx.messages.get(extra.sourceMessageId)?.interaction?.authorizingIntegrationOwners
    : undefined;
  const owners: Record<string, string> = userInstallOnly
    ? (sourceOwners ?? { "1": user.id })
    : guildId
      ? { "0": guildId }
      : user.appInstalled
        ? { "1": user.id }
        : { "0": "0" };
  const context = userInstallOnly
    ? channel.type === ChannelType.GroupDM
      ? InteractionContextType.PrivateChannel
      : InteractionContextType.Guild
    : guildId
      ? InteractionContextType.Guild
      : InteractionContextType.BotDM;
  // A server that takes Use External Apps from the member makes every answer of such an app ephemeral.
  const forcedEphemeral =
    userInstallOnly &&
    guildId !== null &&
    !hasPermissions(ctx.world.permissionsIn(channel, user.id), PermissionFlagsBits.UseExternalApps);
  const locale = place.locale ?? "en-US";
  const member = guildId ? ctx.world.member(guildId, user.id) : undefined;
  const guildLocale = (guildId ? ctx.world.guilds.get(guildId)?.locale : undefined) ?? "en-US";
  const payload = {
    id,
    application_id: ctx.applicationId,
    type,
    data,
    token,
    version: 1,
    channel: interactionChannelObject(ctx.world, channel, user.id),
    channel_id: channel.id,
    app_permissions: (userInstallOnly
      ? USER_INSTALL_APP_PERMISSIONS
      : ctx.world.permissionsIn(channel, ctx.world.botUser.id)
    ).toString(),
    locale,
    entitlements: [],
    authorizing_integration_owners: owners,
    context,
    attachment_size_limit: ctx.options.maxUploadBytes,
    ...(extra.message !== undefined ? { message: extra.message } : {}),
    ...(guildId && member
      ? {
          guild_id: guildId,
          guild: { id: guildId, locale: guildLocale, features: [] },
          guild_locale: guildLocale,
          member: {
            ...memberObject(ctx.world, member),
            permissions: ctx.world.permissionsIn(channel, user.id).toString(),
          },
        }
      : { user: userObject(user) }),
  };
  const record: InteractionRecord = {
    id,
    token,
    type,
    channelId: channel.id,
    guildId,
    userId: user.id,
    createdAt: ctx.clock.now(),
    commandName: extra.commandName,
    sourceMessageId: extra.sourceMessageId,
    payload: payload as unknown as InteractionRecord["payload"],
    ack: null,
    originalMessageId: null,
    followUpIds: [],
    modal: null,
    modalSubmitted: false,
    authorizingIntegrationOwners: owners,
    userInstallOnly,
    forcedEphemeral,
  };
  ctx.interactions.add(record);
  ctx.gateway.dispatch("INTERACTION_CREATE", () => payload, guildId);
  ctx.changed();
  return record;
}
