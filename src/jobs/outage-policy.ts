/**
 * When a job's failed polls mean the image service is not answering, so the job's message should say so
 * instead of standing still: pure, kept beside the poll policy.
 */
import type { ServiceErrorKind } from "../service/errors.js";

/** Failed polls in a row after which the job's message says the service is not answering. */
export const SERVICE_SILENT_AFTER_FAILURES = 3;

/**
 * Failures that say the server did not answer the request itself: a refused or dropped connection, no answer
 * in time, a 5xx, or an error page that is not JSON (a gateway's). The client retries a read on these (on a
 * page that is not JSON, from status 500), so one such failed poll is already several requests failing over
 * seconds: it says the server is not answering at once, within seconds of it stopping (issue 39, point 5).
 */
const SILENT_KINDS: ReadonlySet<string> = new Set<ServiceErrorKind>([
  "network",
  "timeout",
  "server",
  "not-json",
]);

/**
 * Failures that say nothing about the service as a whole: `forbidden` is about one record (a job the
 * service no longer knows ends through the tracker's `onLost`), `validation` about one request.
 */
const NOT_AN_OUTAGE: ReadonlySet<string> = new Set<ServiceErrorKind>(["forbidden", "validation"]);

/**
 * Whether a job whose last `consecutiveFailures` polls failed, the last with an error of `kind`
 * (`undefined` for an error that is not a `ServiceError`), should tell the user the service is not
 * answering: at the first failure the client already retried, after `threshold` of any other outage kind.
 * A successful poll resets the count, and with it the hint.
 */
export function isServiceUnanswering(
  consecutiveFailures: number,
  kind: string | undefined,
  threshold: number = SERVICE_SILENT_AFTER_FAILURES,
): boolean {
  const needed = isSilentKind(kind) ? 1 : Math.max(1, threshold);
  return isOutageKind(kind) && consecutiveFailures >= needed;
}

/**
 * Whether a failure of `kind` says the server is silent (no answer, or a gateway's error page for it), as
 * opposed to an answer from it about the request (`forbidden`, `unauthorized`, a rate limit, …).
 */
export function isSilentKind(kind: string | undefined): boolean {
  return kind !== undefined && SILENT_KINDS.has(kind);
}

/**
 * Whether a failure of `kind` (a `ServiceErrorKind`, or `undefined` for any other error) can mean the
 * service is down or refusing the bot, as opposed to a problem with one record or one request.
 */
export function isOutageKind(kind: string | undefined): boolean {
  return kind === undefined || !NOT_AN_OUTAGE.has(kind);
}
