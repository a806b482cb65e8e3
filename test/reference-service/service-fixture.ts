/**
 * Test helpers for the reference service: one service per test in manual mode (`tickMs: 0`) with two users,
 * and plain undici calls against it (deliberately not the bot's client, so the service is checked on its own).
 */
import { request } from "undici";
import { afterEach, beforeEach, expect } from "vitest";
import {
  startReferenceService,
  type ReferenceService,
  type ReferenceServiceOptions,
} from "../../tools/reference-service/index.js";
import type { ServiceRecord } from "../../tools/reference-service/record.js";

export const TOKEN = "ref-token-alice-7f3a";
export const OTHER_TOKEN = "ref-token-bob-91c2";
export const USER = "user-alice";
export const OTHER_USER = "user-bob";

/** A service answer: status, headers and the body as text and (when it parses) JSON. */
export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: unknown;
}

/** A Directus error body with this code, as the service must send it (exactly one error, a message). */
export function directusError(code: string): unknown {
  return { errors: [{ message: expect.stringMatching(/\S/), extensions: { code } }] };
}

export interface CallOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  /** Authorization header value, or `null` for none. Default: `Bearer TOKEN`. */
  auth?: string | null;
  contentType?: string | null;
  body?: string | Buffer;
  /** Client-side time limit: the request is aborted (rejecting with a `TimeoutError`) after this. */
  timeoutMs?: number;
}

/** One request to `base + path`, answered with status, headers and body. */
export async function call(base: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  const auth = options.auth === undefined ? `Bearer ${TOKEN}` : options.auth;
  if (auth !== null) headers.authorization = auth;
  if (options.contentType) headers["content-type"] = options.contentType;
  const res = await request(`${base}${path}`, {
    method: options.method ?? (options.body === undefined ? "GET" : "POST"),
    headers,
    ...(options.body === undefined ? {} : { body: options.body }),
    ...(options.timeoutMs === undefined ? {} : { signal: AbortSignal.timeout(options.timeoutMs) }),
  });
  const text = await res.body.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.statusCode, headers: res.headers, text, json };
}

/** The service of the current test, with helpers bound to it. */
export interface ServiceFixture {
  readonly service: ReferenceService;
  call(path: string, options?: CallOptions): Promise<Answer>;
  /**
   * POSTs `{prompt, ref}` as JSON (`{prompt}` alone when `ref` is undefined, as a self-hosted server needs)
   * and returns the created record (throws unless 200).
   */
  create(prompt: string, ref?: string | null, token?: string): Promise<ServiceRecord>;
  /** GETs a record by id (throws unless 200). */
  read(id: string, token?: string): Promise<ServiceRecord>;
  /** Advances one tick at a time and reads the record after each, until it is finished (or `max` ticks). */
  ticksOf(id: string, max?: number): Promise<ServiceRecord[]>;
}

/**
 * Starts a fresh service before each test and closes it after. `options` are merged over the defaults
 * (manual ticks, two users); `restart` replaces the service within a test.
 */
export function useReferenceService(
  options: ReferenceServiceOptions = {},
): ServiceFixture & { restart(more: ReferenceServiceOptions): Promise<void> } {
  let current: ReferenceService | undefined;
  const start = (more: ReferenceServiceOptions) =>
    startReferenceService({ tickMs: 0, tokens: { [TOKEN]: USER, [OTHER_TOKEN]: OTHER_USER }, ...more });
  beforeEach(async () => {
    current = await start(options);
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  const service = (): ReferenceService => {
    if (!current) throw new Error("no reference service is running (use inside a test)");
    return current;
  };
  const fixture = {
    get service() {
      return service();
    },
    call: (path: string, callOptions?: CallOptions) => call(service().url, path, callOptions),
    async create(prompt: string, ref?: string | null, token = TOKEN): Promise<ServiceRecord> {
      const answer = await call(service().url, "/items/images", {
        auth: `Bearer ${token}`,
        contentType: "application/json",
        body: JSON.stringify(ref === undefined ? { prompt } : { prompt, ref }),
      });
      if (answer.status !== 200) throw new Error(`create answered ${answer.status}: ${answer.text}`);
      return (answer.json as { data: ServiceRecord }).data;
    },
    async read(id: string, token = TOKEN): Promise<ServiceRecord> {
      const answer = await call(service().url, `/items/images/${id}`, { auth: `Bearer ${token}` });
      if (answer.status !== 200) throw new Error(`read answered ${answer.status}: ${answer.text}`);
      return (answer.json as { data: ServiceRecord }).data;
    },
    async ticksOf(id: string, max = 20): Promise<ServiceRecord[]> {
      const seen: ServiceRecord[] = [];
      for (let i = 0; i < max; i++) {
        service().advance();
        const record = await fixture.read(id);
        seen.push(record);
        if (record.status === "completed" || record.status === "failed") break;
      }
      return seen;
    },
    async restart(more: ReferenceServiceOptions) {
      await current?.close();
      current = await start({ ...options, ...more });
    },
  };
  return fixture;
}
