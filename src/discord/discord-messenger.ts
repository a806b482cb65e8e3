/**
 * Shows a job's message in Discord through REST alone (no cached objects), so it works the same for a job
 * that started a minute ago and one restored after a restart. The route is chosen by what still works:
 * the interaction token while it is valid, then the bot token on the channel, then (for a final result) a
 * new message in the channel, then a DM to the requester.
 * @see https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-response-object
 * @see https://discord.com/developers/docs/resources/message#edit-message
 */
import { MessageFlags, Routes, type REST, type RawFile } from "discord.js";
import type { APIMessage } from "discord-api-types/v10";
import type { Logger } from "../logger.js";
import { interactionTokenUsable, type MessageLocation } from "../imagine/job.js";
import type { OutgoingMessage } from "../imagine/outgoing-message.js";
import type { MessagePayload } from "../render/payload.js";
import { DeliveryError, isDeliveryError, type DeliveryRoute } from "../jobs/delivery-error.js";
import { discordErrorCode, toDeliveryError } from "./discord-errors.js";

/** A message as Discord's REST API takes it: JSON body and files. */
interface ApiMessage {
  body: Record<string, unknown>;
  files: RawFile[];
}

/**
 * The JSON body of a rendered message, with an explicit `attachments` list: on an edit, the new files
 * replace every earlier attachment (a finished job's message must not keep the last preview file).
 * @see https://discord.com/developers/docs/resources/message#edit-message
 */
export function toApiMessage(message: OutgoingMessage): ApiMessage {
  const { allowedMentions, ...rest }: MessagePayload = message.payload;
  return {
    body: {
      ...rest,
      allowed_mentions: {
        parse: [...allowedMentions.parse],
        users: [...allowedMentions.users],
        replied_user: allowedMentions.repliedUser,
      },
      attachments: message.files.map((f, id) => ({ id, filename: f.name })),
    },
    files: message.files.map((f) => ({ name: f.name, data: f.data, contentType: f.contentType })),
  };
}

export interface ShowResult {
  location: MessageLocation;
  route: DeliveryRoute;
}

export interface DiscordMessengerOptions {
  rest: REST;
  /**
   * Sends the interaction-token edits; default `rest`. Give one without discord.js's client-side global
   * limit (`createInteractionRest`): Discord exempts these routes from the global rate limit.
   */
  interactionRest?: REST;
  now?: () => number;
  logger: Logger;
  /** Stop using the interaction token this long before it expires. Default 60 s. */
  tokenMarginMs?: number;
}

/** A final message posted anew: it mentions the requester, who is the one person pinged. */
function mentioningRequester(message: OutgoingMessage, requesterId: string): OutgoingMessage {
  const mention = `<@${requesterId}>`;
  const { content } = message.payload;
  const withMention = content.includes(mention) ? content : `${mention} ${content}`.trim().slice(0, 2000);
  return {
    ...message,
    payload: {
      ...message.payload,
      content: withMention,
      allowedMentions: { parse: [], users: [requesterId], repliedUser: false },
    },
  };
}

/** Sends and edits the bot's job messages in Discord. */
export class DiscordMessenger {
  private readonly rest: REST;
  private readonly interactionRest: REST;
  private readonly now: () => number;
  private readonly log: Logger;
  private readonly tokenMarginMs: number;

  constructor(options: DiscordMessengerOptions) {
    this.rest = options.rest;
    this.interactionRest = options.interactionRest ?? options.rest;
    this.now = options.now ?? Date.now;
    this.log = options.logger;
    this.tokenMarginMs = options.tokenMarginMs ?? 60_000;
  }

  /**
   * Shows `message` as the job's message: edits it where possible. A progress update (`final` false) that
   * cannot be edited anywhere is skipped (route `null`); a final one is posted anew, in the channel or
   * else as a DM to `requesterId`, also when the message is gone. Lines it logs go to `options.log` (the
   * job's logger) when given.
   * @throws {DeliveryError} `message-gone` (progress only: the message or its channel was deleted),
   * `transient`, `invalid`, or `unreachable` (final only).
   */
  async show(
    location: MessageLocation,
    message: OutgoingMessage,
    options: { final: boolean; requesterId: string; log?: Logger },
  ): Promise<{ location: MessageLocation; route: DeliveryRoute | null }> {
    const log = options.log ?? this.log;
    let loc = location;
    const api = toApiMessage(message);
    const token = loc.interactionToken;
    if (token !== null && interactionTokenUsable(loc, this.now(), this.tokenMarginMs)) {
      const route = Routes.webhookMessage(loc.applicationId, token, loc.messageId ?? "@original");
      // Webhook routes carry their own token; sent with the bot token, a 401 would make @discordjs/rest
      // drop the bot token for every later request.
      const sent = await this.attempt(
        () => this.interactionRest.patch(route, { ...api, auth: false }),
        "interaction",
        log,
      );
      if (sent.ok) return { location: this.located(loc, sent.message), route: "interaction" };
      if (sent.error.kind === "message-gone") loc = this.gone(loc, sent.error, options.final);
      else if (sent.error.kind === "token-expired") loc = { ...loc, interactionToken: null };
      else if (sent.error.kind !== "no-access") throw sent.error;
    }
    if (loc.messageId !== null && loc.channelEditable) {
      const route = Routes.channelMessage(loc.channelId, loc.messageId);
      const sent = await this.attempt(() => this.rest.patch(route, api), "channel-edit", log);
      if (sent.ok) return { location: this.located(loc, sent.message), route: "channel-edit" };
      if (sent.error.kind === "message-gone") loc = this.gone(loc, sent.error, options.final);
      else if (sent.error.kind !== "no-access" && sent.error.kind !== "token-expired") throw sent.error;
      loc = { ...loc, channelEditable: false };
    }
    if (!options.final) return { location: loc, route: null };
    return this.postFinal(loc, mentioningRequester(message, options.requesterId), options.requesterId, log);
  }

  /**
   * Shows `message` to the requester only: an ephemeral follow-up through the interaction token while it
   * lasts, else a DM.
   * @see https://discord.com/developers/docs/interactions/receiving-and-responding#create-followup-message
   * @throws {MessengerError} when neither route works.
   */
  async showPrivately(
    location: MessageLocation,
    message: OutgoingMessage,
    requesterId: string,
    log: Logger = this.log,
  ): Promise<"interaction" | "dm"> {
    const token = location.interactionToken;
    if (token !== null && interactionTokenUsable(location, this.now(), this.tokenMarginMs)) {
      const api = toApiMessage(message);
      const body = { ...api.body, flags: MessageFlags.Ephemeral };
      const sent = await this.attempt(
        () =>
          this.interactionRest.post(Routes.webhook(location.applicationId, token), {
            ...api,
            body,
            auth: false,
          }),
        "interaction",
        log,
      );
      if (sent.ok) return "interaction";
    }
    await this.postDirect(requesterId, message, log);
    return "dm";
  }

  /** Posts a new message in a channel, optionally as a reply to `replyTo`. */
  async post(
    channelId: string,
    message: OutgoingMessage,
    replyTo?: string,
    log: Logger = this.log,
  ): Promise<APIMessage> {
    const api = toApiMessage(message);
    if (replyTo !== undefined) {
      api.body["message_reference"] = { message_id: replyTo, fail_if_not_exists: false };
    }
    const sent = await this.attempt(
      () => this.rest.post(Routes.channelMessages(channelId), api),
      "channel-new",
      log,
    );
    if (!sent.ok) throw sent.error;
    return sent.message;
  }

  /** Opens (or reuses) the DM channel with a user and posts there. */
  async postDirect(userId: string, message: OutgoingMessage, log: Logger = this.log): Promise<APIMessage> {
    const opened = await this.attempt(
      () => this.rest.post(Routes.userChannels(), { body: { recipient_id: userId } }),
      "dm",
      log,
    );
    if (!opened.ok) throw opened.error;
    return this.post(opened.message.id, message, undefined, log);
  }

  private async postFinal(
    loc: MessageLocation,
    message: OutgoingMessage,
    requesterId: string,
    log: Logger,
  ): Promise<ShowResult> {
    try {
      const posted = await this.post(loc.channelId, message, loc.messageId ?? undefined, log);
      return { location: this.located(loc, posted), route: "channel-new" };
    } catch (err) {
      if (!isDeliveryError(err, "no-access", "message-gone")) throw err;
      log.info(
        { channelId: loc.channelId, kind: err.kind, code: discordErrorCode(err.cause) },
        "cannot post in the channel; sending the result by DM",
      );
    }
    try {
      const posted = await this.postDirect(requesterId, message, log);
      return { location: { ...this.located(loc, posted), guildId: null }, route: "dm" };
    } catch (err) {
      if (isDeliveryError(err, "transient")) throw err;
      throw new DeliveryError(
        "unreachable",
        "the requester can be reached neither in the channel nor by DM",
        {
          cause: err,
          route: "dm",
        },
      );
    }
  }

  /**
   * The job's message is gone (deleted, or its channel deleted): neither token can edit it any more. A
   * progress update stops here; a final one goes on to a new message.
   */
  private gone(loc: MessageLocation, error: DeliveryError, final: boolean): MessageLocation {
    if (!final) throw error;
    return { ...loc, interactionToken: null, channelEditable: false };
  }

  private located(loc: MessageLocation, message: APIMessage): MessageLocation {
    return { ...loc, channelId: message.channel_id, messageId: message.id };
  }

  private async attempt(
    call: () => Promise<unknown>,
    route: DeliveryRoute,
    log: Logger,
  ): Promise<{ ok: true; message: APIMessage } | { ok: false; error: DeliveryError }> {
    try {
      return { ok: true, message: (await call()) as APIMessage };
    } catch (err) {
      const error = toDeliveryError(err, route);
      // No stack here: whoever decides what to do about the failure logs it, once.
      log.debug(
        { route, kind: error.kind, code: discordErrorCode(err) },
        "Discord refused a message request",
      );
      return { ok: false, error };
    }
  }
}
