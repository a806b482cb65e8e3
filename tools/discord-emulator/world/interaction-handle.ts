/**
 * What a test holds after a user triggers an interaction: ids, the bot's acknowledgement, the response
 * (ephemeral or not) and follow-ups, with waits for each.
 */
import { MessageFlags, type APIInteraction, type InteractionResponseType } from "discord-api-types/v10";
import type { EmulatorContext } from "../context.js";
import type { InteractionRecord } from "./interactions.js";
import { messageSnapshot, type MessageSnapshot } from "./message-objects.js";
import type { ChangeWaiters, WaitForOptions } from "../wait-for.js";

/** The bot's first response to an interaction. */
export interface Acknowledgement {
  type: InteractionResponseType;
  /** Emulator-clock ms. */
  at: number;
  ephemeral: boolean;
}

/** Options for waiting on a message. */
export interface MessageWaitOptions extends WaitForOptions {
  /** Keep waiting until the message also satisfies this. */
  where?: (message: MessageSnapshot) => boolean;
}

/** A triggered interaction. */
export interface InteractionHandle {
  readonly id: string;
  readonly token: string;
  readonly channelId: string;
  readonly guildId: string | null;
  readonly userId: string;
  /** The INTERACTION_CREATE data as dispatched. */
  readonly payload: APIInteraction;
  /** The first response, or null while unacknowledged. */
  acknowledgement(): Acknowledgement | null;
  /** The message `@original` refers to (current version; ephemeral ones included), if any. */
  response(): MessageSnapshot | undefined;
  /** Every version of that message, oldest first. */
  responseHistory(): MessageSnapshot[];
  /** Follow-up messages (current versions), oldest first. */
  followUps(): MessageSnapshot[];
  /** The modal the bot opened (type 9 response data), or null. */
  modal(): unknown;
  /** Waits for the first response of any kind. */
  waitForAcknowledgement(options?: WaitForOptions): Promise<Acknowledgement>;
  /** Waits for a visible response: replied, or deferred and then filled in (not "thinking" any more). */
  waitForResponse(options?: MessageWaitOptions): Promise<MessageSnapshot>;
  /** Waits for a follow-up (the first one matching `where`). */
  waitForFollowUp(options?: MessageWaitOptions): Promise<MessageSnapshot>;
}

/** Creates the handle for a stored interaction. */
export function interactionHandle(
  ctx: EmulatorContext,
  waiters: ChangeWaiters,
  record: InteractionRecord,
): InteractionHandle {
  const snapshot = (id: string | null): MessageSnapshot | undefined => {
    const message = id ? ctx.messages.get(id) : undefined;
    return message ? messageSnapshot(ctx.world, ctx.messages, message) : undefined;
  };
  const label = `interaction ${record.id}${record.commandName ? ` (/${record.commandName})` : ""}`;
  const handle: InteractionHandle = {
    id: record.id,
    token: record.token,
    channelId: record.channelId,
    guildId: record.guildId,
    userId: record.userId,
    payload: record.payload,
    acknowledgement: () => (record.ack ? { ...record.ack } : null),
    response: () => snapshot(record.originalMessageId),
    responseHistory: () => {
      const message = record.originalMessageId ? ctx.messages.get(record.originalMessageId) : undefined;
      return message
        ? message.versions.map((_, i) => messageSnapshot(ctx.world, ctx.messages, message, i))
        : [];
    },
    followUps: () => record.followUpIds.map((id) => snapshot(id)).filter((m) => m !== undefined),
    modal: () => record.modal,
    waitForAcknowledgement: (options = {}) =>
      waiters.waitFor(() => handle.acknowledgement(), {
        description: `the bot to acknowledge ${label}`,
        ...options,
      }),
    waitForResponse: (options = {}) =>
      waiters.waitFor(
        () => {
          const message = handle.response();
          if (!message || (message.flags ?? 0) & MessageFlags.Loading) return undefined;
          return !options.where || options.where(message) ? message : undefined;
        },
        { description: `a response to ${label}`, ...options },
      ),
    waitForFollowUp: (options = {}) =>
      waiters.waitFor(() => handle.followUps().find((m) => !options.where || options.where(m)), {
        description: `a follow-up to ${label}`,
        ...options,
      }),
  };
  return handle;
}
