/**
 * The HTTP side: strips the /api(/v10) prefix, checks the bot token, applies injected faults and rate
 * limits, runs the route, answers Discord-shaped JSON errors, serves uploaded attachments (the emulator's
 * CDN) and logs every request.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { apiErrors, DiscordApiError } from "./api-error.js";
import type { EmulatorContext } from "../context.js";
import type { FaultInjector, InjectedFailure } from "./faults.js";
import { parseBody, readRawBody, sendJson } from "./http-io.js";
import { rateLimitResponse, type RateLimiter } from "./rate-limits.js";
import type { RequestRecord } from "./request-log.js";
import type { HttpMethod, Router } from "./router.js";
import {
  describeIssue,
  formErrorsFor,
  type SchemaCheck,
  type SchemaCheckResult,
} from "../schema/schema-check.js";
import type { SchemaViolation } from "../schema/schema-violations.js";

/** Handles extra paths (the CLI's control API); returns true when it answered. */
export type ExtraHandler = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean>;

/** What the HTTP handler needs. */
export interface ApiServerDeps {
  ctx: EmulatorContext;
  router: Router;
  limiter: RateLimiter;
  faults: FaultInjector;
  log(record: RequestRecord): void;
  /** Called for crashes inside the emulator (answered 500): a bug in the emulator, not the bot. */
  onInternalError(error: unknown, record: RequestRecord): void;
  /** Checks bodies against Discord's API description; null: no checks. */
  schema: SchemaCheck | null;
  /** Called for each request body or answer that its operation's schema refuses. */
  onSchemaViolation(violation: SchemaViolation): void;
  extraHandler: ExtraHandler | null;
}

/** `/api/v10/x` or `/api/x` -> `/x`; null for paths outside the API. */
export function apiPathOf(pathname: string): string | null {
  const match = /^\/api(?:\/v(\d+))?(\/.*)$/.exec(pathname);
  if (!match) return null;
  if (match[1] !== undefined && match[1] !== "10") return null;
  return match[2] ?? null;
}

function sendInjected(res: ServerResponse, failure: InjectedFailure, record: RequestRecord): void {
  record.injected = true;
  record.status = failure.status;
  if (failure.status === 429) {
    const { body, headers } = rateLimitResponse({
      retryAfterMs: failure.retryAfterMs,
      global: false,
      scope: "user",
    });
    sendJson(res, 429, body, { ...headers, "x-ratelimit-scope": "shared" });
    return;
  }
  if (failure.status === 403) {
    sendJson(res, 403, apiErrors.missingPermissions().toJSON());
    return;
  }
  if (failure.status === 502) {
    // Cloudflare answers 502 with an HTML page, not Discord JSON.
    res.writeHead(502, { "content-type": "text/html" });
    res.end(
      "<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center></body></html>",
    );
    return;
  }
  sendJson(res, failure.status, { message: `${failure.status}: Internal Server Error`, code: 0 });
}

function serveAttachment(deps: ApiServerDeps, res: ServerResponse, url: URL): void {
  const id = url.pathname.split("/")[3] ?? "";
  const attachment = deps.ctx.messages.attachment(id);
  // Discord's CDN answers an expired or unsigned link as if the file were gone.
  if (!attachment || deps.ctx.signer.check(url, deps.ctx.clock.now()) !== "valid") {
    res.writeHead(404, { "content-type": "text/plain" });
    res.end("Not found");
    return;
  }
  res.writeHead(200, {
    "content-type": attachment.contentType ?? "application/octet-stream",
    "content-length": attachment.size,
  });
  res.end(attachment.bytes);
}

function violation(
  side: SchemaViolation["side"],
  record: RequestRecord,
  result: SchemaCheckResult,
  status: number,
  body: unknown,
): SchemaViolation {
  const issues = result.issues.map(describeIssue);
  record.schemaIssues.push(...issues.map((i) => `${side}: ${i}`));
  const { method, path } = record;
  const text = JSON.stringify(body) ?? "(none)";
  const shown = text.length > 400 ? `${text.slice(0, 400)}...` : text;
  return { side, method, path, operation: result.operation, type: result.type, status, issues, body: shown };
}

/**
 * Checks an answer against the operation's schema. The `errors` tree of an error answer is left out: the
 * description types its leaves' `code` as a number, while Discord sends strings such as
 * `BASE_TYPE_REQUIRED` (as its documentation shows).
 */
function checkAnswer(deps: ApiServerDeps, record: RequestRecord, status: number, body: unknown): void {
  if (!deps.schema || record.route === "") return;
  const checked =
    status >= 400 && typeof body === "object" && body !== null && "errors" in body
      ? { ...body, errors: undefined }
      : body;
  const result = deps.schema.answer(record.method, record.path, status, checked);
  if (result && result.issues.length > 0)
    deps.onSchemaViolation(violation("answer", record, result, status, body));
}

/** Answers one HTTP request. */
export async function handleHttp(
  deps: ApiServerDeps,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  if (url.pathname.startsWith("/attachments/") && req.method === "GET")
    return serveAttachment(deps, res, url);
  if (deps.extraHandler && (await deps.extraHandler(req, res, url))) return;
  const { ctx } = deps;
  const method = (req.method ?? "GET").toUpperCase();
  const path = apiPathOf(url.pathname);
  const record: RequestRecord = {
    method,
    path: path ?? url.pathname,
    route: "",
    status: 0,
    code: null,
    message: null,
    errors: null,
    body: undefined,
    files: [],
    at: ctx.clock.now(),
    realAt: Date.now(),
    injected: false,
    rateLimited: false,
    schemaIssues: [],
  };
  let headers: Record<string, string> = {};
  let requestViolation: SchemaViolation | null = null;
  try {
    const raw = await readRawBody(req);
    if (path === null) throw apiErrors.notFound();
    const match = deps.router.match(method, path);
    if (match.kind === "not-found") throw apiErrors.notFound();
    if (match.kind === "method-not-allowed") throw apiErrors.methodNotAllowed();
    const { route, params } = match;
    record.route = route.path;
    if (route.auth === "bot" && req.headers.authorization !== `Bot ${ctx.botToken}`)
      throw apiErrors.unauthorized();
    const parsed = await parseBody(raw, req.headers["content-type"]);
    record.body = parsed.json;
    record.files = parsed.files.map((f) => f.filename);
    const requestCheck = deps.schema?.request(method, path, parsed.json);
    if (requestCheck && requestCheck.issues.length > 0) {
      requestViolation = violation("request", record, requestCheck, 0, parsed.json);
      // Unknown and missing keys no rule of the emulator knows; every other issue its rules answer with
      // Discord's own codes (or, if they accept it, the violation shows a rule the emulator lacks).
      formErrorsFor(requestCheck.issues).throwIfAny();
    }
    const faultRequest = { method, path, route: route.path };
    const delay = deps.faults.delayFor(faultRequest);
    if (delay > 0) await sleep(delay);
    const failure = deps.faults.failureFor(faultRequest);
    if (failure) return sendInjected(res, failure, record);
    const major = route.major ? (params[route.major] ?? "global") : "global";
    const verdict = deps.limiter.take(
      { kind: route.bucket, route: `${method} ${route.path}`, major },
      route.countsGlobal ?? route.auth === "bot",
      ctx.botToken,
    );
    headers = verdict.headers;
    if (verdict.rejection) {
      const limited = rateLimitResponse(verdict.rejection);
      record.status = 429;
      record.rateLimited = true;
      checkAnswer(deps, record, 429, limited.body);
      return sendJson(res, 429, limited.body, { ...headers, ...limited.headers });
    }
    const result = await route.handler({
      method: method as HttpMethod,
      path,
      params,
      query: url.searchParams,
      body: parsed.json,
      files: parsed.files,
    });
    record.status = result.status;
    checkAnswer(deps, record, result.status, result.body);
    const held = deps.faults.delayFor(faultRequest, true);
    if (held > 0) await sleep(held);
    // The client may have died while its response was held.
    if (res.destroyed) return;
    sendJson(res, result.status, result.body, headers);
  } catch (error) {
    if (error instanceof DiscordApiError) {
      record.status = error.status;
      record.code = error.code;
      record.message = error.message;
      record.errors = error.errors ?? null;
      checkAnswer(deps, record, error.status, error.toJSON());
      sendJson(res, error.status, error.toJSON(), headers);
    } else {
      record.status = 500;
      record.message = error instanceof Error ? `${error.message}\n${error.stack ?? ""}` : String(error);
      deps.onInternalError(error, record);
      sendJson(res, 500, { message: "500: Internal Server Error", code: 0 }, headers);
    }
  } finally {
    if (requestViolation) deps.onSchemaViolation({ ...requestViolation, status: record.status });
    deps.log(record);
    ctx.changed();
  }
}
