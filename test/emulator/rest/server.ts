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

function serveAttachment(deps: ApiServerDeps, res: ServerResponse, pathname: string): void {
  const id = pathname.split("/")[3] ?? "";
  const attachment = deps.ctx.messages.attachment(id);
  if (!attachment) {
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

/** Answers one HTTP request. */
export async function handleHttp(
  deps: ApiServerDeps,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  if (url.pathname.startsWith("/attachments/") && req.method === "GET")
    return serveAttachment(deps, res, url.pathname);
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
  };
  let headers: Record<string, string> = {};
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
      sendJson(res, error.status, error.toJSON(), headers);
    } else {
      record.status = 500;
      record.message = error instanceof Error ? `${error.message}\n${error.stack ?? ""}` : String(error);
      deps.onInternalError(error, record);
      sendJson(res, 500, { message: "500: Internal Server Error", code: 0 }, headers);
    }
  } finally {
    deps.log(record);
    ctx.changed();
  }
}
