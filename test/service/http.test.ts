import { Readable } from "node:stream";
import { describe, expect, test } from "vitest";
import {
  networkError,
  parseRetryAfter,
  readBodyLimited,
  runWithTimeout,
  type AttemptSignal,
} from "../../src/service/http.js";

const what = { operation: "reading the service status", request: "GET /items/status" };
const NOW = Date.parse("2024-01-01T00:00:00Z");

describe("parseRetryAfter", () => {
  test.each([
    { value: "30", ms: 30_000 },
    { value: " 2 ", ms: 2000 },
    { value: "0.25", ms: 250 },
    { value: ["5", "9"], ms: 5000 },
    { value: "Mon, 01 Jan 2024 00:01:00 GMT", ms: 60_000 },
    { value: "Sun, 31 Dec 2023 23:00:00 GMT", ms: 0 },
    { value: "soon", ms: undefined },
    { value: "-5", ms: undefined },
    { value: "", ms: undefined },
    { value: undefined, ms: undefined },
  ])("reads $value as $ms ms", ({ value, ms }) => {
    expect(parseRetryAfter(value, NOW)).toBe(ms);
  });
});

describe("networkError", () => {
  const withCode = (code: string, syscall?: string) => Object.assign(new Error(code), { code, syscall });

  test.each([
    { name: "ECONNREFUSED", err: withCode("ECONNREFUSED", "connect"), connectFailed: true },
    { name: "EHOSTUNREACH", err: withCode("EHOSTUNREACH"), connectFailed: true },
    { name: "EAI_AGAIN", err: withCode("EAI_AGAIN", "getaddrinfo"), connectFailed: true },
    { name: "a connect timeout", err: withCode("UND_ERR_CONNECT_TIMEOUT"), connectFailed: true },
    {
      name: "a refusal wrapped as a cause",
      err: new TypeError("fetch failed", { cause: withCode("ECONNREFUSED") }),
      connectFailed: true,
    },
    { name: "ECONNRESET", err: withCode("ECONNRESET", "read"), connectFailed: false },
    { name: "EPIPE", err: withCode("EPIPE", "write"), connectFailed: false },
    { name: "a socket closed by the server", err: withCode("UND_ERR_SOCKET"), connectFailed: false },
    { name: "an error without a code", err: new Error("weird"), connectFailed: false },
  ])("$name gives connectFailed $connectFailed", ({ err, connectFailed }) => {
    expect(networkError(err, what)).toMatchObject({
      kind: "network",
      connectFailed,
      request: "GET /items/status",
    });
  });
});

describe("runWithTimeout", () => {
  test("an abort caused by the time limit becomes a timeout naming the operation", async () => {
    const never = (signal: AttemptSignal) =>
      new Promise<never>((_resolve, reject) => signal.once("abort", () => reject(new Error("aborted"))));

    await expect(runWithTimeout(10, what, never)).rejects.toMatchObject({
      kind: "timeout",
      message: "The image service did not answer within 10 ms while reading the service status.",
    });
  });

  test("undici's own headers timeout is also a timeout", async () => {
    const err = Object.assign(new Error("Headers Timeout Error"), { code: "UND_ERR_HEADERS_TIMEOUT" });

    await expect(runWithTimeout(10_000, what, () => Promise.reject(err))).rejects.toMatchObject({
      kind: "timeout",
    });
  });

  test("attempts in flight together each end at their own time limit", async () => {
    const never = (signal: AttemptSignal) =>
      new Promise<never>((_resolve, reject) => signal.once("abort", () => reject(new Error("aborted"))));
    let finishSlow: (value: string) => void = () => undefined;
    const slow = runWithTimeout(60_000, what, () => new Promise<string>((resolve) => (finishSlow = resolve)));

    await expect(runWithTimeout(10, what, never)).rejects.toMatchObject({ kind: "timeout" });
    finishSlow("still in time");
    await expect(slow).resolves.toBe("still in time");
  });

  test("a value is returned when the work ends in time", async () => {
    await expect(runWithTimeout(10_000, what, async () => 42)).resolves.toBe(42);
  });
});

describe("readBodyLimited", () => {
  const tooLarge = (n: number) => new Error(`too large: ${n}`);

  test("joins the chunks of a body within the limit", async () => {
    const body = Readable.from([Buffer.from("ab"), Buffer.from("cd")]);

    await expect(readBodyLimited(body, 4, undefined, tooLarge)).resolves.toEqual(Buffer.from("abcd"));
  });

  test("stops at the first chunk past the limit and destroys the stream", async () => {
    let produced = 0;
    const body = new Readable({
      read() {
        produced++;
        this.push(Buffer.alloc(10));
      },
    });

    await expect(readBodyLimited(body, 25, undefined, tooLarge)).rejects.toThrow("too large: 30");
    expect(body.destroyed).toBe(true);
    expect(produced).toBeLessThan(10);
  });

  test("refuses an announced Content-Length over the limit without reading", async () => {
    const body = Readable.from([Buffer.from("x")]);

    await expect(readBodyLimited(body, 4, "100", tooLarge)).rejects.toThrow("too large: 100");
    expect(body.destroyed).toBe(true);
  });
});
