/**
 * A local implementation of the image service (ImagineAPI, Directus-based) for trying the bot without an
 * account, for demos, and for every test in this repo. Behaves as service-facts.md documents: Bearer
 * tokens, Directus-shaped errors, the pending -> in-progress -> completed|failed lifecycle with previews,
 * a 2x2 grid and four upscaled images, webhooks, and failure injection.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { silentLogger, type Logger } from "../logger.js";
import type { ImageRecord } from "../service/schema.js";
import { defaultFaults, faultResponse, nextFault, type FaultSettings } from "./faults.js";
import { createControlApi, type ControlApi } from "./control-api.js";
import { AssetCache, renderAsset, type AssetKind } from "./images.js";
import { JobBook, type BotStatus, type LifecycleSettings } from "./job-book.js";
import { WebhookSender } from "./webhooks.js";

export type { BotStatus } from "./job-book.js";
export type { InjectedFault } from "./faults.js";

export interface ReferenceServiceOptions {
  /** 0 = any free port. Default 0. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Base of asset URLs in records. Default: the listening URL. */
  publicUrl?: string;
  /** Accepted tokens and the user id each stands for. Default: one random token for user `local-user`. */
  tokens?: Record<string, string>;
  /** Time of one lifecycle tick in ms; 0 = manual (call `advance()`). Default 1000. */
  tickMs?: number;
  /** Lifecycle settings (steps 10, concurrency 10, no banned words, no failure or hang patterns). */
  lifecycle?: Partial<LifecycleSettings>;
  /** URLs that receive webhooks. */
  webhookUrls?: string[];
  /** Serve the benchmark-only control routes under `/_control/` (see control-api.ts). Default false. */
  control?: boolean;
  /** Largest accepted request body. Default 1 MiB. */
  maxBodyBytes?: number;
  logger?: Logger;
  random?: () => number;
}

export interface ReferenceService {
  /** The service's `base_url`. */
  readonly url: string;
  /** The first (or generated) token. */
  readonly token: string;
  /** Lifecycle settings, changeable at run time. */
  readonly lifecycle: LifecycleSettings;
  /** Failure injection, changeable at run time. */
  readonly faults: FaultSettings;
  /** Webhook receivers, changeable at run time (`webhooks.urls.add(url)`). */
  readonly webhooks: WebhookSender;
  /** How many records each `ref` created (one interaction must create one record). */
  readonly createsByRef: ReadonlyMap<string, number>;
  /** Every API request as `METHOD /path` with its status, in order. */
  readonly requests: readonly { request: string; status: number }[];
  record(id: string): ImageRecord | undefined;
  records(): ImageRecord[];
  /** Sets what `/items/status` reports; while not healthy, new jobs wait in `pending`. */
  setHealth(status: BotStatus, message?: string): void;
  /** Runs lifecycle ticks by hand. */
  advance(steps?: number): void;
  completeNow(id: string): ImageRecord;
  failNow(id: string, error: string): ImageRecord;
  close(): Promise<void>;
}

const ID_PATH = /^\/items\/images\/([^/]+)$/;
const ASSET_PATH = /^\/assets\/([0-9a-f-]{36})\/(grid\.png|u[1-4]\.png|preview-(\d{1,3})\.webp)$/;

function directusError(res: ServerResponse, status: number, code: string, message: string): void {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify({ errors: [{ message, extensions: { code } }] }));
}

function json(res: ServerResponse, body: unknown): void {
  res.writeHead(200, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
}

/** Reads the body up to `max` bytes; null when it is larger. */
async function readBody(req: IncomingMessage, max: number): Promise<Buffer | null> {
  if (Number(req.headers["content-length"] ?? 0) > max) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Starts the reference service; resolves when it listens. */
export async function startReferenceService(
  options: ReferenceServiceOptions = {},
): Promise<ReferenceService> {
  const log = options.logger ?? silentLogger;
  const tokens = options.tokens ?? { [randomBytes(24).toString("base64url")]: "local-user" };
  const firstToken = Object.keys(tokens)[0];
  if (firstToken === undefined) throw new RangeError("at least one token is needed");
  const random = options.random ?? Math.random;
  const maxBody = options.maxBodyBytes ?? 1024 * 1024;
  const faults = defaultFaults();
  const webhooks = new WebhookSender(log);
  for (const url of options.webhookUrls ?? []) webhooks.urls.add(url);
  const createsByRef = new Map<string, number>();
  const requests: { request: string; status: number }[] = [];
  const assets = new AssetCache();
  let baseUrl = "";
  const lifecycle: LifecycleSettings = {
    steps: 10,
    concurrency: 10,
    bannedWords: [],
    failPattern: null,
    failError: "Timeout while waiting for completion",
    hangPattern: null,
    ...options.lifecycle,
  };
  let control: ControlApi | null = null;
  const book = new JobBook(
    lifecycle,
    (id, file) => `${options.publicUrl ?? baseUrl}/assets/${id}/${file}`,
    (record, event) => {
      control?.noteUpdate(record);
      webhooks.send(record, event);
    },
  );
  if (options.control) control = createControlApi({ book, requests, userId: tokens[firstToken]! });
  let healthMessage = "Bot is healthy";

  async function handleApi(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const auth = req.headers.authorization;
    if (!auth) return directusError(res, 403, "FORBIDDEN", "You don't have permission to access this.");
    const userId = /^Bearer (.+)$/.exec(auth)?.[1];
    const user = userId === undefined ? undefined : tokens[userId];
    if (user === undefined)
      return directusError(res, 401, "INVALID_CREDENTIALS", "Invalid user credentials.");
    if (req.method === "GET" && path === "/items/status") {
      return json(res, { data: { bot_status: book.botStatus, message: healthMessage } });
    }
    const idMatch = ID_PATH.exec(path);
    if (req.method === "GET" && idMatch) {
      const record = book.get(decodeURIComponent(idMatch[1]!));
      if (!record || record.user_created !== user) {
        return directusError(res, 403, "FORBIDDEN", "You don't have permission to access this.");
      }
      return json(res, { data: record });
    }
    if (req.method === "POST" && path === "/items/images") {
      const type = req.headers["content-type"] ?? "";
      if (!/^application\/json\b/i.test(type)) {
        return directusError(res, 415, "UNSUPPORTED_MEDIA_TYPE", `Unsupported media type "${type}".`);
      }
      const body = await readBody(req, maxBody);
      if (body === null)
        return directusError(res, 413, "CONTENT_TOO_LARGE", "Uploaded content is too large.");
      let input: unknown;
      try {
        input = JSON.parse(body.toString("utf8"));
      } catch {
        return directusError(res, 400, "INVALID_PAYLOAD", "Invalid JSON payload.");
      }
      const { prompt, ref } = (typeof input === "object" && input !== null ? input : {}) as Record<
        string,
        unknown
      >;
      if (typeof prompt !== "string" || prompt.trim() === "") {
        return directusError(
          res,
          400,
          "FAILED_VALIDATION",
          'Validation failed for field "prompt". Value is required.',
        );
      }
      if (ref !== undefined && ref !== null && typeof ref !== "string") {
        return directusError(
          res,
          400,
          "FAILED_VALIDATION",
          'Validation failed for field "ref". Value has to be a string.',
        );
      }
      const refValue = typeof ref === "string" ? ref : null;
      if (refValue !== null) createsByRef.set(refValue, (createsByRef.get(refValue) ?? 0) + 1);
      return json(res, { data: book.create(prompt, refValue, user) });
    }
    return directusError(res, 404, "ROUTE_NOT_FOUND", `Route ${path} doesn't exist.`);
  }

  async function handleAsset(res: ServerResponse, match: RegExpExecArray): Promise<void> {
    const record = book.get(match[1]!);
    if (!record) return directusError(res, 404, "ROUTE_NOT_FOUND", "No such asset.");
    const file = match[2]!;
    const kind: AssetKind = file.startsWith("preview")
      ? "preview"
      : (file.slice(0, file.indexOf(".")) as AssetKind);
    const progress = Number(match[3] ?? 0);
    const asset = await assets.get(`${record.id}/${file}`, () => renderAsset(record.prompt, kind, progress));
    res.writeHead(200, {
      "content-type": asset.contentType,
      "content-length": asset.bytes.length,
      "cache-control": "public, max-age=86400",
    });
    res.end(asset.bytes);
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const path = url.pathname;
    if (control && path.startsWith("/_control/")) {
      void control.handle(req, res, url);
      return;
    }
    const request = `${req.method ?? "GET"} ${path}`;
    res.on("finish", () => requests.push({ request, status: res.statusCode }));
    const asset = ASSET_PATH.exec(path);
    const run = async () => {
      if (asset && req.method === "GET") return handleAsset(res, asset);
      if (faults.delayMs > 0) await new Promise((r) => setTimeout(r, faults.delayMs));
      const fault = nextFault(faults, request, random);
      if (fault === "hang") return; // never answers; the client's timeout must fire
      if (fault) {
        const answer = faultResponse(fault, faults.retryAfterSeconds);
        res.writeHead(answer.status, answer.headers);
        res.end(answer.body);
        return;
      }
      return handleApi(req, res, path);
    };
    run().catch((err: unknown) => {
      log.error({ err }, "reference service request failed");
      if (!res.headersSent) directusError(res, 500, "INTERNAL_SERVER_ERROR", "An unexpected error occurred.");
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  baseUrl = `http://${host === "0.0.0.0" ? "127.0.0.1" : host}:${address.port}`;
  const tickMs = options.tickMs ?? 1000;
  const timer = tickMs > 0 ? setInterval(() => book.tick(), tickMs) : null;
  timer?.unref();
  log.info({ url: baseUrl }, "reference image service listening");

  return {
    url: baseUrl,
    token: firstToken,
    lifecycle,
    faults,
    webhooks,
    createsByRef,
    requests,
    record: (id) => book.get(id),
    records: () => [...book.records.values()].map((e) => e.record),
    setHealth(status, message) {
      book.botStatus = status;
      healthMessage = message ?? (status === "healthy" ? "Bot is healthy" : `Bot is ${status}`);
    },
    advance: (steps = 1) => book.advance(steps),
    completeNow: (id) => book.completeNow(id),
    failNow: (id, error) => book.failNow(id, error),
    async close() {
      if (timer) clearInterval(timer);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
