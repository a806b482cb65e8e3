/**
 * Test helpers: an ImagineClient over an undici MockAgent (no network), a recording `sleep`, a log capture,
 * and sample records in the service's wire format.
 */
import { Writable } from "node:stream";
import { MockAgent, type Dispatcher } from "undici";
import { afterEach, beforeEach, expect } from "vitest";
import { createLogger } from "../../src/logger.js";
import { ImagineClient } from "../../src/service/client.js";
import { ServiceError } from "../../src/service/errors.js";
import { newImageRecord } from "../../src/service/record-factory.js";
import type { ServiceClientOptions } from "../../src/service/request.js";

export const BASE_URL = "https://imagine.test";
/** Long and distinctive so a leak into a message or log line is easy to find. */
export const TOKEN = "tok-SECRET-5b1e0c7d9a";

/** A record as the service sends it (service-facts.md): every field, with `overrides` in the wire format. */
export function wireRecord(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ...newImageRecord({
      id: "4f6d5e1c-2b1a-4c3d-9e8f-0a1b2c3d4e5f",
      prompt: "a red fox in snow",
      user_created: "9a8b7c6d-0000-4000-8000-000000000001",
      date_created: "2023-09-01T03:30:34.094Z",
      ref: "job-1",
    }),
    ...overrides,
  };
}

/** A Directus error body. */
export function directusError(code: string, message: string) {
  return { errors: [{ message, extensions: { code } }] };
}

export const JSON_HEADERS = { "content-type": "application/json; charset=utf-8" };

/** Everything one test needs; call `close()` in afterEach. */
export interface MockService {
  agent: MockAgent;
  /** The agent, recording what is sent through it ({@link calls}): what a client under test dispatches to. */
  dispatcher: Dispatcher;
  /** Interceptors for {@link BASE_URL}. */
  service: ReturnType<MockAgent["get"]>;
  /** Every wait the client asked for, in order. */
  sleeps: number[];
  /** JSON log lines written by the client's logger. */
  logLines: () => string[];
  client: (options?: Partial<ServiceClientOptions>) => ImagineClient;
  /** Requests the client sent, in order (method, path, headers, body as sent). */
  calls: () => SentRequest[];
  close: () => Promise<void>;
}

/** One request as the client handed it to its dispatcher. */
export interface SentRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[]>;
  body: string | undefined;
}

/** Headers as a lower-cased record, whichever form undici was given them in. */
function headerRecord(headers: Dispatcher.DispatchOptions["headers"]): Record<string, string | string[]> {
  const record: Record<string, string | string[]> = {};
  if (!headers) return record;
  const entries: Array<[string, unknown]> = Array.isArray(headers)
    ? Array.from({ length: headers.length / 2 }, (_, i) => [String(headers[2 * i]), headers[2 * i + 1]])
    : Object.entries(headers as Record<string, unknown>);
  for (const [name, value] of entries)
    if (value !== undefined)
      record[name.toLowerCase()] = Array.isArray(value) ? value.map(String) : String(value);
  return record;
}

/**
 * The agent as the client's dispatcher, recording each request on its way: what the client sent, as the
 * service would receive it.
 */
function recording(agent: MockAgent, sent: SentRequest[]): Dispatcher {
  return new Proxy(agent, {
    get(target, property, receiver) {
      if (property !== "dispatch") return Reflect.get(target, property, receiver) as unknown;
      return (options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandlers) => {
        const body = options.body;
        sent.push({
          method: options.method,
          path: options.path,
          headers: headerRecord(options.headers),
          body: typeof body === "string" ? body : Buffer.isBuffer(body) ? body.toString("utf8") : undefined,
        });
        return target.dispatch(options, handler);
      };
    },
  });
}

/** Creates a MockAgent that refuses real connections, and a client factory wired to it. */
export function createMockService(): MockService {
  const agent = new MockAgent();
  agent.disableNetConnect();
  const sent: SentRequest[] = [];
  const dispatcher = recording(agent, sent);
  const sleeps: number[] = [];
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString("utf8"));
      done();
    },
  });
  const logger = createLogger({ level: "debug", destination });
  return {
    agent,
    dispatcher,
    service: agent.get(BASE_URL),
    sleeps,
    logLines: () => lines.flatMap((l) => l.split("\n")).filter(Boolean),
    client: (options = {}) =>
      new ImagineClient({
        baseUrl: BASE_URL,
        token: TOKEN,
        dispatcher,
        sleep: async (ms) => {
          sleeps.push(ms);
        },
        random: () => 0.5,
        logger,
        ...options,
      }),
    calls: () => [...sent],
    close: async () => {
      try {
        agent.assertNoPendingInterceptors();
      } finally {
        await agent.close();
      }
    },
  };
}

/**
 * Registers hooks giving each test a fresh mock service, and checking after it that every interceptor was
 * used. Returns the current one.
 */
export function useMockService(): () => MockService {
  let current: MockService | undefined;
  beforeEach(() => {
    current = createMockService();
  });
  afterEach(async () => {
    await current?.close();
  });
  return () => {
    if (!current) throw new Error("useMockService: no test is running");
    return current;
  };
}

/** Awaits `promise`, expecting it to reject with a ServiceError, and returns that error. */
export async function expectServiceError(promise: Promise<unknown>): Promise<ServiceError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ServiceError);
  return err as ServiceError;
}
