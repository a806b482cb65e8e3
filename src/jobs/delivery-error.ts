/**
 * How the injected `send` of a `MessageUpdateThrottle` reports a failed message update. The Discord
 * adapter maps Discord's answers onto these kinds; the throttle knows nothing of Discord.
 */

/**
 * - `retry`: transient (429, 5xx, network): try again later, after `retryAfterMs` when given.
 * - `gone`: the message cannot be edited any more (deleted: 10008; token expired: 50027 with no fallback):
 *   stop updating this job.
 * - `fatal`: this update can never succeed (e.g. 50035 invalid form body, 50013 missing permissions).
 * @see https://discord.com/developers/docs/topics/opcodes-and-status-codes#json
 * @see https://discord.com/developers/docs/topics/rate-limits
 */
export type DeliveryErrorKind = "retry" | "gone" | "fatal";

/** A classified failure of sending a message update. */
export class DeliveryError extends Error {
  readonly kind: DeliveryErrorKind;
  /** For `retry`: when the sender was told to come back (e.g. Discord's `retry_after`), in milliseconds. */
  readonly retryAfterMs: number | undefined;

  constructor(
    kind: DeliveryErrorKind,
    message: string,
    init: { retryAfterMs?: number; cause?: unknown } = {},
  ) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = "DeliveryError";
    this.kind = kind;
    this.retryAfterMs = init.retryAfterMs;
  }
}

/** Whether `err` is a {@link DeliveryError}. */
export function isDeliveryError(err: unknown): err is DeliveryError {
  return err instanceof DeliveryError;
}
