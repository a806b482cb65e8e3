/**
 * The interaction callback: the one first response (reply, defer, deferred update, update, modal, autocomplete
 * choices) within
 * 3 seconds. Too late or unknown: 404 10062; a second time: 400 40060.
 * @see https://discord.com/developers/docs/interactions/receiving-and-responding#create-interaction-response
 */
import { InteractionResponseType, InteractionType, MessageFlags, MessageType } from "discord-api-types/v10";
import type { RESTPostAPIInteractionCallbackWithResponseResult } from "discord-api-types/v10";
import { apiErrors, errorsUnder, FormErrors } from "../api-error.js";
import type { EmulatorContext } from "../../context.js";
import type { InteractionRecord } from "../../world/interactions.js";
import { current, type MessageInteractionLink, type StoredMessage } from "../../world/message-store.js";
import type { RouteDefinition, RouteRequest, RouteResponse } from "../router.js";
import { draftFor } from "./route-helpers.js";
import { isAutocompleteCallback, respondAutocomplete } from "./autocomplete-response.js";

/** How a message produced for an interaction links back to it (`interaction_metadata`). */
export function interactionLink(
  record: InteractionRecord,
  originalResponseMessageId: string | null,
): MessageInteractionLink {
  return {
    interactionId: record.id,
    type: record.type,
    userId: record.userId,
    commandName: record.commandName,
    originalResponseMessageId,
    interactedMessageId: record.sourceMessageId,
    authorizingIntegrationOwners: record.authorizingIntegrationOwners,
  };
}

/** Creates a message answering an interaction (reply, deferred reply or follow-up). */
export function postInteractionMessage(
  ctx: EmulatorContext,
  record: InteractionRecord,
  version: StoredMessage["versions"][number] | Omit<StoredMessage["versions"][number], "editedAt">,
  options: { followUpOf: string | null; tts: boolean; nonce: string | number | null },
): StoredMessage {
  return ctx.messaging.post({
    channelId: record.channelId,
    guildId: record.guildId,
    authorId: ctx.world.botUser.id,
    type:
      record.type === InteractionType.ApplicationCommand && !options.followUpOf
        ? MessageType.ChatInputCommand
        : MessageType.Default,
    ephemeral: (version.flags & MessageFlags.Ephemeral) !== 0,
    tts: options.tts,
    webhookId: ctx.applicationId,
    applicationId: ctx.applicationId,
    interaction: interactionLink(record, options.followUpOf),
    messageReference: null,
    nonce: options.nonce,
    first: {
      content: version.content,
      embeds: version.embeds,
      components: version.components,
      attachments: version.attachments,
      flags: version.flags,
      ...(version.allowedMentions ? { allowedMentions: version.allowedMentions } : {}),
    },
  });
}

function invalidType(type: unknown, why: string): never {
  const errors = new FormErrors();
  errors.add(["type"], "INTERACTION_RESPONSE_TYPE_INVALID", `${String(type)}: ${why}`);
  errors.throwIfAny();
  throw new Error("unreachable");
}

function respond(
  ctx: EmulatorContext,
  record: InteractionRecord,
  request: RouteRequest,
): { type: InteractionResponseType; message: StoredMessage | null } {
  const body = (request.body ?? {}) as { type?: unknown; data?: unknown };
  const data = (body.data ?? {}) as { flags?: unknown };
  const ephemeral = (Number(data.flags) & MessageFlags.Ephemeral) !== 0 || record.forcedEphemeral;
  // A modal submitted from a component's interaction may update that component's message too.
  const isComponent =
    record.type === InteractionType.MessageComponent ||
    (record.type === InteractionType.ModalSubmit && record.sourceMessageId !== null);
  const source = record.sourceMessageId ? ctx.messages.get(record.sourceMessageId) : undefined;
  if (isAutocompleteCallback(record, body.type)) {
    respondAutocomplete(record, body);
    return { type: InteractionResponseType.ApplicationCommandAutocompleteResult, message: null };
  }
  switch (body.type) {
    case InteractionResponseType.ChannelMessageWithSource: {
      const draft = errorsUnder("data", () =>
        draftFor(ctx, { ...request, body: data }, record.channelId, {
          existing: null,
          allowEphemeral: true,
          ephemeral,
        }),
      );
      const version = ephemeral
        ? { ...draft.version, flags: draft.version.flags | MessageFlags.Ephemeral }
        : draft.version;
      const message = postInteractionMessage(ctx, record, version, {
        followUpOf: null,
        tts: draft.tts,
        nonce: draft.nonce,
      });
      return { type: body.type, message };
    }
    case InteractionResponseType.DeferredChannelMessageWithSource: {
      const flags = MessageFlags.Loading | (ephemeral ? MessageFlags.Ephemeral : 0);
      const version = { content: "", embeds: [], components: [], attachments: [], flags };
      return {
        type: body.type,
        message: postInteractionMessage(ctx, record, version, { followUpOf: null, tts: false, nonce: null }),
      };
    }
    case InteractionResponseType.DeferredMessageUpdate:
      if (!isComponent || !source) invalidType(body.type, "only component interactions can defer an update");
      return { type: body.type, message: source };
    case InteractionResponseType.UpdateMessage: {
      if (!isComponent || !source)
        invalidType(body.type, "only component interactions can update their message");
      const draft = errorsUnder("data", () =>
        draftFor(ctx, { ...request, body: data }, record.channelId, {
          existing: current(source),
          allowEphemeral: false,
          ephemeral: source.ephemeral,
        }),
      );
      ctx.messaging.edit(source, draft.version);
      return { type: body.type, message: source };
    }
    case InteractionResponseType.Modal: {
      // "Not available for MODAL_SUBMIT and PING interactions": a modal cannot answer a modal.
      if (record.type === InteractionType.ModalSubmit)
        invalidType(body.type, "a modal submit cannot be answered with another modal");
      const modal = data as { custom_id?: unknown; title?: unknown; components?: unknown };
      const errors = new FormErrors();
      if (typeof modal.custom_id !== "string" || modal.custom_id.length < 1 || modal.custom_id.length > 100)
        errors.badLength(["data", "custom_id"], 1, 100);
      if (typeof modal.title !== "string" || modal.title.length < 1 || modal.title.length > 45)
        errors.badLength(["data", "title"], 1, 45);
      if (!Array.isArray(modal.components) || modal.components.length < 1 || modal.components.length > 5)
        errors.badLength(["data", "components"], 1, 5);
      errors.throwIfAny();
      record.modal = structuredClone(modal);
      return { type: body.type, message: null };
    }
    default:
      return invalidType(
        body.type,
        "not a response type the emulator's interactions accept (4, 5, 6, 7, 8, 9)",
      );
  }
}

function callback(ctx: EmulatorContext, request: RouteRequest): RouteResponse {
  const record = ctx.interactions.byId(request.params.interaction ?? "");
  if (!record || record.token !== request.params.token) throw apiErrors.unknownInteraction();
  if (record.ack) throw apiErrors.alreadyAcknowledged();
  if (ctx.clock.now() - record.createdAt > ctx.options.interactionResponseDeadlineMs)
    throw apiErrors.unknownInteraction();
  const { type, message } = respond(ctx, record, request);
  record.ack = { type, at: ctx.clock.now(), ephemeral: message?.ephemeral ?? false };
  if (message) record.originalMessageId = message.id;
  ctx.changed();
  if (request.query.get("with_response") !== "true") return { status: 204 };
  const result: RESTPostAPIInteractionCallbackWithResponseResult = {
    interaction: {
      id: record.id,
      type: record.type,
      ...(message
        ? {
            response_message_id: message.id,
            response_message_loading: (current(message).flags & MessageFlags.Loading) !== 0,
            response_message_ephemeral: message.ephemeral,
          }
        : {}),
    },
    resource: { type, ...(message ? { message: ctx.messaging.apiMessage(message) } : {}) },
  };
  return { status: 200, body: result };
}

/** The callback route (no bot token; exempt from the global limit). */
export function interactionRoutes(ctx: EmulatorContext): RouteDefinition[] {
  return [
    {
      method: "POST",
      path: "/interactions/:interaction/:token/callback",
      auth: "none",
      bucket: "interactionCallback",
      major: "interaction",
      countsGlobal: false,
      handler: (r) => callback(ctx, r),
    },
  ];
}
