/**
 * Benchmark-only control routes of the reference service under `/_control/`, enabled with `--control`
 * (`control: true`): pre-create records that stay in progress (`POST seed {count, progress?, prompt?}`),
 * complete a record now (`POST complete {id | ref}`), read when records were marked completed
 * (`GET completions`: `[{id, ref, at}]`) and failed (`GET failures`: `[{id, at, error}]`), count the API requests
 * served (`GET stats?from=INDEX`), list them with their times (`GET requests?from=INDEX`), and set
 * the account's speed, an out-of-date server or a notice about its account that every job then fails with
 * (`POST lifecycle {accountMode?, outdated?, accountNotice?}`; `accountNotice: null` ends it). Not part of the image service's interface; no token is checked, so
 * never enable it on a reachable address.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ServiceRecord } from "./record.js";
import type { JobBook } from "./job-book.js";

/** What the control routes read and change. */
export interface ControlDeps {
  book: JobBook;
  /** The service's request log, oldest first. */
  requests: readonly { request: string; status: number; at: number }[];
  /** The user id seeded records belong to (the one behind the service's first token). */
  userId: string;
  now?: () => number;
}

/** The control routes, plus the hook that notes completion times. */
export interface ControlApi {
  /** Answers `/_control/*` requests; returns false for any other path. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean>;
  /** Call on every record update: remembers when each record became `completed`. */
  noteUpdate(record: ServiceRecord): void;
}

/** Largest number of records one seed call creates. */
export const MAX_SEED_COUNT = 100_000;

const IMAGE_READ = /^GET \/items\/images\/[^/]+$/;

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString("utf8");
  if (text.trim() === "") return {};
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    throw new Error("the body must be a JSON object");
  return parsed as Record<string, unknown>;
}

function wholeNumber(value: unknown, name: string, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max)
    throw new Error(`${name} must be a whole number from ${min} to ${max}`);
  return value;
}

/** Creates the control routes over a running service's job book and request log. */
export function createControlApi(deps: ControlDeps): ControlApi {
  const now = deps.now ?? Date.now;
  const completedAt = new Map<string, number>();
  const failedAt = new Map<string, { at: number; error: string | null }>();

  function seed(body: Record<string, unknown>): { ids: string[] } {
    const count = wholeNumber(body.count, "count", 1, MAX_SEED_COUNT, 1);
    const progress = wholeNumber(body.progress, "progress", 0, 99, 50);
    const prompt = typeof body.prompt === "string" && body.prompt.trim() !== "" ? body.prompt : "seeded job";
    const ids: string[] = [];
    for (let i = 0; i < count; i++) ids.push(deps.book.seedInProgress(prompt, deps.userId, progress).id);
    return { ids };
  }

  /**
   * Changes how the next jobs behave: `accountMode` (the Midjourney account's speed: fast, turbo or
   * relax) and `outdated` (the server's ImagineAPI no longer drives Midjourney). Answers the settings.
   */
  function setLifecycle(body: Record<string, unknown>): unknown {
    const { settings } = deps.book;
    if (body.accountMode !== undefined) {
      if (body.accountMode !== "fast" && body.accountMode !== "turbo" && body.accountMode !== "relax")
        throw new Error("accountMode must be fast, turbo or relax");
      settings.accountMode = body.accountMode;
    }
    if (body.outdated !== undefined) {
      if (typeof body.outdated !== "boolean") throw new Error("outdated must be true or false");
      settings.outdated = body.outdated;
    }
    if (body.accountNotice !== undefined) {
      const notice = body.accountNotice;
      if (notice !== null && (typeof notice !== "string" || notice.trim() === "" || notice.length > 1000))
        throw new Error("accountNotice must be a text of 1 to 1000 characters, or null");
      settings.accountNotice = notice;
    }
    return {
      accountMode: settings.accountMode,
      outdated: settings.outdated,
      accountNotice: settings.accountNotice,
    };
  }

  function findByRef(ref: unknown): string {
    if (typeof ref !== "string") throw new Error("give `id` or `ref` as a string");
    for (const { record } of deps.book.records.values()) if (record.ref === ref) return record.id;
    throw Object.assign(new Error(`no record with ref "${ref}"`), { status: 404 });
  }

  function stats(from: number): unknown {
    let imageReads = 0;
    const byStatus: Record<string, number> = {};
    const slice = deps.requests.slice(from);
    for (const r of slice) {
      if (IMAGE_READ.test(r.request)) imageReads++;
      byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
    }
    return { total: deps.requests.length, counted: slice.length, imageReads, byStatus };
  }

  async function route(method: string, url: URL, req: IncomingMessage): Promise<unknown> {
    switch (`${method} ${url.pathname}`) {
      case "POST /_control/seed":
        return seed(await readJson(req));
      case "POST /_control/complete": {
        const body = await readJson(req);
        const id = typeof body.id === "string" ? body.id : findByRef(body.ref);
        return deps.book.completeNow(id);
      }
      case "GET /_control/concurrency":
        return { maxInFlight: deps.book.maxInFlight };
      case "POST /_control/lifecycle":
        return setLifecycle(await readJson(req));
      case "GET /_control/failures":
        return [...failedAt].map(([id, f]) => ({ id, at: f.at, error: f.error }));
      case "GET /_control/requests": {
        const from = Number(url.searchParams.get("from") ?? 0);
        if (!Number.isInteger(from) || from < 0) throw new Error("?from must be a whole number >= 0");
        return deps.requests.slice(from);
      }
      case "GET /_control/completions":
        return [...completedAt].map(([id, at]) => ({ id, ref: deps.book.get(id)?.ref ?? null, at }));
      case "GET /_control/stats": {
        const from = Number(url.searchParams.get("from") ?? 0);
        if (!Number.isInteger(from) || from < 0) throw new Error("?from must be a whole number >= 0");
        return stats(from);
      }
      default:
        throw Object.assign(new Error(`No control route ${method} ${url.pathname}`), { status: 404 });
    }
  }

  return {
    async handle(req, res, url) {
      if (!url.pathname.startsWith("/_control/")) return false;
      try {
        send(res, 200, await route(req.method ?? "GET", url, req));
      } catch (error) {
        const status = (error as { status?: number }).status ?? 400;
        send(res, status, { error: error instanceof Error ? error.message : String(error) });
      }
      return true;
    },
    noteUpdate(record) {
      if (record.status === "completed" && !completedAt.has(record.id)) completedAt.set(record.id, now());
      if (record.status === "failed" && !failedAt.has(record.id))
        failedAt.set(record.id, { at: now(), error: record.error ?? null });
    },
  };
}
