/**
 * `POST /webhooks/imagine/<secret>`: the image service's webhook. The service signs nothing and never
 * retries (service-facts.md "Webhooks"), so the secret in the path is the only authentication and the bot
 * must not depend on a call arriving: a webhook only speeds up what polling would find anyway.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { z } from "zod";
import { errorMessage } from "../errors.js";
import type { Logger } from "../logger.js";
import type { MetricsSink } from "../metrics/metrics-sink.js";
import { webhookEventSchema, type WebhookEvent } from "../service/schema.js";
import { isJsonContentType, readBody, sendJson } from "./respond.js";

/** A validated webhook body: `{event, payload: ImageRecord}` (see src/service/schema.ts). */
export type { WebhookEvent };

/** What the bot did with a webhook event: `accepted` (a job it follows) or `ignored` (an unknown job). */
export type WebhookDisposition = "accepted" | "ignored";

/** Webhook options of the ops server. */
export interface WebhookOptions {
  /** The secret path segment: at least 16 characters of `A-Z a-z 0-9 _ -` (it goes in a URL). */
  secret: string;
  /** Called once per valid event, with the record normalised by `imageRecordSchema`. */
  onEvent(event: WebhookEvent): WebhookDisposition | Promise<WebhookDisposition>;
  /** Largest body accepted; bigger ones get 413. Default {@link DEFAULT_WEBHOOK_MAX_BODY_BYTES}. */
  maxBodyBytes?: number;
}

/** Where the webhook lives; `:secret` stands for the secret, which is never logged. */
export const WEBHOOK_ROUTE = "/webhooks/imagine/:secret";
/** The path before the secret. */
export const WEBHOOK_PATH_PREFIX = "/webhooks/imagine/";
/** Default body limit: a record is a few KiB, so 256 KiB is generous. */
export const DEFAULT_WEBHOOK_MAX_BODY_BYTES = 256 * 1024;

const SECRET_PATTERN = /^[A-Za-z0-9_-]{16,}$/;

/** Checks the webhook options, filling in defaults. @throws {RangeError} for a bad secret or limit. */
export function resolveWebhookOptions(options: WebhookOptions): Required<WebhookOptions> {
  if (typeof options.secret !== "string" || !SECRET_PATTERN.test(options.secret)) {
    throw new RangeError(
      "webhook secret must be at least 16 characters of A-Z a-z 0-9 _ - (it goes in a URL path)",
    );
  }
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_WEBHOOK_MAX_BODY_BYTES;
  if (!Number.isSafeInteger(maxBodyBytes) || maxBodyBytes < 1) {
    throw new RangeError(`webhook maxBodyBytes must be a whole number >= 1, got ${String(maxBodyBytes)}`);
  }
  return { secret: options.secret, onEvent: options.onEvent.bind(options), maxBodyBytes };
}

/**
 * Returns a constant-time test of a path segment against `secret`. Both sides are hashed first, so the
 * compared buffers always have equal length and the time taken reveals neither content nor length.
 */
export function createSecretMatcher(secret: string): (candidate: string) => boolean {
  const expected = createHash("sha256").update(secret, "utf8").digest();
  return (candidate) => timingSafeEqual(createHash("sha256").update(candidate, "utf8").digest(), expected);
}

/** What {@link handleWebhook} needs besides the request. */
export interface WebhookContext {
  options: Required<WebhookOptions>;
  metrics: MetricsSink;
  logger: Logger;
}

/**
 * Answers a webhook call whose secret already matched: 405 for a method other than POST, 413 for a body
 * over the limit, 415 for a non-JSON content type, 400 for malformed JSON or a body that is not
 * `{event, payload: record}`, 200 `{ok:true}` once `onEvent` returned, 500 when it threw.
 */
export async function handleWebhook(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: WebhookContext,
): Promise<void> {
  const log = ctx.logger.child({ route: WEBHOOK_ROUTE });
  const reject = (statusCode: number, reason: string, closeConnection = false): void => {
    ctx.metrics.webhookReceived("rejected", "bad_body");
    log.warn({ statusCode, reason }, "webhook call rejected");
    sendJson(req, res, statusCode, { ok: false, error: reason }, { closeConnection });
  };
  if (req.method !== "POST") {
    ctx.metrics.webhookReceived("rejected", "bad_method");
    sendJson(req, res, 405, { ok: false, error: "method not allowed" }, { headers: { Allow: "POST" } });
    return;
  }
  const declaredLength = Number(req.headers["content-length"] ?? 0);
  if (declaredLength > ctx.options.maxBodyBytes) {
    return reject(413, `body is larger than ${ctx.options.maxBodyBytes} bytes`, true);
  }
  if (!isJsonContentType(req.headers["content-type"])) {
    return reject(415, "content type must be application/json", true);
  }
  const read = await readBody(req, ctx.options.maxBodyBytes);
  if (!read.ok) {
    if (read.reason === "aborted") {
      ctx.metrics.webhookReceived("rejected", "bad_body");
      log.warn("webhook call aborted by the client before its body arrived");
      return;
    }
    return reject(413, `body is larger than ${ctx.options.maxBodyBytes} bytes`, true);
  }
  let json: unknown;
  try {
    json = JSON.parse(read.body.toString("utf8"));
  } catch {
    return reject(400, "body is not valid JSON");
  }
  const parsed = webhookEventSchema.safeParse(json);
  if (!parsed.success) return reject(400, `body is not a webhook event: ${describeIssues(parsed.error)}`);

  const event = parsed.data;
  const eventLog = log.child({ event: event.event, imageId: event.payload.id, status: event.payload.status });
  let disposition: unknown;
  try {
    disposition = await ctx.options.onEvent(event);
  } catch (err) {
    ctx.metrics.webhookReceived("failed");
    eventLog.error({ err }, "webhook event handler failed");
    sendJson(req, res, 500, { ok: false, error: "the bot could not handle the event" });
    return;
  }
  if (disposition !== "accepted" && disposition !== "ignored") {
    ctx.metrics.webhookReceived("failed");
    eventLog.error(
      { disposition: errorMessage(disposition) },
      "webhook event handler returned an unknown result",
    );
    sendJson(req, res, 500, { ok: false, error: "the bot could not handle the event" });
    return;
  }
  ctx.metrics.webhookReceived(disposition, disposition === "ignored" ? "unknown_job" : undefined);
  eventLog.debug({ disposition }, "webhook event handled");
  sendJson(req, res, 200, { ok: true });
}

/** The first few validation problems as `path: message`, short enough for an answer and a log line. */
function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join(".") : "body"}: ${issue.message}`)
    .join("; ");
}
