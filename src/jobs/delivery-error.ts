/**
 * The one vocabulary for showing a job's message to its requester: the routes a message can take and the
 * one error type a failed delivery is reported with. The Discord adapter maps Discord's answers onto these
 * kinds; the core (update throttle, imagine service, metrics) knows nothing of Discord.
 * @see https://discord.com/developers/docs/topics/opcodes-and-status-codes#json
 */

/**
 * How a message reaches the requester, in the order they are tried: an edit with the interaction token,
 * an edit with the bot token, a new message in the channel, a DM.
 */
export const DELIVERY_ROUTES = ["interaction", "channel-edit", "channel-new", "dm"] as const;
/** One of {@link DELIVERY_ROUTES}. */
export type DeliveryRoute = (typeof DELIVERY_ROUTES)[number];

/**
 * Why a delivery failed:
 * - `transient`: worth retrying later (5xx, network, a 429 that escaped the library's queue).
 * - `message-gone`: the job's message is gone (deleted, or its channel deleted): stop editing it.
 * - `token-expired`: the interaction token no longer works: another route may.
 * - `no-access`: the bot may not see or write in the channel, or the user takes no DMs: another route may.
 * - `invalid`: the request itself is wrong (400): retrying it cannot help.
 * - `unreachable`: every route failed: the requester can be reached neither in the channel nor by DM.
 */
export const DELIVERY_ERROR_KINDS = [
  "transient",
  "message-gone",
  "token-expired",
  "no-access",
  "invalid",
  "unreachable",
] as const;
/** One of {@link DELIVERY_ERROR_KINDS}. */
export type DeliveryErrorKind = (typeof DELIVERY_ERROR_KINDS)[number];

/** A failed delivery of a job's message: the one error type a messenger throws. */
export class DeliveryError extends Error {
  readonly kind: DeliveryErrorKind;
  /** The route that failed last, when known. */
  readonly route: DeliveryRoute | undefined;
  /** For `transient`: when the sender was told to come back (e.g. Discord's `retry_after`), in milliseconds. */
  readonly retryAfterMs: number | undefined;

  constructor(
    kind: DeliveryErrorKind,
    message: string,
    init: { route?: DeliveryRoute; retryAfterMs?: number; cause?: unknown } = {},
  ) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = "DeliveryError";
    this.kind = kind;
    this.route = init.route;
    this.retryAfterMs = init.retryAfterMs;
  }
}

/** Whether `err` is a {@link DeliveryError}, optionally of one of `kinds`. */
export function isDeliveryError(err: unknown, ...kinds: DeliveryErrorKind[]): err is DeliveryError {
  return err instanceof DeliveryError && (kinds.length === 0 || kinds.includes(err.kind));
}
