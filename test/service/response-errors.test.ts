import { describe, expect, test } from "vitest";
import type { ServiceErrorKind } from "../../src/service/errors.js";
import {
  expectServiceError,
  useMockService,
  directusError,
  JSON_HEADERS,
  TOKEN,
  wireRecord,
} from "./mock-service.js";

// The error mapping of src/service/response-errors.ts, exercised through the client over a MockAgent.

const mock = useMockService();

const html = (title: string) =>
  `<html><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`;
const HTML_HEADERS = { "content-type": "text/html" };

describe("error answers become typed errors", () => {
  test.each<{
    name: string;
    status: number;
    body: string | object;
    headers?: Record<string, string>;
    kind: ServiceErrorKind;
    message: string;
    retryAfterMs?: number;
  }>([
    {
      name: "401 INVALID_CREDENTIALS",
      status: 401,
      body: directusError("INVALID_CREDENTIALS", "Invalid user credentials."),
      kind: "unauthorized",
      message:
        "Image service refused the token while creating an image (401 INVALID_CREDENTIALS): Invalid user credentials.",
    },
    {
      name: "401 TOKEN_EXPIRED",
      status: 401,
      body: directusError("TOKEN_EXPIRED", "Token expired."),
      kind: "unauthorized",
      message: "Image service refused the token while creating an image (401 TOKEN_EXPIRED): Token expired.",
    },
    {
      name: "403 FORBIDDEN",
      status: 403,
      body: directusError("FORBIDDEN", "You don't have permission to access this."),
      kind: "forbidden",
      message:
        "Image service denied access (unknown id, or the token may not use it) while creating an image (403 FORBIDDEN): You don't have permission to access this.",
    },
    {
      name: "400 FAILED_VALIDATION",
      status: 400,
      body: directusError("FAILED_VALIDATION", 'Validation failed for field "prompt".'),
      kind: "validation",
      message:
        'Image service rejected the request as invalid while creating an image (400 FAILED_VALIDATION): Validation failed for field "prompt".',
    },
    {
      name: "400 INVALID_PAYLOAD",
      status: 400,
      body: directusError("INVALID_PAYLOAD", "Invalid payload. JSON expected."),
      kind: "validation",
      message:
        "Image service rejected the request as invalid while creating an image (400 INVALID_PAYLOAD): Invalid payload. JSON expected.",
    },
    {
      name: "413 from a proxy",
      status: 413,
      body: html("413 Request Entity Too Large"),
      headers: HTML_HEADERS,
      kind: "validation",
      message: "Image service rejected the request as invalid while creating an image (413).",
    },
    {
      name: "415",
      status: 415,
      body: directusError("UNSUPPORTED_MEDIA_TYPE", "Unsupported media type."),
      kind: "validation",
      message:
        "Image service rejected the request as invalid while creating an image (415 UNSUPPORTED_MEDIA_TYPE): Unsupported media type.",
    },
    {
      name: "429 REQUESTS_EXCEEDED",
      status: 429,
      body: directusError("REQUESTS_EXCEEDED", "Too many requests."),
      headers: { "retry-after": "30" },
      kind: "rate-limited",
      retryAfterMs: 30_000,
      message:
        "Image service rate limit reached while creating an image (429 REQUESTS_EXCEEDED): Too many requests. Retry after 30 s.",
    },
    {
      name: "429 IMAGE_ERROR",
      status: 429,
      body: directusError("IMAGE_ERROR", "Cannot create more images"),
      kind: "quota",
      message:
        "Image service quota is used up while creating an image (429 IMAGE_ERROR): Cannot create more images",
    },
    {
      name: "500 INTERNAL_SERVER_ERROR",
      status: 500,
      body: directusError("INTERNAL_SERVER_ERROR", "An unexpected error occurred."),
      kind: "server",
      message:
        "Image service failed while creating an image (500 INTERNAL_SERVER_ERROR): An unexpected error occurred.",
    },
    {
      name: "503 SERVICE_UNAVAILABLE",
      status: 503,
      body: directusError("SERVICE_UNAVAILABLE", "Service is unavailable."),
      kind: "server",
      message:
        "Image service failed while creating an image (503 SERVICE_UNAVAILABLE): Service is unavailable.",
    },
    {
      name: "502 HTML from a proxy",
      status: 502,
      body: html("502 Bad Gateway"),
      headers: HTML_HEADERS,
      kind: "not-json",
      message:
        'Image service answered with a body that is not JSON while creating an image (502): got text/html "502 Bad Gateway"; a proxy in front of the service may have answered.',
    },
    {
      name: "504 HTML from a proxy",
      status: 504,
      body: html("504 Gateway Time-out"),
      headers: HTML_HEADERS,
      kind: "not-json",
      message:
        'Image service answered with a body that is not JSON while creating an image (504): got text/html "504 Gateway Time-out"; a proxy in front of the service may have answered.',
    },
    {
      name: "200 with an HTML body",
      status: 200,
      body: "<html>login page</html>",
      headers: HTML_HEADERS,
      kind: "not-json",
      message:
        "Image service answered with a body that is not JSON while creating an image (200): got text/html; a proxy in front of the service may have answered.",
    },
    {
      name: "404 ROUTE_NOT_FOUND (wrong base URL)",
      status: 404,
      body: directusError("ROUTE_NOT_FOUND", "Route /v1/items/images doesn't exist."),
      kind: "invalid-response",
      message:
        "Image service answered with an unexpected status while creating an image (404 ROUTE_NOT_FOUND): Route /v1/items/images doesn't exist. (is IMAGINE_API_URL the service's base URL?)",
    },
  ])(
    "$name is a $kind error naming the operation",
    async ({ status, body, headers, kind, message, retryAfterMs }) => {
      mock()
        .service.intercept({ path: "/items/images", method: "POST" })
        .reply(status, body, { headers: headers ?? JSON_HEADERS });

      const err = await expectServiceError(mock().client({ maxRetries: 0 }).createImage({ prompt: "a fox" }));

      expect(err).toMatchObject({ kind, message, status, request: "POST /items/images" });
      expect(err.retryAfterMs).toBe(retryAfterMs);
    },
  );

  test("the service's own message is kept on the error as serviceMessage and code", async () => {
    mock()
      .service.intercept({ path: "/items/images/nope" })
      .reply(403, directusError("FORBIDDEN", "You don't have permission to access this."));

    const err = await expectServiceError(mock().client().getImage("nope"));

    expect(err).toMatchObject({
      kind: "forbidden",
      code: "FORBIDDEN",
      serviceMessage: "You don't have permission to access this.",
    });
    expect(err.message).toContain('while reading image "nope" (403 FORBIDDEN)');
  });

  test("a Retry-After given as an HTTP date is converted to milliseconds from now", async () => {
    const now = Date.parse("2024-01-01T00:00:00Z");
    mock()
      .service.intercept({ path: "/items/status" })
      .reply(429, directusError("REQUESTS_EXCEEDED", "Too many requests."), {
        headers: { "retry-after": "Mon, 01 Jan 2024 00:00:45 GMT" },
      });

    const err = await expectServiceError(
      mock()
        .client({ now: () => now, maxRetries: 0 })
        .getServiceStatus(),
    );

    expect(err).toMatchObject({ kind: "rate-limited", retryAfterMs: 45_000 });
  });

  test("a service message that echoes the token never carries it into the error", async () => {
    mock()
      .service.intercept({ path: "/items/images", method: "POST" })
      .reply(401, directusError("INVALID_CREDENTIALS", `Token ${TOKEN} is not valid.`));

    const err = await expectServiceError(mock().client().createImage({ prompt: "a fox" }));

    expect(err.message).toBe(
      "Image service refused the token while creating an image (401 INVALID_CREDENTIALS): Token [redacted] is not valid.",
    );
    expect(JSON.stringify({ ...err, message: err.message })).not.toContain(TOKEN);
  });

  test.each([
    {
      name: "ECONNREFUSED",
      code: "ECONNREFUSED",
      syscall: "connect",
      connectFailed: true,
      headline: "Could not connect to",
    },
    {
      name: "DNS failure",
      code: "ENOTFOUND",
      syscall: "getaddrinfo",
      connectFailed: true,
      headline: "Could not connect to",
    },
    {
      name: "ECONNRESET",
      code: "ECONNRESET",
      syscall: "read",
      connectFailed: false,
      headline: "Lost the connection to",
    },
    {
      name: "socket closed",
      code: "UND_ERR_SOCKET",
      syscall: undefined,
      connectFailed: false,
      headline: "Lost the connection to",
    },
  ])(
    "$name is a network error with connectFailed $connectFailed",
    async ({ code, syscall, connectFailed, headline }) => {
      const cause = Object.assign(new Error(`${code} on 10.0.0.1:443`), { code, syscall });
      mock().service.intercept({ path: "/items/status" }).replyWithError(cause);

      const err = await expectServiceError(mock().client({ maxRetries: 0 }).getServiceStatus());

      expect(err).toMatchObject({ kind: "network", connectFailed, code });
      expect(err.message).toBe(
        `${headline} the image service while reading the service status: ${code} on 10.0.0.1:443`,
      );
    },
  );

  test("a server that answers later than timeoutMs is a timeout error", async () => {
    mock().service.intercept({ path: "/items/images/abc" }).reply(200, { data: wireRecord() }).delay(1000);

    const err = await expectServiceError(mock().client({ timeoutMs: 20, maxRetries: 0 }).getImage("abc"));

    expect(err).toMatchObject({ kind: "timeout", request: "GET /items/images/abc" });
    expect(err.message).toBe('The image service did not answer within 20 ms while reading image "abc".');
  });
});

describe("unusual error answers", () => {
  test("an oversize HTML error page is still classified by its status", async () => {
    mock()
      .service.intercept({ path: "/items/status" })
      .reply(502, `<html>${"x".repeat(5000)}</html>`, { headers: { "content-type": "text/html" } });

    const err = await expectServiceError(
      mock().client({ maxResponseBytes: 1000, maxRetries: 0 }).getServiceStatus(),
    );

    expect(err).toMatchObject({ kind: "not-json", status: 502 });
  });

  test("a connection error whose text contains the token does not carry it into the error", async () => {
    const cause = Object.assign(new Error(`socket hang up (Bearer ${TOKEN})`), { code: "ECONNRESET" });
    mock().service.intercept({ path: "/items/status" }).replyWithError(cause);

    const err = await expectServiceError(mock().client({ maxRetries: 0 }).getServiceStatus());

    expect(err.message).toBe(
      "Lost the connection to the image service while reading the service status: socket hang up (Bearer [redacted])",
    );
  });
});
