/**
 * Channel and message routes used with the bot token: read a channel, list/create/edit/delete messages,
 * typing, and opening a DM.
 * @see https://discord.com/developers/docs/resources/message
 * @see https://discord.com/developers/docs/resources/user#create-dm
 */
import { MessageReferenceType, MessageType, PermissionFlagsBits } from "discord-api-types/v10";
import { apiErrors, FormErrors } from "../api-error.js";
import type { EmulatorContext } from "../../context.js";
import { current } from "../../world/message-store.js";
import type { RouteDefinition, RouteRequest } from "../router.js";
import { isSnowflake } from "../../world/snowflake.js";
import { channelObject } from "../../world/world-objects.js";
import {
  botChannel,
  channelMessage,
  draftFor,
  permissionsForDraft,
  requireBotPermissions,
  requireDmReachable,
} from "./route-helpers.js";

function createMessage(ctx: EmulatorContext, request: RouteRequest) {
  const channel = botChannel(ctx, request.params.channel ?? "");
  if (channel.guildId) requireBotPermissions(ctx, channel, PermissionFlagsBits.SendMessages);
  const draft = draftFor(ctx, request, channel.id, {
    existing: null,
    allowEphemeral: false,
    ephemeral: false,
  });
  if (channel.guildId) {
    const needsHistory = draft.messageReference ? PermissionFlagsBits.ReadMessageHistory : 0n;
    requireBotPermissions(
      ctx,
      channel,
      PermissionFlagsBits.SendMessages | permissionsForDraft(draft) | needsHistory,
    );
  } else requireDmReachable(ctx, channel);
  // Discord: with `enforce_nonce`, a message the same author created with this nonce in the past few
  // minutes is returned as is, and nothing new is created (a retry after a lost response posts once).
  if (draft.enforceNonce && draft.nonce !== null) {
    const since = ctx.clock.now() - ctx.options.nonceWindowMs;
    const earlier = ctx.messages.byNonce(ctx.world.botUser.id, draft.nonce, since);
    if (earlier) return { status: 200, body: ctx.messaging.apiMessage(earlier) };
  }
  let reference = draft.messageReference;
  if (reference) {
    const target = ctx.messages.get(reference.message_id ?? "");
    const found = target && !target.deleted && !target.ephemeral && target.channelId === channel.id;
    const failIfMissing = (reference as { fail_if_not_exists?: boolean }).fail_if_not_exists !== false;
    if (!found && failIfMissing) {
      const errors = new FormErrors();
      errors.add(["message_reference"], "MESSAGE_REFERENCE_UNKNOWN_MESSAGE", "Unknown message");
      errors.throwIfAny();
    }
    reference = found
      ? {
          type: MessageReferenceType.Default,
          message_id: target.id,
          channel_id: channel.id,
          ...(channel.guildId ? { guild_id: channel.guildId } : {}),
        }
      : null;
  }
  const message = ctx.messaging.post({
    channelId: channel.id,
    guildId: channel.guildId,
    authorId: ctx.world.botUser.id,
    type: reference ? MessageType.Reply : MessageType.Default,
    ephemeral: false,
    tts: draft.tts,
    webhookId: null,
    applicationId: null,
    interaction: null,
    messageReference: reference,
    nonce: draft.nonce,
    first: draft.version,
  });
  return { status: 200, body: ctx.messaging.apiMessage(message) };
}

function editMessage(ctx: EmulatorContext, request: RouteRequest) {
  const channel = botChannel(ctx, request.params.channel ?? "");
  if (channel.guildId) requireBotPermissions(ctx, channel, 0n);
  const message = channelMessage(ctx, channel.id, request.params.message ?? "");
  if (message.authorId !== ctx.world.botUser.id) throw apiErrors.cannotEditOthersMessage();
  const draft = draftFor(ctx, request, channel.id, {
    existing: current(message),
    allowEphemeral: false,
    ephemeral: false,
  });
  if (channel.guildId) requireBotPermissions(ctx, channel, permissionsForDraft(draft));
  ctx.messaging.edit(message, draft.version);
  return { status: 200, body: ctx.messaging.apiMessage(message) };
}

function deleteMessage(ctx: EmulatorContext, request: RouteRequest) {
  const channel = botChannel(ctx, request.params.channel ?? "");
  if (channel.guildId) requireBotPermissions(ctx, channel, 0n);
  const message = channelMessage(ctx, channel.id, request.params.message ?? "");
  if (message.authorId !== ctx.world.botUser.id) {
    if (!channel.guildId) throw apiErrors.cannotEditOthersMessage();
    requireBotPermissions(ctx, channel, PermissionFlagsBits.ManageMessages);
  }
  ctx.messaging.remove(message);
  return { status: 204 };
}

function listMessages(ctx: EmulatorContext, request: RouteRequest) {
  const channel = botChannel(ctx, request.params.channel ?? "");
  if (channel.guildId) requireBotPermissions(ctx, channel, PermissionFlagsBits.ReadMessageHistory);
  const limitParam = request.query.get("limit");
  const limit = limitParam === null ? 50 : Number(limitParam);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
    const errors = new FormErrors();
    errors.add(["limit"], "NUMBER_TYPE_MAX", "int value should be between 1 and 100.");
    errors.throwIfAny();
  }
  const before = request.query.get("before");
  const after = request.query.get("after");
  let list = ctx.messages.inChannel(channel.id);
  if (before) list = list.filter((m) => BigInt(m.id) < BigInt(before));
  if (after) list = list.filter((m) => BigInt(m.id) > BigInt(after));
  const newestFirst = list.reverse();
  const page = after ? newestFirst.slice(-limit) : newestFirst.slice(0, limit);
  return { status: 200, body: page.map((m) => ctx.messaging.apiMessage(m)) };
}

/** The channel routes. */
export function channelRoutes(ctx: EmulatorContext): RouteDefinition[] {
  const channelRoute = (
    method: RouteDefinition["method"],
    path: string,
    bucket: RouteDefinition["bucket"],
    handler: RouteDefinition["handler"],
  ): RouteDefinition => ({
    method,
    path,
    auth: "bot",
    bucket,
    major: "channel",
    handler,
  });
  return [
    channelRoute("GET", "/channels/:channel", "other", (r) => {
      const channel = botChannel(ctx, r.params.channel ?? "");
      if (channel.guildId) requireBotPermissions(ctx, channel, 0n);
      return { status: 200, body: channelObject(ctx.world, channel) };
    }),
    channelRoute("GET", "/channels/:channel/messages", "other", (r) => listMessages(ctx, r)),
    channelRoute("POST", "/channels/:channel/messages", "channelMessageWrites", (r) => createMessage(ctx, r)),
    channelRoute("GET", "/channels/:channel/messages/:message", "other", (r) => {
      const channel = botChannel(ctx, r.params.channel ?? "");
      if (channel.guildId) requireBotPermissions(ctx, channel, PermissionFlagsBits.ReadMessageHistory);
      return {
        status: 200,
        body: ctx.messaging.apiMessage(channelMessage(ctx, channel.id, r.params.message ?? "")),
      };
    }),
    channelRoute("PATCH", "/channels/:channel/messages/:message", "channelMessageWrites", (r) =>
      editMessage(ctx, r),
    ),
    channelRoute("DELETE", "/channels/:channel/messages/:message", "other", (r) => deleteMessage(ctx, r)),
    channelRoute("POST", "/channels/:channel/typing", "other", (r) => {
      const channel = botChannel(ctx, r.params.channel ?? "");
      if (channel.guildId) requireBotPermissions(ctx, channel, PermissionFlagsBits.SendMessages);
      return { status: 204 };
    }),
    {
      method: "POST",
      path: "/users/@me/channels",
      auth: "bot",
      bucket: "other",
      handler: (r) => {
        const body = r.body as { recipient_id?: unknown } | undefined;
        const recipientId = body?.recipient_id;
        if (!isSnowflake(recipientId)) {
          const errors = new FormErrors();
          errors.required(["recipient_id"]);
          errors.throwIfAny();
        }
        const user = ctx.world.users.get(String(recipientId));
        if (!user || user.bot) throw apiErrors.unknownUser();
        const channel = ctx.world.dmChannelWith(user);
        return { status: 200, body: channelObject(ctx.world, channel) };
      },
    },
  ];
}
