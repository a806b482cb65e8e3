/**
 * A local implementation of the image service (ImagineAPI, Directus-based) for trying the bot without an
 * account, for demos, and for every test in this repo. Behaves as service-facts.md documents, as one of
 * its two kinds of server (`profile`): Bearer tokens, Directus-shaped errors, the pending -> in-progress ->
 * completed|failed lifecycle with previews, a 2x2 grid and four single images, webhooks, `/items/status`,
 * and failure injection on both; `ref` and the upscale endpoint (a new record with `parent_id` enlarging one
 * image of a completed grid) only on `hosted`; the 11-field records, strict creates, the status singleton
 * and file-id asset URLs of a `self-hosted` server. Built from the interface and the facts, never from the
 * bot's own types.
 */
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { silentLogger, type Logger } from "../../src/logger.js";
import { handleApi, type ApiContext } from "./api-routes.js";
import { BotStatusBoard, type HealthStatus } from "./bot-status.js";
import { createControlApi, type ControlApi } from "./control-api.js";
import { directusError, parseTarget, waitUnlessClosed } from "./directus-http.js";
import { defaultFaults, faultResponse, isAffected, nextFault, type FaultSettings } from "./faults.js";
import { serveAsset } from "./asset-route.js";
import { AssetCache } from "./images.js";
import { JobBook, type BotStatus, type LifecycleSettings } from "./job-book.js";
import { recordMedia } from "./record-media.js";
import { newRecord, recordView, type ServiceProfile, type ServiceRecord } from "./record.js";
import { SELF_HOSTED_WEBHOOK_USER_AGENT, WebhookSender } from "./webhooks.js";

export type { BotStatus } from "./job-book.js";
export type { HealthStatus } from "./bot-status.js";
export type { InjectedFault } from "./faults.js";
export type { RecordStatus, ServiceProfile, ServiceRecord } from "./record.js";
export { SERVICE_PROFILES } from "./record.js";

/** How to start the reference service; every field is optional. */
export interface ReferenceServiceOptions {
  /**
   * Which kind of ImagineAPI server to be (service-facts.md, "Two kinds of server"). Default `hosted`: `ref`
   * and the upscale endpoint. `self-hosted`: no `ref` (a create carrying one is a 500), no upscale route,
   * 11-field records, the status singleton.
   */
  profile?: ServiceProfile;
  /**
   * What `/items/status` reports at start. Default: `healthy` on hosted; `not started` on self-hosted (a
   * fresh server whose bot never reported: images are accepted and wait until `setHealth("healthy")`).
   */
  initialHealth?: HealthStatus;
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

/** Fields of a record another client wrote (see {@link ReferenceService.insertRecord}). */
export type InsertedRecordFields = Partial<Omit<ServiceRecord, "id" | "user_created" | "date_created">> & {
  /** Whose record it is. Default: the user of the first token. */
  userId?: string;
};

/** A running reference service and its test and benchmark controls. */
export interface ReferenceService {
  /** The service's `base_url`. */
  readonly url: string;
  /** The first (or generated) token. */
  readonly token: string;
  /** Which kind of server this is. */
  readonly profile: ServiceProfile;
  /** Lifecycle settings, changeable at run time. */
  readonly lifecycle: LifecycleSettings;
  /** Failure injection, changeable at run time. */
  readonly faults: FaultSettings;
  /** Webhook receivers, changeable at run time (`webhooks.urls.add(url)`). */
  readonly webhooks: WebhookSender;
  /** How many records each `ref` created (one interaction must create one record). Hosted only. */
  readonly createsByRef: ReadonlyMap<string, number>;
  /** Records made by `POST /items/images` (each element of an array body counts; upscales do not). */
  readonly creates: number;
  /** What `/items/status` reports now. */
  readonly health: HealthStatus;
  /** The most jobs it held unfinished (running or waiting to start) at any moment. */
  readonly maxInFlight: number;
  /** Every answered request (API calls and asset downloads) as `METHOD /path` with its status, in order. */
  readonly requests: readonly { request: string; status: number; at: number }[];
  /**
   * The current state of one record, as the service stores it (on self-hosted `ref` and `parent_id` are
   * always null and never sent).
   */
  record(id: string): ServiceRecord | undefined;
  /** Every record, oldest first (a copy: O(all records)). */
  records(): ServiceRecord[];
  /** The record as this server sends it (its fields only, in its order), as in answers and webhooks. */
  view(record: ServiceRecord): Record<string, unknown>;
  /**
   * The service's bot reports `status`: `/items/status` shows it (with `message`, or a default); new jobs
   * start only while it is `healthy`. Jobs are accepted in every state.
   */
  setHealth(status: BotStatus, message?: string): void;
  /**
   * Whether the service's bot takes jobs (default true). False is a bot that is down while the status row
   * still says what it last reported (a stale `healthy`): pending jobs stay pending.
   */
  setBotRunning(running: boolean): void;
  /**
   * Adds a record as another client of the server wrote it (default: `prompt` null, `pending`): it sends its
   * create webhook and is never queued.
   */
  insertRecord(fields?: InsertedRecordFields): ServiceRecord;
  /** Runs lifecycle ticks by hand. */
  advance(steps?: number): void;
  /** Completes a record at once; a finished record is returned unchanged. */
  completeNow(id: string): ServiceRecord;
  /** Fails a record at once with `error`; a finished record is returned unchanged. */
  failNow(id: string, error: string): ServiceRecord;
  /** Stops the clock and closes the server, cutting open connections (keep-alive, hanging requests). */
  close(): Promise<void>;
}

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
  const profile = options.profile ?? "hosted";
  const faults = defaultFaults();
  const webhooks = new WebhookSender(
    log,
    profile === "self-hosted" ? { "user-agent": SELF_HOSTED_WEBHOOK_USER_AGENT } : {},
  );
  for (const url of options.webhookUrls ?? []) webhooks.urls.add(url);
  const createsByRef = new Map<string, number>();
  let creates = 0;
  const requests: { request: string; status: number; at: number }[] = [];
  const assets = new AssetCache();
  let baseUrl = "";
  const lifecycle: LifecycleSettings = {
    steps: 10,
    concurrency: 10,
    bannedWords: [],
    failPattern: null,
    failError: "Timeout while waiting for completion",
    hangPattern: null,
    accountMode: "fast",
    relaxFails: profile === "self-hosted",
    outdated: false,
    accountNotice: null,
    ...options.lifecycle,
  };
  let control: ControlApi | null = null;
  const view = (record: ServiceRecord) => recordView(record, profile);
  const media = recordMedia(profile, () => options.publicUrl ?? baseUrl);
  const book = new JobBook(lifecycle, media, (record, event) => {
    control?.noteUpdate(record);
    webhooks.send(view(record), event);
  });
  if (options.control) control = createControlApi({ book, requests, userId: firstUser });
  const status = new BotStatusBoard(
    profile,
    options.initialHealth ?? (profile === "hosted" ? "healthy" : "not started"),
  );
  let botRunning = true;
  const updateAccepting = () => {
    book.accepting = botRunning && status.status === "healthy";
  };
  updateAccepting();

  const api: ApiContext = {
    profile,
    book,
    users,
    status,
    maxBodyBytes: options.maxBodyBytes ?? 1024 * 1024,
    countCreate(ref, route) {
      if (route === "create") creates++;
      if (ref !== null) createsByRef.set(ref, (createsByRef.get(ref) ?? 0) + 1);
    },
  };

  const server = createServer((req, res) => {
    const url = parseTarget(req.url);
    if (url === null) return directusError(res, 400, "INVALID_PAYLOAD", "Invalid request target.");
    const path = url.pathname;
    if (control && path.startsWith("/_control/")) {
      void control.handle(req, res, url);
      return;
    }
    const request = `${req.method ?? "GET"} ${path}`;
    res.on("finish", () => requests.push({ request, status: res.statusCode, at: Date.now() }));
    const run = async () => {
      if (req.method === "GET" && path.startsWith("/assets/")) {
        const asset = media.resolve(path);
        if (asset) return serveAsset(res, asset, book, assets);
      }
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
      return handleApi(req, res, url, api);
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
    profile,
    lifecycle,
    faults,
    webhooks,
    createsByRef,
    get creates() {
      return creates;
    },
    get health() {
      return status.status;
    },
    get maxInFlight() {
      return book.maxInFlight;
    },
    requests,
    record: (id) => book.get(id),
    records: () => [...book.allRecords()],
    view,
    setHealth(next, message) {
      status.report(next, message);
      updateAccepting();
    },
    setBotRunning(running) {
      botRunning = running;
      updateAccepting();
    },
    insertRecord({ userId = firstUser, ...fields } = {}) {
      return book.insert(newRecord({ prompt: null, ...fields, user_created: userId }));
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
