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
import { DeliveryError } from "../jobs/delivery-error.js";
import { classifyDiscordError, type DiscordFailure } from "./discord-errors.js";

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

export type DeliveryRoute = "interaction" | "channel-edit" | "channel-new" | "dm";

/** Why a message could not be shown; `transient` may succeed later. */
export class MessengerError extends Error {
  constructor(
    readonly failure: DiscordFailure | "unreachable",
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "MessengerError";
  }
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
   * else as a DM to `requesterId`. Lines it logs go to `options.log` (the job's logger) when given.
   * @throws {MessengerError} `message-gone` (deleted), `transient`, `invalid`, or `unreachable` (final only).
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
      if (sent.failure === "token-expired") loc = { ...loc, interactionToken: null };
      else if (sent.failure !== "no-access") throw sent.error;
    }
    if (loc.messageId !== null && loc.channelEditable) {
      const route = Routes.channelMessage(loc.channelId, loc.messageId);
      const sent = await this.attempt(() => this.rest.patch(route, api), "channel-edit", log);
      if (sent.ok) return { location: this.located(loc, sent.message), route: "channel-edit" };
      if (sent.failure !== "no-access" && sent.failure !== "token-expired") throw sent.error;
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
      if (!(err instanceof MessengerError) || (err.failure !== "no-access" && err.failure !== "message-gone"))
        throw err;
      log.info(
        { channelId: loc.channelId, failure: err.failure },
        "cannot post in the channel; sending the result by DM",
      );
    }
    try {
      const posted = await this.postDirect(requesterId, message, log);
      return { location: { ...this.located(loc, posted), guildId: null }, route: "dm" };
    } catch (err) {
      if (err instanceof MessengerError && err.failure === "transient") throw err;
      throw new MessengerError(
        "unreachable",
        "the requester can be reached neither in the channel nor by DM",
        {
          cause: err,
        },
      );
    }
  }

  private located(loc: MessageLocation, message: APIMessage): MessageLocation {
    return { ...loc, channelId: message.channel_id, messageId: message.id };
  }

  private async attempt(
    call: () => Promise<unknown>,
    route: DeliveryRoute,
    log: Logger,
  ): Promise<
    { ok: true; message: APIMessage } | { ok: false; failure: DiscordFailure; error: MessengerError }
  > {
    try {
      return { ok: true, message: (await call()) as APIMessage };
    } catch (err) {
      const failure = classifyDiscordError(err);
      log.debug({ route, failure, err }, "Discord refused a message request");
      return {
        ok: false,
        failure,
        error: new MessengerError(failure, `${route}: ${String(err)}`, { cause: err }),
      };
    }
  }
}

/** Maps a messenger failure onto the update throttle's kinds: retry what can succeed, stop on a deleted message. */
export function toDeliveryError(err: unknown): DeliveryError {
  if (err instanceof DeliveryError) return err;
  const failure = err instanceof MessengerError ? err.failure : classifyDiscordError(err);
  const message = err instanceof Error ? err.message : String(err);
  switch (failure) {
    case "message-gone":
      return new DeliveryError("gone", message, { cause: err });
    case "invalid":
    case "unreachable":
      return new DeliveryError("fatal", message, { cause: err });
    default:
      return new DeliveryError("retry", message, { cause: err });
  }
}
