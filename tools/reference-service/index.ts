/**
 * A local implementation of the image service (ImagineAPI, Directus-based) for trying the bot without an
 * account, for demos, and for every test in this repo. Behaves as service-facts.md documents: Bearer
 * tokens, Directus-shaped errors, the pending -> in-progress -> completed|failed lifecycle with previews,
 * a 2x2 grid and four upscaled images, the upscale endpoint (a new record with `parent_id` enlarging one
 * image of a completed grid), webhooks, and failure injection.
 */
import { randomBytes } from "node:crypto";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { silentLogger, type Logger } from "../../src/logger.js";
import type { ImageRecord } from "../../src/service/schema.js";
import { handleApi, type ApiContext } from "./api-routes.js";
import { directusError, parseTarget, waitUnlessClosed } from "./directus-http.js";
import { defaultFaults, faultResponse, isAffected, nextFault, type FaultSettings } from "./faults.js";
import { createControlApi, type ControlApi } from "./control-api.js";
import { AssetCache, renderAsset, renderUpscaled, type AssetKind, type RenderedAsset } from "./images.js";
import { JobBook, type BotStatus, type LifecycleSettings } from "./job-book.js";
import { WebhookSender } from "./webhooks.js";

export type { BotStatus } from "./job-book.js";
export type { InjectedFault } from "./faults.js";

/** How to start the reference service; every field is optional. */
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
  /** Default: silent. */
  logger?: Logger;
  /** Source of `errorRate` draws, 0 <= x < 1. Default `Math.random`. */
  random?: () => number;
}

/** A running reference service and its test and benchmark controls. */
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
  /** Every answered request (API calls and asset downloads) as `METHOD /path` with its status, in order. */
  readonly requests: readonly { request: string; status: number }[];
  /** The current state of one record. */
  record(id: string): ImageRecord | undefined;
  /** Every record, oldest first (a copy: O(all records)). */
  records(): ImageRecord[];
  /** Sets what `/items/status` reports; while not healthy, new jobs wait in `pending`. */
  setHealth(status: BotStatus, message?: string): void;
  /** Runs lifecycle ticks by hand. */
  advance(steps?: number): void;
  /** Completes a record at once; a finished record is returned unchanged. */
  completeNow(id: string): ImageRecord;
  /** Fails a record at once with `error`; a finished record is returned unchanged. */
  failNow(id: string, error: string): ImageRecord;
  /** Stops the clock and closes the server, cutting open connections (keep-alive, hanging requests). */
  close(): Promise<void>;
}

const ASSET_PATH =
  /^\/assets\/([0-9a-f-]{36})\/(grid\.png|u[1-4]\.png|upscale-\d{1,2}x\.png|preview-(\d{1,3})\.webp)$/;

/** Starts the reference service; resolves when it listens. */
export async function startReferenceService(
  options: ReferenceServiceOptions = {},
): Promise<ReferenceService> {
  const log = options.logger ?? silentLogger;
  const users = new Map(
    Object.entries(options.tokens ?? { [randomBytes(24).toString("base64url")]: "local-user" }),
  );
  const [first] = users;
  if (first === undefined) throw new RangeError("at least one token is needed");
  const [firstToken, firstUser] = first;
  const random = options.random ?? Math.random;
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
  if (options.control) control = createControlApi({ book, requests, userId: firstUser });
  let healthMessage = "Bot is healthy";

  const api: ApiContext = {
    book,
    users,
    createsByRef,
    maxBodyBytes: options.maxBodyBytes ?? 1024 * 1024,
    healthMessage: () => healthMessage,
  };

  async function handleAsset(res: ServerResponse, match: RegExpExecArray): Promise<void> {
    const record = book.get(match[1]!);
    const file = match[2]!;
    const progress = Number(match[3] ?? 0);
    const upscale = book.upscaleOf(match[1]!);
    const isPreview = file.startsWith("preview");
    // An upscale record has its own image and previews; a grid record has no upscale image.
    const known = upscale
      ? isPreview || file === `upscale-${upscale.factor}.png`
      : !file.startsWith("upscale");
    if (!record || progress > 100 || !known) {
      return directusError(res, 404, "ROUTE_NOT_FOUND", "No such asset.");
    }
    const render = (): Promise<RenderedAsset> => {
      if (upscale) {
        const factor = Number.parseInt(upscale.factor, 10);
        return renderUpscaled(record.prompt, upscale.index, factor, isPreview ? progress : null);
      }
      const kind: AssetKind = isPreview ? "preview" : (file.slice(0, file.indexOf(".")) as AssetKind);
      return renderAsset(record.prompt, kind, progress);
    };
    const asset = await assets.get(`${record.id}/${file}`, render);
    res.writeHead(200, {
      "content-type": asset.contentType,
      "content-length": asset.bytes.length,
      "cache-control": "public, max-age=86400",
    });
    res.end(asset.bytes);
  }

  const server = createServer((req, res) => {
    const url = parseTarget(req.url);
    if (url === null) return directusError(res, 400, "INVALID_PAYLOAD", "Invalid request target.");
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
      if (isAffected(faults, request)) {
        if (faults.delayMs > 0 && !(await waitUnlessClosed(faults.delayMs, res))) return;
        const fault = nextFault(faults, random);
        if (fault === "hang") return; // never answers; the client's timeout must fire
        if (fault) {
          const answer = faultResponse(fault, faults.retryAfterSeconds);
          res.writeHead(answer.status, answer.headers);
          res.end(answer.body);
          return;
        }
      }
      return handleApi(req, res, path, api);
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
