/**
 * The one generic JSON request to the image service: authorization, time limit, size limit, typed errors,
 * zod validation, retries and debug logging. Every operation of {@link ImagineClient} goes through
 * {@link requestJson}.
 */
import { setTimeout as delay } from "node:timers/promises";
import { request, type Dispatcher } from "undici";
import type { z } from "zod";
import type { ServiceSlots } from "../fleet/fleet-channels.js";
import type { Logger } from "../logger.js";
import { answerDigest, type AnswerMemo } from "./answer-memo.js";
import { ServiceError } from "./errors.js";
import { readBodyLimited, runWithTimeout, type AttemptDescription, type AttemptSignal } from "./http.js";
import {
  errorFromAnswer,
  invalidShapeError,
  parseJsonOrUndefined,
  type ServiceAnswer,
} from "./response-errors.js";
import { withRetries, type RetryMode, type RetryPolicy } from "./retry.js";
import { Semaphore } from "./semaphore.js";

/** How to reach the image service, and how patiently. Only `baseUrl` and `token` are required. */
export interface ServiceClientOptions {
  /** The service's base URL, e.g. `https://cl.imagineapi.dev`; paths are appended to it. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer <token>`; its shape is not checked (it is not documented). */
  token: string;
  /** undici dispatcher (tests pass a `MockAgent`). Default: undici's global dispatcher. */
  dispatcher?: Dispatcher;
  /** Time limit of one attempt, headers and body together. Default 15000. */
  timeoutMs?: number;
  /** Retries after the first attempt. Default 3. */
  maxRetries?: number;
  /** First backoff ceiling (full jitter, doubling). Default 500. */
  retryBaseDelayMs?: number;
  /** Largest backoff ceiling. Default 10000. */
  retryMaxDelayMs?: number;
  /** A `Retry-After` longer than this is not waited for; the error is thrown instead. Default 60000. */
  maxRetryAfterMs?: number;
  /**
   * Largest response body read from the service. Default 16 MiB: a record is a few KiB, but a failed one
   * may carry an error text of any length, and refusing it would leave the job to time out.
   */
  maxResponseBytes?: number;
  /** Requests to the service in flight at once (waits between retries hold no slot). Default 8. */
  maxConcurrency?: number;
  /**
   * The slots of {@link maxConcurrency}, when they are shared with the job tracker's polls (which take a
   * slot before they call `getImage` with `inSlot`). Default: a semaphore of `maxConcurrency` of its own.
   */
  slots?: Semaphore;
  /**
   * A cap shared with other processes (SERVICE_FLEET_MAX_CONCURRENCY): each attempt also waits for one of
   * its slots, after this process's own `maxConcurrency`. Default: none.
   */
  fleetSlots?: Pick<ServiceSlots, "run">;
  /** Waits between retries. Default: a real timer. */
  sleep?: (ms: number) => Promise<void>;
  /** Jitter source in [0, 1). Default `Math.random`. */
  random?: () => number;
  /** Clock in epoch milliseconds, for durations and `Retry-After` dates. Default `Date.now`. */
  now?: () => number;
  /** Debug-logs every attempt (method, path, status, duration, attempt); never the token. */
  logger?: Logger;
  /** `User-Agent` header. Default `imagine-bot`. */
  userAgent?: string;
}

/** Default {@link ServiceClientOptions.maxResponseBytes}. */
export const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

/** {@link ServiceClientOptions} checked and with every default filled in. */
export interface ServiceContext {
  baseUrl: string;
  token: string;
  dispatcher: Dispatcher | undefined;
  timeoutMs: number;
  maxResponseBytes: number;
  retry: RetryPolicy;
  slots: Semaphore;
  fleetSlots: Pick<ServiceSlots, "run"> | undefined;
  now: () => number;
  logger: Logger | undefined;
  userAgent: string;
}

function positive(name: string, value: number, min: number): number {
  if (!Number.isFinite(value) || value < min) {
    throw new RangeError(
      `Image service client: ${name} must be a number of at least ${min}, got ${String(value)}`,
    );
  }
  return value;
}

/**
 * Checks options and fills in defaults.
 * @throws {TypeError} for a base URL that is not http(s) or a token that is empty or not a valid header value.
 * @throws {RangeError} for a limit out of range.
 */
export function resolveServiceOptions(options: ServiceClientOptions): ServiceContext {
  let base: URL;
  try {
    base = new URL(options.baseUrl);
  } catch {
    throw new TypeError(`Image service client: baseUrl is not a URL: ${JSON.stringify(options.baseUrl)}`);
  }
  if (base.protocol !== "http:" && base.protocol !== "https:") {
    throw new TypeError(
      `Image service client: baseUrl must be http(s), got ${JSON.stringify(base.protocol)}`,
    );
  }
  // Header values cannot hold control characters; checked here so undici's error never involves the token.
  const token = typeof options.token === "string" ? options.token.trim() : "";
  if (token === "" || /\p{Cc}/u.test(token)) {
    throw new TypeError("Image service client: token must be a non-empty string without control characters");
  }
  const maxRetries = options.maxRetries ?? 3;
  if (!Number.isInteger(maxRetries) || maxRetries < 0) {
    throw new RangeError(
      `Image service client: maxRetries must be a whole number >= 0, got ${String(maxRetries)}`,
    );
  }
  return {
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    token,
    dispatcher: options.dispatcher,
    timeoutMs: positive("timeoutMs", options.timeoutMs ?? 15_000, 1),
    maxResponseBytes: positive("maxResponseBytes", options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES, 1),
    retry: {
      maxRetries,
      baseDelayMs: positive("retryBaseDelayMs", options.retryBaseDelayMs ?? 500, 0),
      maxDelayMs: positive("retryMaxDelayMs", options.retryMaxDelayMs ?? 10_000, 0),
      maxRetryAfterMs: positive("maxRetryAfterMs", options.maxRetryAfterMs ?? 60_000, 0),
      sleep: options.sleep ?? ((ms) => delay(ms)),
      random: options.random ?? Math.random,
    },
    slots: options.slots ?? new Semaphore(options.maxConcurrency ?? 8),
    fleetSlots: options.fleetSlots,
    now: options.now ?? Date.now,
    logger: options.logger,
    userAgent: options.userAgent ?? "imagine-bot",
  };
}

/** One JSON request: what to send, how to validate the answer, and whether it may be repeated. */
export interface JsonRequest<S extends z.ZodType> {
  method: "GET" | "POST";
  /** Path after the base URL, already encoded, e.g. `/items/images/abc`. */
  path: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Validates (and normalises) the 2xx JSON answer. */
  schema: S;
  /** `create` for requests that create something (see {@link isRetryable}). */
  retry: RetryMode;
  /** Human phrase for error messages, e.g. `creating an image`. */
  operation: string;
  /**
   * Where the last validated answer under `key` is kept: a 2xx answer byte-identical to it is returned as
   * that same object without parsing or validating it again.
   */
  memo?: { key: string; answers: AnswerMemo<z.output<S>> };
  /**
   * Not held to the fleet-wide cap: the health probe, which admission waits for before a command is
   * acknowledged, must not queue behind the fleet's image requests.
   */
  outsideFleetCap?: boolean;
  /** The caller already holds one of the client's {@link ServiceContext.slots} (a poll of the job tracker). */
  inSlot?: boolean;
}

/** A received answer: status, headers and the size-limited body bytes. */
interface RawAnswer {
  status: number;
  headers: ServiceAnswer["headers"];
  bytes: Buffer;
}

/** Sends the request and reads the (size-limited) answer; runs under the attempt's time limit. */
async function exchange(
  ctx: ServiceContext,
  req: JsonRequest<z.ZodType>,
  what: AttemptDescription,
  signal: AttemptSignal,
): Promise<RawAnswer> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${ctx.token}`,
    accept: "application/json",
    "user-agent": ctx.userAgent,
  };
  if (req.body !== undefined) headers["content-type"] = "application/json";
  const response = await request(ctx.baseUrl + req.path, {
    method: req.method,
    headers,
    signal,
    ...(req.body === undefined ? {} : { body: JSON.stringify(req.body) }),
    ...(ctx.dispatcher ? { dispatcher: ctx.dispatcher } : {}),
  });
  const { statusCode: status, headers: responseHeaders, body } = response;
  let oversize: ServiceError | undefined;
  const tooLarge = (size: number) => {
    oversize = new ServiceError(
      "invalid-response",
      `Image service sent a response of ${size} bytes while ${what.operation}, more than the ${ctx.maxResponseBytes} allowed.`,
      { status, request: what.request },
    );
    return oversize;
  };
  const bytes = await readBodyLimited(
    body,
    ctx.maxResponseBytes,
    responseHeaders["content-length"],
    tooLarge,
  ).catch((err: unknown) => {
    // An oversize error page still says what went wrong through its status.
    if (err === oversize && (status < 200 || status >= 300)) return Buffer.alloc(0);
    throw err;
  });
  return { status, headers: responseHeaders, bytes };
}

async function attemptOnce<S extends z.ZodType>(
  ctx: ServiceContext,
  req: JsonRequest<S>,
  what: AttemptDescription,
  attempt: number,
): Promise<z.output<S>> {
  const started = ctx.now();
  // Built only when logged: at thousands of polls a second every object counts.
  const debug = ctx.logger?.isLevelEnabled("debug") ? ctx.logger : undefined;
  const log = () => ({ method: req.method, path: req.path, attempt, durationMs: ctx.now() - started });
  let status: number | undefined;
  try {
    const answer = await runWithTimeout(
      ctx.timeoutMs,
      what,
      (signal) => exchange(ctx, req, what, signal),
      ctx.token,
    );
    status = answer.status;
    const success = status >= 200 && status < 300;
    const digest = success && req.memo ? answerDigest(answer.bytes) : undefined;
    const known = digest === undefined ? undefined : req.memo?.answers.get(req.memo.key, digest);
    if (known !== undefined) {
      debug?.debug({ ...log(), status, unchanged: true }, "image service request");
      return known;
    }
    const text = answer.bytes.toString("utf8");
    const json = parseJsonOrUndefined(text);
    if (!success || json === undefined) {
      throw errorFromAnswer({ status, headers: answer.headers, text }, what, ctx.token, ctx.now());
    }
    const parsed = req.schema.safeParse(json);
    if (!parsed.success) throw invalidShapeError(answer.status, parsed.error, what, ctx.token);
    if (digest !== undefined) req.memo?.answers.set(req.memo.key, digest, parsed.data);
    debug?.debug({ ...log(), status }, "image service request");
    return parsed.data;
  } catch (err) {
    const failure =
      err instanceof ServiceError ? { status: err.status, kind: err.kind } : { status, kind: "unexpected" };
    debug?.debug({ ...log(), ...failure }, "image service request failed");
    throw err;
  }
}

/**
 * Sends one JSON request to the image service and returns the validated body.
 * Reads (`retry: "idempotent"`) are retried on network errors, timeouts, 5xx and 429 rate limits; creates only
 * when the request provably never reached the service or was refused with `Retry-After`.
 * @throws {ServiceError} after the last attempt, the last attempt's error.
 */
export function requestJson<S extends z.ZodType>(
  ctx: ServiceContext,
  req: JsonRequest<S>,
): Promise<z.output<S>> {
  const what: AttemptDescription = { operation: req.operation, request: `${req.method} ${req.path}` };
  return withRetries(
    req.retry,
    ctx.retry,
    (attempt) => {
      const send = () =>
        ctx.fleetSlots && !req.outsideFleetCap
          ? ctx.fleetSlots.run(() => attemptOnce(ctx, req, what, attempt))
          : attemptOnce(ctx, req, what, attempt);
      return req.inSlot ? send() : ctx.slots.run(send);
    },
    (err, retry, delayMs) =>
      ctx.logger?.info(
        { method: req.method, path: req.path, status: err.status, kind: err.kind, retry, delayMs },
        "retrying image service request",
      ),
  );
}
