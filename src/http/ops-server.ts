/**
 * The bot's operations HTTP server (plain node:http): `GET /healthz`, `GET /metrics` and, when configured,
 * the image service's webhook `POST /webhooks/imagine/<secret>`. No Discord code here.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { registerSecret, type Logger } from "../logger.js";
import type { MetricsSink } from "../metrics/metrics-sink.js";
import { evaluateHealth, HEALTH_TIMEOUT_MS, type HealthReport } from "./health.js";
import { sendJson, sendText } from "./respond.js";
import {
  createSecretMatcher,
  handleWebhook,
  resolveWebhookOptions,
  WEBHOOK_PATH_PREFIX,
  WEBHOOK_ROUTE,
  type WebhookContext,
  type WebhookOptions,
} from "./webhook.js";

/** Options of {@link startOpsServer}. */
export interface OpsServerOptions {
  /** TCP port; 0 picks a free one (see {@link OpsServer.port}). */
  port: number;
  /** Interface to bind. Default `0.0.0.0` (reachable from outside a container); tests pass `127.0.0.1`. */
  host?: string;
  logger: Logger;
  metrics: MetricsSink;
  /** The bot's health checks (gateway connected, store writable, service reachable). */
  health: () => Promise<HealthReport>;
  /** Serve the image service's webhook; without this the webhook path is an unknown route. */
  webhook?: WebhookOptions;
  /** How long `health()` may take before `/healthz` answers 503. Default {@link HEALTH_TIMEOUT_MS}. */
  healthTimeoutMs?: number;
  /** How long close() lets requests in progress finish before cutting them. Default 1000 ms. */
  closeGraceMs?: number;
}

/** A running ops server. */
export interface OpsServer {
  /** Base URL, e.g. `http://127.0.0.1:9464` (never includes the webhook secret). */
  url: string;
  /** The bound port (the real one when 0 was asked). */
  port: number;
  /** Stops accepting connections and closes open ones, keep-alive included. Safe to call twice. */
  close(): Promise<void>;
}

/** Time limits that keep slow or stuck clients from pinning the server. */
export const OPS_SERVER_TIMEOUTS = {
  /** Whole request headers must arrive within this. */
  headersMs: 10_000,
  /** The whole request (headers and body) must arrive within this. */
  requestMs: 30_000,
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: 5_000,
  /** A connection with no traffic at all is closed after this. */
  socketIdleMs: 60_000,
} as const;

type Route = "/healthz" | "/metrics" | typeof WEBHOOK_ROUTE | "unknown";

/** The options after checking, with defaults filled in. */
interface OpsSettings {
  logger: Logger;
  metrics: MetricsSink;
  health: () => Promise<HealthReport>;
  healthTimeoutMs: number;
  webhook: (WebhookContext & { matches: (segment: string) => boolean }) | undefined;
}

/**
 * Starts the ops server and resolves once it listens. Registers the webhook secret with the logger so it
 * is scrubbed from every log line.
 * @throws {RangeError} for a bad port, time limit or webhook option.
 * @throws {Error} when the port cannot be bound (e.g. already in use).
 */
export async function startOpsServer(options: OpsServerOptions): Promise<OpsServer> {
  const { port, logger } = options;
  const host = options.host ?? "0.0.0.0";
  if (!Number.isSafeInteger(port) || port < 0 || port > 65535) {
    throw new RangeError(`ops server port must be a whole number 0-65535, got ${String(port)}`);
  }
  const healthTimeoutMs = nonNegativeMs("healthTimeoutMs", options.healthTimeoutMs ?? HEALTH_TIMEOUT_MS);
  const closeGraceMs = nonNegativeMs("closeGraceMs", options.closeGraceMs ?? 1000);
  let webhook: OpsSettings["webhook"];
  if (options.webhook) {
    const resolved = resolveWebhookOptions(options.webhook);
    registerSecret(resolved.secret);
    const matches = createSecretMatcher(resolved.secret);
    webhook = { options: resolved, metrics: options.metrics, logger, matches };
  }

  const server = createServer(
    {
      headersTimeout: OPS_SERVER_TIMEOUTS.headersMs,
      requestTimeout: OPS_SERVER_TIMEOUTS.requestMs,
      keepAliveTimeout: OPS_SERVER_TIMEOUTS.keepAliveMs,
      connectionsCheckingInterval: 1_000,
    },
    createRequestListener({ ...options, healthTimeoutMs, webhook }),
  );
  server.setTimeout(OPS_SERVER_TIMEOUTS.socketIdleMs);
  await listen(server, host, port);
  server.on("error", (err) => logger.error({ err }, "ops server error"));

  const bound = (server.address() as AddressInfo).port;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${bound}`;
  logger.info({ url, webhook: webhook ? WEBHOOK_ROUTE : null }, "ops server listening");

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= new Promise<void>((resolve) => {
      const cutOff = setTimeout(() => server.closeAllConnections(), closeGraceMs);
      cutOff.unref();
      // Since Node 19 close() also drops idle keep-alive connections; busy ones get the grace period.
      server.close(() => {
        clearTimeout(cutOff);
        resolve();
      });
    });
    return closing;
  };
  return { url, port: bound, close };
}

function createRequestListener(settings: OpsSettings): (req: IncomingMessage, res: ServerResponse) => void {
  const { logger, metrics, webhook } = settings;

  const routeOf = (path: string): Route => {
    if (path === "/healthz" || path === "/metrics") return path;
    if (webhook && path.startsWith(WEBHOOK_PATH_PREFIX)) return WEBHOOK_ROUTE;
    return "unknown";
  };

  const serve = async (
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    route: Route,
  ): Promise<void> => {
    if (route === "/healthz" || route === "/metrics") {
      if (req.method !== "GET" && req.method !== "HEAD") {
        sendJson(req, res, 405, { error: "method not allowed" }, { headers: { Allow: "GET, HEAD" } });
      } else if (route === "/healthz") {
        const answer = await evaluateHealth(settings.health, settings.healthTimeoutMs);
        if (answer.body.status === "unhealthy") {
          logger.warn({ reasons: answer.body.reasons }, "health check failed");
        }
        sendJson(req, res, answer.statusCode, answer.body);
      } else {
        const rendered = await metrics.render();
        sendText(req, res, 200, rendered.contentType, rendered.body);
      }
      return;
    }
    if (webhook && route === WEBHOOK_ROUTE) {
      if (webhook.matches(path.slice(WEBHOOK_PATH_PREFIX.length))) return handleWebhook(req, res, webhook);
      // A wrong secret looks exactly like an unknown route, so the route's existence is not revealed.
      metrics.webhookReceived("rejected", "bad_secret");
    }
    // The connection closes when a body may be left unread, so nobody can stream an endless body to a 404.
    const bodyMayFollow = req.method !== "GET" && req.method !== "HEAD";
    sendJson(req, res, 404, { error: "not found" }, { closeConnection: bodyMayFollow });
  };

  return (req, res) => {
    const startedAt = performance.now();
    const path = pathOf(req.url);
    // Only the route name is ever logged: the raw path may hold the webhook secret.
    const route = routeOf(path);
    res.on("finish", () => {
      const durationMs = Math.round(performance.now() - startedAt);
      logger.debug({ method: req.method, route, statusCode: res.statusCode, durationMs }, "ops request");
    });
    serve(req, res, path, route).catch((err: unknown) => {
      logger.error({ err, method: req.method, route }, "ops server request failed");
      if (res.headersSent) res.destroy();
      else sendJson(req, res, 500, { error: "internal error" }, { closeConnection: true });
    });
  };
}

function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const onError = (err: Error): void => {
      reject(new Error(`ops server could not listen on ${host}:${port}: ${err.message}`, { cause: err }));
    };
    server.once("error", onError);
    server.listen(port, host, () => {
      server.off("error", onError);
      resolve();
    });
  });
}

function nonNegativeMs(name: string, value: number): number {
  if (!Number.isFinite(value) || value < 0)
    throw new RangeError(`${name} must be a number >= 0, got ${String(value)}`);
  return value;
}

/** The path of a request target without its query string (`/metrics?x=1` -> `/metrics`). */
function pathOf(target: string | undefined): string {
  const raw = target ?? "/";
  const end = raw.search(/[?#]/);
  return end === -1 ? raw : raw.slice(0, end);
}
