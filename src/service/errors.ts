/**
 * Typed errors of the image-service client. Callers switch on `kind`. Messages carry the service's own
 * message when there is one and never the token.
 */

/**
 * Every kind of {@link ServiceError}, for callers that switch on `kind` and for metrics labels:
 * - `unauthorized`: 401 INVALID_CREDENTIALS / TOKEN_EXPIRED: the token is wrong or expired.
 * - `forbidden`: 403 FORBIDDEN: no token, or an unknown, malformed or someone else's id (never 404).
 * - `validation`: 400 FAILED_VALIDATION / INVALID_PAYLOAD (and 413/415): refused as invalid.
 * - `rate-limited`: 429 REQUESTS_EXCEEDED; `retryAfterMs` says when to try again.
 * - `quota`: 429 IMAGE_ERROR: the account's image quota is used up.
 * - `server`: 5xx with a JSON body (500 INTERNAL_SERVER_ERROR, 503 SERVICE_UNAVAILABLE, ...).
 * - `not-json`: a body that is not JSON, e.g. an HTML 502/504 page from a proxy.
 * - `invalid-response`: JSON without the documented shape (e.g. a record without `id` or `status`).
 * - `network`: the connection failed; `connectFailed` says the request provably never left.
 * - `timeout`: no answer within the per-request time limit.
 */
export const SERVICE_ERROR_KINDS = [
  "unauthorized",
  "forbidden",
  "validation",
  "rate-limited",
  "quota",
  "server",
  "not-json",
  "invalid-response",
  "network",
  "timeout",
] as const;

export type ServiceErrorKind = (typeof SERVICE_ERROR_KINDS)[number];

export interface ServiceErrorInit {
  status?: number;
  /** The service's error code, e.g. `FORBIDDEN`. */
  code?: string;
  /** The service's own message, e.g. `Invalid user credentials.` */
  serviceMessage?: string;
  /** From a `Retry-After` header, in milliseconds. */
  retryAfterMs?: number;
  /** For `network`: the connection was never established, so the request did not reach the service. */
  connectFailed?: boolean;
  /** `METHOD /path` of the request (never the full URL with a query, never headers). */
  request?: string;
  cause?: unknown;
}

/** An error from the image service or from talking to it. */
export class ServiceError extends Error {
  readonly kind: ServiceErrorKind;
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly serviceMessage: string | undefined;
  readonly retryAfterMs: number | undefined;
  readonly connectFailed: boolean;
  readonly request: string | undefined;

  constructor(kind: ServiceErrorKind, message: string, init: ServiceErrorInit = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = "ServiceError";
    this.kind = kind;
    this.status = init.status;
    this.code = init.code;
    this.serviceMessage = init.serviceMessage;
    this.retryAfterMs = init.retryAfterMs;
    this.connectFailed = init.connectFailed ?? false;
    this.request = init.request;
  }

  /** Whether retrying the same request later can succeed. */
  get transient(): boolean {
    return (
      this.kind === "rate-limited" ||
      this.kind === "server" ||
      this.kind === "not-json" ||
      this.kind === "network" ||
      this.kind === "timeout"
    );
  }
}

export function isServiceError(err: unknown): err is ServiceError {
  return err instanceof ServiceError;
}

/**
 * Whether a failed create provably made no record: the connection was never established, so the request
 * never reached the server. Only such a create may be sent to another server (never two records).
 */
export function madeNoRecord(err: unknown): boolean {
  return isServiceError(err) && err.kind === "network" && err.connectFailed;
}

/** Why {@link ImageDownloadError} was thrown. */
export type ImageDownloadFailure =
  /** The URL is not an absolute http(s) URL (or a redirect pointed to one). */
  | "url"
  /** More redirects than allowed, or a redirect without a `Location`. */
  | "redirects"
  /** The image host answered with a non-2xx status. */
  | "status"
  /** The body is not a PNG, JPEG, WebP or GIF image. */
  | "content-type"
  /** The image is larger than the caller's byte limit. */
  | "too-large";

/**
 * A failed image download (the bytes behind a record's `url`) for a reason other than the connection
 * (those are plain `network` / `timeout` {@link ServiceError}s). `kind` is `server` for a 5xx answer and
 * `invalid-response` otherwise; `reason` says exactly what went wrong.
 */
export class ImageDownloadError extends ServiceError {
  readonly reason: ImageDownloadFailure;

  constructor(reason: ImageDownloadFailure, message: string, init: ServiceErrorInit = {}) {
    const status = init.status;
    super(
      reason === "status" && status !== undefined && status >= 500 ? "server" : "invalid-response",
      message,
      init,
    );
    this.name = "ImageDownloadError";
    this.reason = reason;
  }
}
