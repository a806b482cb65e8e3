/**
 * Classification of errors from Discord's REST API (as thrown by @discordjs/rest) into the core's one
 * delivery vocabulary, so delivery code can decide between retrying, falling back to another way of
 * reaching the user, and giving up.
 * @see https://discord.com/developers/docs/topics/opcodes-and-status-codes#json
 */
import { DiscordAPIError, HTTPError, RateLimitError, RESTJSONErrorCodes } from "discord.js";
import { DeliveryError, type DeliveryErrorKind, type DeliveryRoute } from "../jobs/delivery-error.js";

/** Reads Discord's numeric error code, if any. */
export function discordErrorCode(err: unknown): number | undefined {
  return err instanceof DiscordAPIError && typeof err.code === "number" ? err.code : undefined;
}

/**
 * Maps any error thrown by a REST call to what the caller should do about it. A deleted message, and a
 * deleted channel (whose interaction webhook goes with it), are `message-gone`.
 * @see https://discord.com/developers/docs/topics/opcodes-and-status-codes#json-json-error-codes
 */
export function classifyDiscordError(err: unknown): DeliveryErrorKind {
  if (err instanceof RateLimitError || err instanceof HTTPError) return "transient";
  if (err instanceof DiscordAPIError) {
    switch (err.code) {
      case RESTJSONErrorCodes.InvalidWebhookToken:
      case RESTJSONErrorCodes.UnknownInteraction:
        return "token-expired";
      case RESTJSONErrorCodes.UnknownMessage:
      case RESTJSONErrorCodes.UnknownChannel:
      case RESTJSONErrorCodes.UnknownWebhook:
        return "message-gone";
      case RESTJSONErrorCodes.MissingAccess:
      case RESTJSONErrorCodes.MissingPermissions:
      case RESTJSONErrorCodes.CannotSendMessagesToThisUser:
      case RESTJSONErrorCodes.CannotSendMessagesToThisUserDueToHavingNoMutualGuilds:
      case RESTJSONErrorCodes.CannotEditMessageAuthoredByAnotherUser:
        return "no-access";
    }
    if (err.status === 401) return "token-expired";
    if (err.status === 429 || err.status >= 500) return "transient";
    return "invalid";
  }
  // Network errors, aborted requests and anything unexpected: assume it may succeed later.
  return "transient";
}

/** Wraps an error thrown by a REST call on `route` as the core's {@link DeliveryError}. */
export function toDeliveryError(err: unknown, route?: DeliveryRoute): DeliveryError {
  if (err instanceof DeliveryError) return err;
  const text = err instanceof Error ? err.message : String(err);
  return new DeliveryError(classifyDiscordError(err), `${route ?? "discord"}: ${text}`, {
    cause: err,
    ...(route ? { route } : {}),
    ...(err instanceof RateLimitError ? { retryAfterMs: err.retryAfter } : {}),
  });
}
