/**
 * Transport primitives shared by the JSON requests and the image download: a per-attempt time limit,
 * classification of connection errors, a size-limited body reader and the `Retry-After` parser.
 */
import { EventEmitter } from "node:events";
import type { Readable } from "node:stream";
import { ServiceError } from "./errors.js";

/** What a failed attempt is reported as: the human phrase and `METHOD /path` (never a query or headers). */
export interface AttemptDescription {
  /** e.g. `creating an image`. */
  operation: string;
  /** e.g. `POST /items/images`. */
  request: string;
}

/**
 * Error codes meaning the connection was never established, so the request provably never reached the
 * server (safe to retry even a request that creates something).
 */
const CONNECT_FAILURE_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EADDRNOTAVAIL",
  "UND_ERR_CONNECT_TIMEOUT",
]);

/** Replaces every occurrence of `secret` in `text` with `[redacted]`. */
export function redact(text: string, secret: string | undefined): string {
  return secret ? text.split(secret).join("[redacted]") : text;
}

/** Walks `err` and its `cause` chain (undici and Node wrap errors) looking for an error code and syscall. */
function findErrorCode(err: unknown): { code?: string; syscall?: string } {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const { code, syscall } = e as { code?: unknown; syscall?: unknown };
    if (typeof code === "string") {
      return { code, ...(typeof syscall === "string" ? { syscall } : {}) };
    }
  }
  return {};
}

/**
 * Turns a thrown transport error into a `network` {@link ServiceError}. `connectFailed` is true only when
 * the connection itself failed (refused, DNS, unreachable, connect timeout), never for a reset or a socket
 * closed after the request may have been written.
 */
export function networkError(err: unknown, what: AttemptDescription, secret?: string): ServiceError {
  const { code, syscall } = findErrorCode(err);
  const connectFailed =
    (code !== undefined && CONNECT_FAILURE_CODES.has(code)) ||
    syscall === "connect" ||
    syscall === "getaddrinfo";
  const detail = redact(err instanceof Error ? err.message : String(err), secret);
  const headline = connectFailed ? "Could not connect to" : "Lost the connection to";
  return new ServiceError("network", `${headline} the image service while ${what.operation}: ${detail}`, {
    ...(code === undefined ? {} : { code }),
    connectFailed,
    request: what.request,
    cause: err,
  });
}

/**
 * What undici accepts as `signal`: an `EventEmitter` emitting `abort` (undici's documented alternative to
 * an `AbortSignal`, which costs an `AbortController` and an `EventTarget` listener per attempt).
 */
export type AttemptSignal = EventEmitter;

/** An attempt in flight: when it must end, and how to end it. */
interface Deadline {
  at: number;
  expire: () => void;
}

/** How often the shared timer checks the attempts in flight: a time limit fires up to this much late. */
export const DEADLINE_CHECK_MS = 25;

/**
 * Every attempt in flight in this process, checked by ONE interval timer that runs only while there are
 * any (at most the concurrency limit of each client): no timer per attempt.
 */
const inFlight = new Set<Deadline>();
let checker: NodeJS.Timeout | undefined;

function expireOverdue(): void {
  const now = performance.now();
  for (const deadline of inFlight) {
    if (now >= deadline.at) {
      inFlight.delete(deadline);
      deadline.expire();
    }
  }
  if (inFlight.size === 0) stopChecking();
}

function stopChecking(): void {
  clearInterval(checker);
  checker = undefined;
}

function watch(deadline: Deadline): void {
  inFlight.add(deadline);
  // Unreferenced: a request in flight keeps the process alive through its socket, not through this timer.
  checker ??= setInterval(expireOverdue, DEADLINE_CHECK_MS).unref();
}

function unwatch(deadline: Deadline): void {
  if (inFlight.delete(deadline) && inFlight.size === 0) stopChecking();
}

/**
 * Runs one attempt (which may send several HTTP requests, e.g. redirects) under a time limit covering
 * headers and body (checked every {@link DEADLINE_CHECK_MS}). `run` must pass the signal to undici, which
 * aborts the request when it emits `abort`. A {@link ServiceError} thrown by `run` passes through; an abort
 * caused by the limit becomes `timeout`; any other error becomes `network` (with `secret` removed from the
 * message).
 */
export async function runWithTimeout<T>(
  timeoutMs: number,
  what: AttemptDescription,
  run: (signal: AttemptSignal) => Promise<T>,
  secret?: string,
): Promise<T> {
  const signal = new EventEmitter();
  let timedOut = false;
  const deadline: Deadline = {
    at: performance.now() + timeoutMs,
    expire: () => {
      timedOut = true;
      signal.emit("abort");
    },
  };
  watch(deadline);
  try {
    return await run(signal);
  } catch (err) {
    if (err instanceof ServiceError) throw err;
    const { code } = findErrorCode(err);
    if (timedOut || code === "UND_ERR_HEADERS_TIMEOUT" || code === "UND_ERR_BODY_TIMEOUT") {
      throw new ServiceError(
        "timeout",
        `The image service did not answer within ${timeoutMs} ms while ${what.operation}.`,
        { request: what.request, cause: err },
      );
    }
    throw networkError(err, what, secret);
  } finally {
    unwatch(deadline);
  }
}

/**
 * Stops reading a response body the bot does not want. undici 6 reports the stop as an `error` event on the
 * body, which nobody else listens to once the answer is refused, so it is ignored here.
 */
export function discardBody(body: Readable): void {
  body.once("error", ignoreStopped);
  body.destroy();
}

function ignoreStopped(): void {
  // The body was given up on purpose: its abort error says nothing new.
}

/**
 * Reads a whole body but stops (destroying the stream) as soon as it passes `maxBytes`, then throws what
 * `tooLarge()` returns. Checks `Content-Length` first when given, so an announced oversize body is never read.
 */
export async function readBodyLimited(
  body: Readable,
  maxBytes: number,
  contentLength: string | string[] | undefined,
  tooLarge: (bytes: number) => Error,
): Promise<Buffer> {
  const announced = Number(Array.isArray(contentLength) ? contentLength[0] : contentLength);
  if (Number.isFinite(announced) && announced > maxBytes) {
    discardBody(body);
    throw tooLarge(announced);
  }
  // Events rather than `for await`: an async iterator costs a promise per chunk, at every poll.
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const fail = (err: Error) => {
      body.off("data", onData);
      reject(err);
    };
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total > maxBytes) {
        body.off("data", onData);
        discardBody(body);
        reject(tooLarge(total));
        return;
      }
      chunks.push(chunk);
    };
    body.on("data", onData);
    body.once("error", fail);
    body.once("end", () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total)));
    // Closed without `end` or an error (destroyed): the answer was cut off.
    body.once("close", () => {
      if (!body.readableEnded) fail(new Error("the response body was closed before its end"));
    });
  });
}

/**
 * Parses a `Retry-After` header (delay in seconds, or an HTTP date) into milliseconds from `nowMs`.
 * Returns `undefined` when absent or unreadable; a date in the past gives 0.
 */
export function parseRetryAfter(value: string | string[] | undefined, nowMs: number): number | undefined {
  const raw = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!raw) return undefined;
  if (/^\d+(\.\d+)?$/.test(raw)) return Math.round(Number(raw) * 1000);
  // An HTTP date always names a weekday or month; this keeps `Date.parse` from reading "-5" as a year.
  const date = /[a-z]{3}/i.test(raw) ? Date.parse(raw) : Number.NaN;
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - nowMs);
}

/** First value of a header that undici may give as a list. */
export function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
