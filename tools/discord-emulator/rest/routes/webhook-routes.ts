/**
 * Interaction webhooks: read, edit and delete the original response (`@original`) and follow-ups, and
 * send follow-ups. The token works for 15 minutes (then 401 50027), and only for this interaction's
 * messages — the only way to reach ephemeral ones.
 * @see https://discord.com/developers/docs/interactions/receiving-and-responding#followup-messages
 */
import { MessageFlags } from "discord-api-types/v10";
import { apiErrors } from "../api-error.js";
import type { EmulatorContext } from "../../context.js";
import { USER_INSTALL_FOLLOW_UP_LIMIT, type InteractionRecord } from "../../world/interactions.js";
import { current, type StoredMessage } from "../../world/message-store.js";
import type { RouteDefinition, RouteRequest, RouteResponse } from "../router.js";
import { postInteractionMessage } from "./interaction-routes.js";
import { draftFor } from "./route-helpers.js";

function interactionOf(ctx: EmulatorContext, request: RouteRequest): InteractionRecord {
  if (request.params.application !== ctx.applicationId) throw apiErrors.unknownWebhook();
  const record = ctx.interactions.byToken(request.params.token ?? "");
  if (!record) throw apiErrors.invalidWebhookToken();
  if (ctx.clock.now() - record.createdAt > ctx.options.interactionTokenLifetimeMs)
    throw apiErrors.invalidWebhookToken();
  // The interaction's webhook belongs to its channel and is deleted with it.
  if (!ctx.world.channels.has(record.channelId)) throw apiErrors.unknownWebhook();
  return record;
}

function messageOf(ctx: EmulatorContext, record: InteractionRecord, messageParam: string): StoredMessage {
  const id = messageParam === "@original" ? record.originalMessageId : messageParam;
  const ours = id !== null && (id === record.originalMessageId || record.followUpIds.includes(id));
  const message = ours ? ctx.messages.get(id) : undefined;
  if (!message || message.deleted) throw apiErrors.unknownMessage();
  return message;
}

function isLoading(message: StoredMessage): boolean {
  return (current(message).flags & MessageFlags.Loading) !== 0;
}

function followUp(ctx: EmulatorContext, request: RouteRequest): RouteResponse {
  const record = interactionOf(ctx, request);
  if (!record.ack) throw apiErrors.unknownWebhook();
  const flags = Number((request.body as { flags?: unknown } | undefined)?.flags ?? 0);
  const original = record.originalMessageId ? ctx.messages.get(record.originalMessageId) : undefined;
  // Discord: after a deferred reply, the first follow-up fills in the "thinking" message (keeping its ephemerality).
  if (original && !original.deleted && isLoading(original)) {
    const draft = draftFor(ctx, request, record.channelId, {
      existing: null,
      allowEphemeral: true,
      ephemeral: original.ephemeral,
    });
    const keptEphemeral = current(original).flags & MessageFlags.Ephemeral;
    ctx.messaging.edit(
      original,
      { ...draft.version, flags: (draft.version.flags & ~MessageFlags.Ephemeral) | keptEphemeral },
      false,
    );
    ctx.changed();
    return { status: 200, body: ctx.messaging.apiMessage(original) };
  }
  if (record.userInstallOnly && record.followUpIds.length >= USER_INSTALL_FOLLOW_UP_LIMIT)
    throw apiErrors.tooManyFollowUps(USER_INSTALL_FOLLOW_UP_LIMIT);
  const ephemeral = (flags & MessageFlags.Ephemeral) !== 0 || record.forcedEphemeral;
  // Execute Webhook takes no `enforce_nonce` (unlike Create Message): a repeated follow-up is a new message.
  // @see https://discord.com/developers/docs/resources/webhook#execute-webhook-jsonform-params
  const draft = draftFor(ctx, request, record.channelId, { existing: null, allowEphemeral: true, ephemeral });
  const version = ephemeral
    ? { ...draft.version, flags: draft.version.flags | MessageFlags.Ephemeral }
    : draft.version;
  const message = postInteractionMessage(ctx, record, version, {
    followUpOf: record.originalMessageId,
    tts: draft.tts,
    nonce: draft.nonce,
  });
  record.followUpIds.push(message.id);
  ctx.changed();
  return { status: 200, body: ctx.messaging.apiMessage(message) };
}

function editResponse(ctx: EmulatorContext, request: RouteRequest): RouteResponse {
  const record = interactionOf(ctx, request);
  const message = messageOf(ctx, record, request.params.message ?? "");
  const wasLoading = isLoading(message);
  const draft = draftFor(ctx, request, record.channelId, {
    existing: current(message),
    allowEphemeral: false,
    ephemeral: message.ephemeral,
  });
  // The first edit of a deferred reply is its content, not an edit, and ends the loading state.
  ctx.messaging.edit(
    message,
    { ...draft.version, flags: draft.version.flags & ~MessageFlags.Loading },
    !wasLoading,
  );
  return { status: 200, body: ctx.messaging.apiMessage(message) };
}

/** The interaction webhook routes (authorised by the token in the path, rate limited per token). */
export function webhookRoutes(ctx: EmulatorContext): RouteDefinition[] {
  const route = (
    method: RouteDefinition["method"],
    path: string,
    handler: RouteDefinition["handler"],
  ): RouteDefinition => ({
    method,
    path,
    auth: "none",
    bucket: "interactionWebhook",
    major: "token",
    countsGlobal: false,
    handler,
  });
  return [
    route("POST", "/webhooks/:application/:token", (r) => followUp(ctx, r)),
    route("GET", "/webhooks/:application/:token/messages/:message", (r) => {
      const record = interactionOf(ctx, r);
      return { status: 200, body: ctx.messaging.apiMessage(messageOf(ctx, record, r.params.message ?? "")) };
    }),
    route("PATCH", "/webhooks/:application/:token/messages/:message", (r) => editResponse(ctx, r)),
    route("DELETE", "/webhooks/:application/:token/messages/:message", (r) => {
      const record = interactionOf(ctx, r);
      ctx.messaging.remove(messageOf(ctx, record, r.params.message ?? ""));
      return { status: 204 };
    }),
  ];
}
