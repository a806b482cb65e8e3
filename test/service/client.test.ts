import { describe, expect, test } from "vitest";
import { createImagineClient } from "../../src/service/client.js";
import {
  BASE_URL,
  expectServiceError,
  useMockService,
  JSON_HEADERS,
  TOKEN,
  wireRecord,
  type MockService,
} from "./mock-service.js";

const mock = useMockService();

describe("successful answers", () => {
  test("createImage posts the prompt and ref with the bearer token and returns the record", async () => {
    mock()
      .service.intercept({ path: "/items/images", method: "POST" })
      .reply(200, { data: wireRecord({ prompt: "a red fox", ref: "job-7" }) }, { headers: JSON_HEADERS });

    const record = await mock().client().createImage({ prompt: "a red fox", ref: "job-7" });

    expect(record).toMatchObject({ prompt: "a red fox", ref: "job-7", status: "pending", progress: null });
    const [call] = mock().calls();
    expect(call?.headers).toMatchObject({
      authorization: `Bearer ${TOKEN}`,
      "content-type": "application/json",
      "user-agent": "imagine-bot",
    });
    const sent = mock().calls()[0]?.body;
    expect(JSON.parse(String(sent))).toEqual({ prompt: "a red fox", ref: "job-7" });
  });

  test("createImage leaves ref out of the body when none is given: a self-hosted server refuses any ref", async () => {
    mock()
      .service.intercept({ path: "/items/images", method: "POST", body: (b) => !("ref" in JSON.parse(b)) })
      .reply(200, { data: wireRecord({ ref: null }) });

    await expect(mock().client().createImage({ prompt: "x" })).resolves.toMatchObject({ ref: null });
  });

  test("createImage sends ref null when it is given as null", async () => {
    mock()
      .service.intercept({ path: "/items/images", method: "POST", body: (b) => JSON.parse(b).ref === null })
      .reply(200, { data: wireRecord({ ref: null }) });

    await expect(mock().client().createImage({ prompt: "x", ref: null })).resolves.toMatchObject({
      ref: null,
    });
  });

  test("getImage encodes the id into the path", async () => {
    mock()
      .service.intercept({ path: "/items/images/a%2Fb%20c%3F", method: "GET" })
      .reply(200, { data: wireRecord() });

    await mock().client().getImage("a/b c?");

    expect(
      mock()
        .calls()
        .map((c) => c.path),
    ).toEqual(["/items/images/a%2Fb%20c%3F"]);
  });

  test.each([
    { progress: 42, expected: 42 },
    { progress: "42", expected: 42 },
    { progress: " 7 ", expected: 7 },
    { progress: null, expected: null },
    { progress: "", expected: null },
  ])("progress $progress is read as $expected", async ({ progress, expected }) => {
    mock()
      .service.intercept({ path: "/items/images/abc" })
      .reply(200, { data: wireRecord({ status: "in-progress", progress }) });

    await expect(mock().client().getImage("abc")).resolves.toMatchObject({ progress: expected });
  });

  test("an unknown status is kept as-is", async () => {
    mock()
      .service.intercept({ path: "/items/images/abc" })
      .reply(200, { data: wireRecord({ status: "queued" }) });

    await expect(mock().client().getImage("abc")).resolves.toMatchObject({ status: "queued" });
  });

  test("extra fields are tolerated and missing nullable fields become null", async () => {
    const { url: _url, upscaled_urls: _u, ...rest } = wireRecord({ parent_id: "p-1", colour: "red", n: 3 });
    mock()
      .service.intercept({ path: "/items/images/abc" })
      .reply(200, { data: rest, meta: { total: 1 } });

    const record = await mock().client().getImage("abc");

    expect(record).toMatchObject({ url: null, upscaled_urls: null, parent_id: "p-1" });
    expect(record).not.toHaveProperty("colour");
  });

  test("a completed record keeps the grid url and the four upscaled urls in order", async () => {
    const upscaled = [1, 2, 3, 4].map((i) => `https://cdn.test/u${i}.png`);
    mock()
      .service.intercept({ path: "/items/images/abc" })
      .reply(200, {
        data: wireRecord({ status: "completed", url: "https://cdn.test/grid.png", upscaled_urls: upscaled }),
      });

    await expect(mock().client().getImage("abc")).resolves.toMatchObject({
      status: "completed",
      url: "https://cdn.test/grid.png",
      upscaled_urls: upscaled,
    });
  });

  test("getServiceStatus returns the bot status and keeps extra fields", async () => {
    mock()
      .service.intercept({ path: "/items/status" })
      .reply(200, { data: { bot_status: "unhealthy", message: "Midjourney is down", queue: 3 } });

    await expect(mock().client().getServiceStatus()).resolves.toEqual({
      bot_status: "unhealthy",
      message: "Midjourney is down",
      queue: 3,
    });
  });
});

describe("answers of the wrong shape", () => {
  test.each([
    { field: "id", data: wireRecord({ id: undefined }), message: "data.id: record has no id" },
    {
      field: "status",
      data: wireRecord({ status: undefined }),
      message: "data.status: record has no status",
    },
    {
      field: "progress",
      data: wireRecord({ progress: "lots" }),
      message: 'data.progress: progress is not a number: "lots"',
    },
    { field: "data", data: undefined, message: "data: Invalid input" },
  ])("a record with a bad $field is an invalid-response naming the field", async ({ data, message }) => {
    mock()
      .service.intercept({ path: "/items/images/abc" })
      .reply(200, data === undefined ? {} : { data });

    const err = await expectServiceError(mock().client({ maxRetries: 0 }).getImage("abc"));

    expect(err.kind).toBe("invalid-response");
    expect(err.message).toContain(
      'Image service sent an unexpected response while reading image "abc" (200): ',
    );
    expect(err.message).toContain(message);
  });

  test("a body larger than maxResponseBytes is refused without reading it all", async () => {
    mock().service.intercept({ path: "/items/status" }).reply(200, "x".repeat(5000));

    const err = await expectServiceError(
      mock().client({ maxResponseBytes: 1000, maxRetries: 0 }).getServiceStatus(),
    );

    expect(err.kind).toBe("invalid-response");
    expect(err.message).toContain("more than the 1000 allowed");
  });
});

describe("bad input", () => {
  test.each([
    { name: "an empty prompt", call: (m: MockService) => m.client().createImage({ prompt: "  " }) },
    {
      name: "a non-string ref",
      call: (m: MockService) => m.client().createImage({ prompt: "x", ref: 5 as never }),
    },
    { name: "an empty id", call: (m: MockService) => m.client().getImage("") },
  ])("$name is a validation error and nothing is sent", async ({ call }) => {
    const err = await expectServiceError(call(mock()));

    expect(err.kind).toBe("validation");
    expect(mock().calls()).toEqual([]);
  });

  test.each([
    {
      name: "a base URL that is not a URL",
      options: { IMAGINE_API_URL: "cl.imagineapi.dev" },
      error: /baseUrl is not a URL/,
    },
    {
      name: "a non-http base URL",
      options: { IMAGINE_API_URL: "ftp://x.test" },
      error: /baseUrl must be http/,
    },
    {
      name: "an empty token",
      options: { IMAGINE_API_TOKEN: " " },
      error: /token must be a non-empty string/,
    },
    {
      name: "a token with a newline",
      options: { IMAGINE_API_TOKEN: "abc\ndef" },
      error: /without control characters/,
    },
    {
      name: "a zero timeout",
      options: { SERVICE_TIMEOUT_MS: 0 },
      error: /timeoutMs must be a number of at least 1/,
    },
    { name: "a zero concurrency", options: { SERVICE_MAX_CONCURRENCY: 0 }, error: /at least 1/ },
  ])("createImagineClient refuses $name with a clear error", ({ options, error }) => {
    const config = {
      IMAGINE_API_URL: BASE_URL,
      IMAGINE_API_TOKEN: TOKEN,
      SERVICE_TIMEOUT_MS: 15_000,
      SERVICE_MAX_CONCURRENCY: 8,
      ...options,
    };
    expect(() => createImagineClient(config)).toThrow(error);
  });

  test("createImagineClient uses the configured base URL, token and time limit", async () => {
    mock()
      .service.intercept({ path: "/items/status" })
      .reply(200, { data: { bot_status: "healthy" } })
      .delay(1000);
    const client = createImagineClient(
      {
        IMAGINE_API_URL: BASE_URL,
        IMAGINE_API_TOKEN: TOKEN,
        SERVICE_TIMEOUT_MS: 20,
        SERVICE_MAX_CONCURRENCY: 2,
      },
      { dispatcher: mock().dispatcher, maxRetries: 0 },
    );

    const err = await expectServiceError(client.getServiceStatus());

    expect(err.kind).toBe("timeout");
    expect(mock().calls()[0]?.headers).toMatchObject({ authorization: `Bearer ${TOKEN}` });
  });
});
