/**
 * Shows a job's messages in Discord through REST alone (no cached objects), so it works the same for a job
 * that started a minute ago and one restored after a restart. Progress edits the job's message through
 * what still works (the interaction token while it is valid, then the bot token on the channel). A result
 * is a new message that pings the requester (an edit pings nobody), posted in the channel, else as an
 * interaction follow-up, else by DM, with a `nonce` that makes a repeat return the message already posted;
 * the progress message is then deleted, or collapsed to a pointer to the result.
 * @see https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-response-object
 * @see https://discord.com/developers/docs/resources/message#create-message
 */
import { MessageFlags, Routes, type REST } from "discord.js";
import type { APIMessage } from "discord-api-types/v10";
import type { Logger } from "../logger.js";
import type { MessageLocation } from "../imagine/job.js";
import type { OutgoingMessage } from "../imagine/outgoing-message.js";
import type { PostResultOptions } from "../imagine/imagine-service-options.js";
import { DeliveryError, isDeliveryError, type DeliveryRoute } from "../jobs/delivery-error.js";
import { mentioningRequester, toApiMessage } from "./api-message.js";
import {
  attemptDiscord,
  located,
  MessagePoster,
  placeOf,
  tryRoute,
  type Attempt,
  type PostResult,
} from "./message-poster.js";
import type { BatchLimits } from "./result-batch.js";
import type { FollowUpClaims } from "./follow-up-budget.js";
import { InteractionTokens } from "./interaction-tokens.js";
import { restRefreshLinks } from "./attachment-links.js";

export type { PostResult };

/** What became of a job's progress message once its result was posted. */
export type RetireOutcome = "deleted" | "collapsed" | "gone" | "kept";

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
  /** What one message of several results may carry (default: Discord's limits). */
  batchLimits?: BatchLimits;
}

/** Sends and edits the bot's job messages in Discord. */
export class DiscordMessenger {
  private readonly rest: REST;
  private readonly interactionRest: REST;
  private readonly log: Logger;
  private readonly poster: MessagePoster;
  private readonly tokens: InteractionTokens;

  constructor(options: DiscordMessengerOptions) {
    this.rest = options.rest;
    this.interactionRest = options.interactionRest ?? options.rest;
    this.log = options.logger;
    this.poster = new MessagePoster(options.rest, options.logger, options.batchLimits);
    this.tokens = new InteractionTokens(
      this.interactionRest,
      options.now ?? Date.now,
      options.tokenMarginMs ?? 60_000,
    );
  }

  /**
   * Edits the job's message into `message` (progress): through the interaction token while it works, else
   * with the bot token. Route `null`: no route can edit it any more, the update is skipped. Lines it logs
   * go to `options.log` (the job's logger) when given.
   * @throws {DeliveryError} `message-gone` (the message or its channel was deleted), `transient`, `invalid`.
   */
  async show(
    location: MessageLocation,
    message: OutgoingMessage,
    options: { log?: Logger } = {},
  ): Promise<{ location: MessageLocation; route: DeliveryRoute | null }> {
    const log = options.log ?? this.log;
    let loc = location;
    const api = toApiMessage(message);
    const token = this.tokens.usable(loc);
    if (token !== null) {
      const route = Routes.webhookMessage(loc.applicationId, token, loc.messageId ?? "@original");
      // Webhook routes carry their own token; sent with the bot token, a 401 would make @discordjs/rest
      // drop the bot token for every later request.
      const sent = await this.attempt(
        () => this.interactionRest.patch(route, { ...api, auth: false }),
        "interaction",
        log,
      );
      if (sent.ok) return { location: located(loc, sent.message), route: "interaction" };
      if (sent.error.kind === "token-expired") loc = { ...loc, interactionToken: null };
      else if (sent.error.kind !== "no-access") throw sent.error;
    }
    if (loc.messageId !== null && loc.channelEditable) {
      const route = Routes.channelMessage(loc.channelId, loc.messageId);
      const sent = await this.attempt(() => this.rest.patch(route, api), "channel-edit", log);
      if (sent.ok) return { location: located(loc, sent.message), route: "channel-edit" };
      if (sent.error.kind !== "no-access" && sent.error.kind !== "token-expired") throw sent.error;
      loc = { ...loc, channelEditable: false };
    }
    return { location: loc, route: null };
  }

  /**
   * Posts a job's result (or a U image, as a reply to `replyTo`) as a new message that mentions the
   * requester and pings only them: in the job's channel with `nonce` (a repeat within Discord's window
   * returns the message already posted), else as a follow-up of the interaction while its token lasts
   * (Execute Webhook takes no nonce), else by DM (with `nonce`). With `byDm` (the requester's preference),
   * a server job's result goes by DM first, and through the routes above when the DM fails. `quiet`: the
   * message is posted as rendered, without the requester's mention (a notice of their own action).
   * @see https://discord.com/developers/docs/resources/message#create-message-jsonform-params
   * @throws {DeliveryError} `transient` or `invalid`, or `unreachable` when every route refused it.
   */
  async postResult(
    location: MessageLocation,
    message: OutgoingMessage,
    options: PostResultOptions,
  ): Promise<PostResult> {
    const log = options.log ?? this.log;
    const mentioning = options.quiet ? message : mentioningRequester(message, options.requesterId);
    if (options.byDm && location.guildId !== null) {
      try {
        const posted = await this.postDirect(options.requesterId, mentioning, {
          nonce: options.nonce,
          log,
          ...(options.quiet ? {} : { requesterId: options.requesterId }),
          ...(options.claimNonce ? { claim: options.claimNonce } : {}),
        });
        return { ...placeOf(posted, null), route: "dm" };
      } catch (err) {
        if (isDeliveryError(err, "transient")) throw err;
        log.info({ err }, "the requester asked for results by DM, which failed; posting in the channel");
      }
    }
    if (location.channelEditable) {
      const posted = await tryRoute(
        () =>
          // A reply, or a notice pinging nobody, is its own message; a result may share one with others.
          options.replyTo !== undefined || options.quiet
            ? this.post(location.channelId, mentioning, {
                nonce: options.nonce,
                ...(options.replyTo === undefined ? {} : { replyTo: options.replyTo }),
                log,
              })
            : this.poster.postResult(location.channelId, mentioning, {
                requesterId: options.requesterId,
                nonce: options.nonce,
                ...(options.claimNonce ? { claim: options.claimNonce } : {}),
                log,
              }),
        log,
      );
      if (posted) return { ...placeOf(posted, location.guildId), route: "channel-new" };
    }
    const token = await this.tokens.forFollowUp(location, log);
    if (token !== null) {
      const api = toApiMessage(mentioning);
      const sent = await this.tokens.sendFollowUp(location.applicationId, token, api, log);
      if (sent.ok) return { ...placeOf(sent.message, location.guildId), route: "interaction" };
      if (!isDeliveryError(sent.error, "no-access", "message-gone", "token-expired")) throw sent.error;
    }
    log.info({ channelId: location.channelId }, "cannot post in the channel; sending the result by DM");
    try {
      const posted = await this.postDirect(options.requesterId, mentioning, {
        nonce: options.nonce,
        log,
        ...(options.quiet ? {} : { requesterId: options.requesterId }),
      });
      return { ...placeOf(posted, null), route: "dm" };
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
   * Removes the job's progress message once its result is posted: deletes it through the interaction
   * token while it lasts, else with the bot token; where neither can (an ephemeral message after the
   * token expired, a permission problem), edits it into `pointer` (a line pointing to the result) if any
   * route still can.
   * @see https://discord.com/developers/docs/resources/message#delete-message
   * @throws {DeliveryError} `transient` or `invalid`.
   */
  async retire(
    location: MessageLocation,
    pointer: OutgoingMessage,
    log: Logger = this.log,
  ): Promise<RetireOutcome> {
    const token = this.tokens.usable(location);
    let loc = location;
    if (token !== null) {
      const route = Routes.webhookMessage(loc.applicationId, token, loc.messageId ?? "@original");
      const sent = await this.attempt(
        () => this.interactionRest.delete(route, { auth: false }),
        "interaction",
        log,
      );
      if (sent.ok) return "deleted";
      if (sent.error.kind === "message-gone") return "gone";
      if (sent.error.kind === "token-expired") loc = { ...loc, interactionToken: null };
      else if (sent.error.kind !== "no-access") throw sent.error;
    }
    if (loc.messageId !== null && loc.channelEditable) {
      const route = Routes.channelMessage(loc.channelId, loc.messageId);
      const sent = await this.attempt(() => this.rest.delete(route), "channel-edit", log);
      if (sent.ok) return "deleted";
      if (sent.error.kind === "message-gone") return "gone";
      if (sent.error.kind !== "no-access" && sent.error.kind !== "token-expired") throw sent.error;
    }
    try {
      const shown = await this.show(loc, pointer, { log });
      return shown.route === null ? "kept" : "collapsed";
    } catch (err) {
      if (isDeliveryError(err, "message-gone")) return "gone";
      throw err;
    }
  }

  /**
   * Shows `message` to the requester only: an ephemeral follow-up through the interaction token while it
   * lasts, else a DM.
   * @see https://discord.com/developers/docs/interactions/receiving-and-responding#create-followup-message
   * @throws {DeliveryError} when neither route works.
   */
  async showPrivately(
    location: MessageLocation,
    message: OutgoingMessage,
    requesterId: string,
    log: Logger = this.log,
  ): Promise<"interaction" | "dm"> {
    const token = await this.tokens.forFollowUp(location, log);
    if (token !== null) {
      const api = toApiMessage(message);
      const body = { ...api.body, flags: MessageFlags.Ephemeral };
      const sent = await this.tokens.sendFollowUp(location.applicationId, token, { ...api, body }, log);
      if (sent.ok) return "interaction";
    }
    await this.postDirect(requesterId, message, { log });
    return "dm";
  }

  /**
   * Posts a new message in a channel (see `MessagePoster.post`): optionally a reply to `replyTo`, with a
   * `nonce` Discord enforces.
   * @throws {DeliveryError}
   */
  post(
    channelId: string,
    message: OutgoingMessage,
    options: { replyTo?: string; nonce?: string; log?: Logger } = {},
  ): Promise<APIMessage> {
    return this.poster.post(channelId, message, options);
  }

  /**
   * Counts the follow-ups of interactions where only the member's install reaches in `claims` (the job
   * store, once open), so that the count of each interaction outlives a restart (see `follow-up-budget.ts`).
   */
  countFollowUpsIn(claims: FollowUpClaims): void {
    this.tokens.countFollowUpsIn(claims);
  }

  /**
   * Fresh links for Discord attachment links (see `attachment-links.ts`); a link Discord did not refresh is
   * left out.
   */
  refreshAttachmentLinks(urls: readonly string[]): Promise<ReadonlyMap<string, string>> {
    return restRefreshLinks(this.rest)(urls);
  }

  /** Posts in the DM channel with a user (see `MessagePoster.postDirect`). */
  postDirect(
    userId: string,
    message: OutgoingMessage,
    options: Parameters<MessagePoster["postDirect"]>[2] = {},
  ): Promise<APIMessage> {
    return this.poster.postDirect(userId, message, { ...options, log: options.log ?? this.log });
  }

  private attempt(call: () => Promise<unknown>, route: DeliveryRoute, log: Logger): Promise<Attempt> {
    return attemptDiscord(call, route, log);
  }
}
