/**
 * New messages in a channel or a DM, with a `nonce` Discord enforces, and results queued per channel so that
 * those held back by the channel's message-create limit go out together (see {@link ChannelResultQueue}).
 * Split from `DiscordMessenger`, which decides the route; this sends.
 * @see https://discord.com/developers/docs/resources/message#create-message-jsonform-params
 */
import { Routes, type REST } from "discord.js";
import type { APIMessage } from "discord-api-types/v10";
import type { OutgoingMessage } from "../imagine/outgoing-message.js";
import type { MessageLocation } from "../imagine/job.js";
import { isDeliveryError, type DeliveryError, type DeliveryRoute } from "../jobs/delivery-error.js";
import type { Logger } from "../logger.js";
import { toApiMessage } from "./api-message.js";
import { ChannelResultQueue, type QueuedResultPost } from "./channel-result-queue.js";
import { discordErrorCode, toDeliveryError } from "./discord-errors.js";
import type { BatchLimits } from "./result-batch.js";

/** The outcome of one Discord call: the message it returned, or the classified error. */
export type Attempt = { ok: true; message: APIMessage } | { ok: false; error: DeliveryError };

/** Runs one Discord call, classifying a failure as a `DeliveryError` of `route` (logged at debug only). */
export async function attemptDiscord(
  call: () => Promise<unknown>,
  route: DeliveryRoute,
  log: Logger,
): Promise<Attempt> {
  try {
    return { ok: true, message: (await call()) as APIMessage };
  } catch (err) {
    const error = toDeliveryError(err, route);
    // No stack here: whoever decides what to do about the failure logs it, once.
    log.debug({ route, kind: error.kind, code: discordErrorCode(err) }, "Discord refused a message request");
    return { ok: false, error };
  }
}

/** Where a new message was posted, and the route that took it there. */
export interface PostResult {
  guildId: string | null;
  channelId: string;
  messageId: string;
  route: DeliveryRoute;
}

/** Where `message` was posted (in a server: `guildId`). */
export function placeOf(message: APIMessage, guildId: string | null): Omit<PostResult, "route"> {
  return { guildId, channelId: message.channel_id, messageId: message.id };
}

/** `loc` moved to `message`. */
export function located(loc: MessageLocation, message: APIMessage): MessageLocation {
  return { ...loc, channelId: message.channel_id, messageId: message.id };
}

/** Runs a post; null when the channel refused it (no access, or gone) and another route may work. */
export async function tryRoute(post: () => Promise<APIMessage>, log: Logger): Promise<APIMessage | null> {
  try {
    return await post();
  } catch (err) {
    if (!isDeliveryError(err, "no-access", "message-gone")) throw err;
    log.info(
      { kind: err.kind, code: discordErrorCode(err.cause) },
      "cannot post in the job's channel; trying another route",
    );
    return null;
  }
}

/** Posts new messages with the bot token. */
export class MessagePoster {
  private readonly results: ChannelResultQueue;

  constructor(
    private readonly rest: REST,
    private readonly log: Logger,
    batchLimits?: BatchLimits,
  ) {
    this.results = new ChannelResultQueue(
      (channelId, message, options) => this.post(channelId, message, options),
      batchLimits ? { limits: batchLimits } : {},
    );
  }

  /**
   * Posts a new message in a channel, optionally as a reply to `replyTo` (pinging its author only as
   * `message` allows) and with a `nonce` Discord enforces: a repeat with the same nonce within its window
   * returns the message already posted instead of posting again.
   * @throws {DeliveryError}
   */
  async post(
    channelId: string,
    message: OutgoingMessage,
    options: { replyTo?: string; nonce?: string; log?: Logger } = {},
  ): Promise<APIMessage> {
    const api = toApiMessage(message);
    if (options.replyTo !== undefined) {
      api.body["message_reference"] = { message_id: options.replyTo, fail_if_not_exists: false };
    }
    if (options.nonce !== undefined) {
      api.body["nonce"] = options.nonce;
      api.body["enforce_nonce"] = true;
    }
    const sent = await attemptDiscord(
      () => this.rest.post(Routes.channelMessages(channelId), api),
      "channel-new",
      options.log ?? this.log,
    );
    if (!sent.ok) throw sent.error;
    return sent.message;
  }

  /**
   * Posts a result (mentioning its requester) in a channel at the channel's pace: at once when the channel
   * is free, else together with the other results waiting for it.
   * @throws {DeliveryError}
   */
  postResult(
    channelId: string,
    message: OutgoingMessage,
    options: Omit<QueuedResultPost, "message">,
  ): Promise<APIMessage> {
    return this.results.post(channelId, { message, ...options });
  }

  /**
   * Opens (or reuses) the DM channel with a user and posts there (with `nonce` as in {@link post}); a result
   * (`requesterId` given) waits for the DM channel like one in a server channel.
   */
  async postDirect(
    userId: string,
    message: OutgoingMessage,
    options: {
      nonce?: string;
      log?: Logger;
      requesterId?: string;
      claim?: (nonce: string) => Promise<string>;
    } = {},
  ): Promise<APIMessage> {
    const log = options.log ?? this.log;
    const channelId = await this.openDm(userId, log);
    if (options.requesterId !== undefined && options.nonce !== undefined) {
      return this.postResult(channelId, message, {
        requesterId: options.requesterId,
        nonce: options.nonce,
        ...(options.claim ? { claim: options.claim } : {}),
        log,
      });
    }
    return this.post(channelId, message, { ...options, log });
  }

  /** Opens (or reuses) the DM channel with a user. */
  async openDm(userId: string, log: Logger): Promise<string> {
    const opened = await attemptDiscord(
      () => this.rest.post(Routes.userChannels(), { body: { recipient_id: userId } }),
      "dm",
      log,
    );
    if (!opened.ok) throw opened.error;
    return opened.message.id;
  }
}
