/**
 * Checks shared by the REST routes: channel lookup, the bot's permissions (Missing Access vs Missing
 * Permissions), DM reachability, and building message drafts.
 * @see https://discord.com/developers/docs/topics/opcodes-and-status-codes#json-json-error-codes
 */
import { ChannelType, PermissionFlagsBits } from "discord-api-types/v10";
import { apiErrors } from "../api-error.js";
import type { EmulatorContext } from "../../context.js";
import { buildMessageDraft, type MessageDraft } from "../../validation/message-payload.js";
import type { MessageVersion, StoredMessage } from "../../world/message-store.js";
import { hasPermissions } from "../../world/permissions.js";
import type { RouteRequest } from "../router.js";
import type { EmulatedChannel } from "../../world/world-types.js";

/**
 * A channel the bot can address: 10003 Unknown Channel if it does not exist; 403 50001 Missing Access in
 * a server the bot is not in (as Discord answers a user-installed app's bot token there).
 */
export function botChannel(ctx: EmulatorContext, channelId: string): EmulatedChannel {
  const channel = ctx.world.channels.get(channelId);
  if (!channel) throw apiErrors.unknownChannel();
  if (channel.guildId && !ctx.world.botIsIn(channel.guildId)) throw apiErrors.missingAccess();
  return channel;
}

/**
 * Requires the bot to see the channel (else 403 50001 Missing Access) and to hold `bits` there
 * (else 403 50013 Missing Permissions).
 */
export function requireBotPermissions(ctx: EmulatorContext, channel: EmulatedChannel, bits: bigint): void {
  const permissions = ctx.world.permissionsIn(channel, ctx.world.botUser.id);
  if (!hasPermissions(permissions, PermissionFlagsBits.ViewChannel)) throw apiErrors.missingAccess();
  if (!hasPermissions(permissions, bits)) throw apiErrors.missingPermissions();
}

/** The permissions sending `draft` needs in a server channel. */
export function permissionsForDraft(draft: Pick<MessageDraft, "setsEmbeds" | "uploadsFiles">): bigint {
  let bits = 0n;
  if (draft.setsEmbeds) bits |= PermissionFlagsBits.EmbedLinks;
  if (draft.uploadsFiles) bits |= PermissionFlagsBits.AttachFiles;
  return bits;
}

/** Whether the bot may send to a DM channel: 50007 if the user blocks it, 50278 with no shared server. */
export function requireDmReachable(ctx: EmulatorContext, channel: EmulatedChannel): void {
  if (channel.type !== ChannelType.DM || !channel.recipientId) return;
  const user = ctx.world.requireUser(channel.recipientId);
  if (user.dmsBlocked) throw apiErrors.cannotMessageUser();
  if (!user.appInstalled && !ctx.world.sharesGuildWithBot(user.id)) throw apiErrors.noMutualGuilds();
}

/** Validates a message body for a channel. */
export function draftFor(
  ctx: EmulatorContext,
  request: RouteRequest,
  channelId: string,
  options: { existing: MessageVersion | null; allowEphemeral: boolean; ephemeral: boolean },
): MessageDraft {
  return buildMessageDraft(request.body ?? {}, {
    mode: options.existing ? "edit" : "create",
    existing: options.existing,
    files: request.files,
    allowEphemeral: options.allowEphemeral,
    storeFile: (file, description) =>
      ctx.messaging.storeFile(channelId, options.ephemeral, file, description),
    maxUploadBytes: ctx.options.maxUploadBytes,
    warn: (message) => ctx.warn(`${request.method} ${request.path}: ${message}`),
  });
}

/** A live (not deleted) message of a channel, reachable with the bot token (not ephemeral): else 10008. */
export function channelMessage(ctx: EmulatorContext, channelId: string, messageId: string): StoredMessage {
  const message = ctx.messages.get(messageId);
  if (!message || message.channelId !== channelId || message.deleted || message.ephemeral)
    throw apiErrors.unknownMessage();
  return message;
}
