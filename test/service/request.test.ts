import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, test } from "vitest";
import { ImagineClient } from "../../src/service/client.js";
import {
  directusError,
  expectServiceError,
  TOKEN,
  useMockService,
  wireRecord,
  type MockService,
} from "./mock-service.js";

const mock = useMockService();

type Interceptor = ReturnType<MockService["service"]["intercept"]>;
/** One scripted answer of the mock service. */
type Answer = (i: Interceptor) => void;

const ok: Answer = (i) => void i.reply(200, { data: wireRecord() });
const status500: Answer = (i) => void i.reply(500, directusError("INTERNAL_SERVER_ERROR", "boom"));
const html502: Answer = (i) =>
  void i.reply(502, "<html>Bad Gateway</html>", { headers: { "content-type": "text/html" } });
const html504: Answer = (i) =>
  void i.reply(504, "<html>Gateway Timeout</html>", { headers: { "content-type": "text/html" } });
const reset: Answer = (i) =>
  void i.replyWithError(Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }));
const refused: Answer = (i) =>
  void i.replyWithError(
    Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED", syscall: "connect" }),
  );
const hang: Answer = (i) => void i.reply(200, { data: wireRecord() }).delay(1000);
const limited =
  (retryAfter?: string): Answer =>
  (i) =>
    void i.reply(429, directusError("REQUESTS_EXCEEDED", "Too many requests."), {
      headers: retryAfter === undefined ? {} : { "retry-after": retryAfter },
    });
const unavailable =
  (retryAfter?: string): Answer =>
  (i) =>
    void i.reply(503, directusError("SERVICE_UNAVAILABLE", "Service is unavailable."), {
      headers: retryAfter === undefined ? {} : { "retry-after": retryAfter },
    });
const quota: Answer = (i) => void i.reply(429, directusError("IMAGE_ERROR", "Cannot create more images"));
const unauthorized: Answer = (i) =>
  void i.reply(401, directusError("INVALID_CREDENTIALS", "Invalid user credentials."));
const forbidden: Answer = (i) => void i.reply(403, directusError("FORBIDDEN", "Forbidden."));
const invalid: Answer = (i) => void i.reply(400, directusError("FAILED_VALIDATION", "Bad prompt."));
const badShape: Answer = (i) => void i.reply(200, { data: { prompt: "no id" } });

function script(method: "GET" | "POST", answers: Answer[]): void {
  const path = method === "GET" ? "/items/images/abc" : "/items/images";
  for (const answer of answers) answer(mock().service.intercept({ path, method }));
}

// random() is 0.5 and the base delay 500 ms, so full-jitter backoff waits 250, 500, 1000 ms.
describe("reads (GET) are retried", () => {
  test.each([
    { name: "a 500", first: status500 },
    { name: "an HTML 502", first: html502 },
    { name: "an HTML 504", first: html504 },
    { name: "a connection reset", first: reset },
    { name: "a timeout", first: hang },
    { name: "a 503 without Retry-After", first: unavailable() },
    { name: "a 429 without Retry-After", first: limited() },
  ])("after $name, with backoff, then succeed", async ({ first }) => {
    script("GET", [first, ok]);

    await expect(mock().client({ timeoutMs: 20 }).getImage("abc")).resolves.toMatchObject({
      status: "pending",
    });

    expect(mock().sleeps).toEqual([250]);
    expect(mock().calls()).toHaveLength(2);
  });

  test.each([
    { name: "429", answer: limited("7"), waits: 7000 },
    { name: "503", answer: unavailable("12"), waits: 12_000 },
    { name: "429 with a fractional Retry-After", answer: limited("1.5"), waits: 1500 },
    { name: "429 with Retry-After 0", answer: limited("0"), waits: 250 },
  ])("a $name waits at least Retry-After", async ({ answer, waits }) => {
    script("GET", [answer, ok]);

    await mock().client().getImage("abc");

    expect(mock().sleeps).toEqual([waits]);
  });

  test("backoff doubles per retry, and the last error is thrown when retries run out", async () => {
    script("GET", [status500, html502, reset, status500]);

    const err = await expectServiceError(mock().client().getImage("abc"));

    expect(mock().sleeps).toEqual([250, 500, 1000]);
    expect(err).toMatchObject({ kind: "server", status: 500 });
    expect(mock().calls()).toHaveLength(4);
  });

  test("backoff never exceeds retryMaxDelayMs", async () => {
    script("GET", [status500, status500, status500]);

    await expectServiceError(
      mock()
        .client({ maxRetries: 2, retryBaseDelayMs: 4000, retryMaxDelayMs: 5000, random: () => 0.99 })
        .getImage("abc"),
    );

    expect(mock().sleeps).toEqual([3960, 4950]);
  });

  test("a Retry-After longer than maxRetryAfterMs is not waited for", async () => {
    script("GET", [limited("120")]);

    const err = await expectServiceError(mock().client().getImage("abc"));

    expect(err).toMatchObject({ kind: "rate-limited", retryAfterMs: 120_000 });
    expect(mock().sleeps).toEqual([]);
  });

  test.each([
    { name: "401", answer: unauthorized, kind: "unauthorized" },
    { name: "403", answer: forbidden, kind: "forbidden" },
    { name: "400", answer: invalid, kind: "validation" },
    { name: "429 IMAGE_ERROR (quota)", answer: quota, kind: "quota" },
    { name: "a record without id", answer: badShape, kind: "invalid-response" },
  ])("a $name is not retried", async ({ answer, kind }) => {
    script("GET", [answer]);

    const err = await expectServiceError(mock().client().getImage("abc"));

    expect(err.kind).toBe(kind);
    expect(mock().sleeps).toEqual([]);
    expect(mock().calls()).toHaveLength(1);
  });

  test("maxRetries 0 makes exactly one attempt", async () => {
    script("GET", [status500]);

    await expectServiceError(mock().client({ maxRetries: 0 }).getImage("abc"));

    expect(mock().calls()).toHaveLength(1);
  });
});

describe("creates (POST) never make two records for one request", () => {
  test.each([
    { name: "a 500", answer: status500, kind: "server" },
    { name: "an HTML 502", answer: html502, kind: "not-json" },
    { name: "a timeout", answer: hang, kind: "timeout" },
    { name: "a connection reset", answer: reset, kind: "network" },
    { name: "a 503 without Retry-After", answer: unavailable(), kind: "server" },
    { name: "a 429 without Retry-After", answer: limited(), kind: "rate-limited" },
    { name: "a 429 IMAGE_ERROR (quota)", answer: quota, kind: "quota" },
    { name: "a 400", answer: invalid, kind: "validation" },
  ])("after $name the create is not repeated", async ({ answer, kind }) => {
    script("POST", [answer]);

    const err = await expectServiceError(mock().client({ timeoutMs: 20 }).createImage({ prompt: "a fox" }));

    expect(err.kind).toBe(kind);
    expect(mock().calls()).toHaveLength(1);
    expect(mock().sleeps).toEqual([]);
  });

  test.each([
    { name: "a refused connection", first: refused, waits: 250 },
    { name: "a 429 with Retry-After", first: limited("3"), waits: 3000 },
    { name: "a 503 with Retry-After", first: unavailable("5"), waits: 5000 },
  ])("after $name the create is repeated and succeeds", async ({ first, waits }) => {
    script("POST", [first, ok]);

    await expect(mock().client().createImage({ prompt: "a fox" })).resolves.toMatchObject({
      status: "pending",
    });

    expect(mock().sleeps).toEqual([waits]);
    expect(mock().calls()).toHaveLength(2);
  });

  test("a create to a closed port is retried until retries run out, then fails as connectFailed", async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const sleeps: number[] = [];
    const client = new ImagineClient({
      baseUrl: `http://127.0.0.1:${port}`,
      token: TOKEN,
      maxRetries: 2,
      random: () => 0.5,
      sleep: async (ms) => void sleeps.push(ms),
    });

    const err = await expectServiceError(client.createImage({ prompt: "a fox" }));

    expect(err).toMatchObject({ kind: "network", connectFailed: true, code: "ECONNREFUSED" });
    expect(sleeps).toEqual([250, 500]);
  });
});

describe("a real server that never answers", () => {
  let server: Server;
  afterEach(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  test("ends in a timeout error", async () => {
    let received = 0;
    server = createServer(() => {
      received++;
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const client = new ImagineClient({
      baseUrl: `http://127.0.0.1:${port}`,
      token: TOKEN,
      timeoutMs: 50,
      maxRetries: 0,
    });

    const err = await expectServiceError(client.getServiceStatus());

    expect(err).toMatchObject({ kind: "timeout", request: "GET /items/status" });
    expect(received).toBe(1);
  });
});

describe("logging", () => {
  test("every attempt is debug-logged with method, path, status, duration and attempt, never the token", async () => {
    script("GET", [status500, ok]);

    await mock().client().getImage("abc");

    const entries = mock()
      .logLines()
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const attempts = entries.filter((e) => String(e.msg).startsWith("image service request"));
    expect(attempts).toEqual([
      expect.objectContaining({
        method: "GET",
        path: "/items/images/abc",
        status: 500,
        attempt: 1,
        kind: "server",
      }),
      expect.objectContaining({ method: "GET", path: "/items/images/abc", status: 200, attempt: 2 }),
    ]);
    expect(attempts.every((e) => typeof e.durationMs === "number")).toBe(true);
    expect(entries.some((e) => e.msg === "retrying image service request" && e.delayMs === 250)).toBe(true);
  });

  test.each([
    { name: "a rejected token", answers: [unauthorized] },
    { name: "a timeout", answers: [hang] },
    { name: "a refused connection", answers: [refused, refused] },
    { name: "a bad record", answers: [badShape] },
  ])("after $name neither the error nor any log line contains the token", async ({ answers }) => {
    script("POST", answers);

    const err = await expectServiceError(
      mock().client({ timeoutMs: 20, maxRetries: 1 }).createImage({ prompt: "a fox" }),
    );

    expect(err.message).not.toContain(TOKEN);
    expect(mock().logLines().length).toBeGreaterThan(0);
    for (const line of mock().logLines()) {
      expect(line).not.toContain(TOKEN);
      expect(line.toLowerCase()).not.toContain("authorization");
    }
  });
});

describe("a fleet-wide cap (SERVICE_FLEET_MAX_CONCURRENCY)", () => {
  test("every attempt, retries included, runs inside one of the fleet's slots", async () => {
    script("GET", [status500, ok]);
    let inSlot = 0;
    const fleetSlots = {
      run<T>(task: () => Promise<T>): Promise<T> {
        inSlot++;
        return task();
      },
    };
    await mock().client({ fleetSlots }).getImage("abc");
    expect(inSlot).toBe(2);
  });

  test("the health probe, which admission waits for, does not queue for a slot", async () => {
    mock()
      .service.intercept({ path: "/items/status", method: "GET" })
      .reply(200, { data: { bot_status: "healthy", message: "Bot is healthy" } });
    const fleetSlots = { run: () => new Promise<never>(() => {}) };
    await expect(mock().client({ fleetSlots }).getServiceStatus()).resolves.toMatchObject({
      bot_status: "healthy",
    });
  });
});
