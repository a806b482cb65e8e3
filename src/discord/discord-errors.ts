/**
 * Classification of errors from Discord's REST API (as thrown by @discordjs/rest), so delivery code can
 * decide between retrying, falling back to another way of reaching the user, and giving up.
 * @see https://discord.com/developers/docs/topics/opcodes-and-status-codes#json
 */
import { DiscordAPIError, HTTPError, RateLimitError } from "discord.js";

/** Discord JSON error codes the bot reacts to. */
export const DiscordErrorCode = {
  UnknownChannel: 10003,
  UnknownMessage: 10008,
  UnknownInteraction: 10062,
  CannotEditOtherUsersMessage: 50005,
  MissingAccess: 50001,
  CannotSendToUser: 50007,
  MissingPermissions: 50013,
  InvalidWebhookToken: 50027,
  InvalidFormBody: 50035,
  AlreadyAcknowledged: 40060,
} as const;

export type DiscordFailure =
  /** The interaction token expired or is invalid: use the bot token or another route. */
  | "token-expired"
  /** The message is gone (deleted by someone). */
  | "message-gone"
  /** The bot may not see or write in the channel, or the user does not take DMs. */
  | "no-access"
  /** Worth retrying later: 5xx, network, a 429 that escaped the library's own queue. */
  | "transient"
  /** Our request is wrong (400): retrying it cannot help. */
  | "invalid";

/** Reads Discord's numeric error code, if any. */
export function discordErrorCode(err: unknown): number | undefined {
  return err instanceof DiscordAPIError && typeof err.code === "number" ? err.code : undefined;
}

/** Maps any error thrown by a REST call to what the caller should do about it. */
export function classifyDiscordError(err: unknown): DiscordFailure {
  if (err instanceof RateLimitError || err instanceof HTTPError) return "transient";
  if (err instanceof DiscordAPIError) {
    switch (err.code) {
      case DiscordErrorCode.InvalidWebhookToken:
      case DiscordErrorCode.UnknownInteraction:
        return "token-expired";
      case DiscordErrorCode.UnknownMessage:
        return "message-gone";
      case DiscordErrorCode.UnknownChannel:
      case DiscordErrorCode.MissingAccess:
      case DiscordErrorCode.MissingPermissions:
      case DiscordErrorCode.CannotSendToUser:
      case DiscordErrorCode.CannotEditOtherUsersMessage:
        return "no-access";
    }
    if (err.status === 401) return "token-expired";
    if (err.status === 429 || err.status >= 500) return "transient";
    return "invalid";
  }
  // Network errors, aborted requests and anything unexpected: assume it may succeed later.
  return "transient";
}
