import { beforeEach, describe, expect, test } from "vitest";
import { SERVICE_PROFILES } from "../../tools/reference-service/index.js";
import {
  directusError,
  OTHER_TOKEN,
  OTHER_USER,
  TOKEN,
  USER,
  useReferenceService,
  type CallOptions,
} from "./service-fixture.js";

const fixture = useReferenceService();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const ISO_WITH_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

const postJson = (body: string, extra: CallOptions = {}) =>
  fixture.call("/items/images", { contentType: "application/json", body, ...extra });

describe.each(SERVICE_PROFILES)("authentication (%s)", (profile) => {
  beforeEach(() => fixture.restart({ profile }));

  test.each([
    { path: "/items/status", method: "GET" as const },
    { path: "/items/images/00000000-0000-4000-8000-000000000000", method: "GET" as const },
    { path: "/items/images", method: "POST" as const },
  ])("$method $path without a token is 403 FORBIDDEN", async ({ path, method }) => {
    const answer = await fixture.call(path, { method, auth: null });

    expect(answer.status).toBe(403);
    expect(answer.headers["content-type"]).toMatch(/^application\/json/);
    expect(answer.json).toEqual(directusError("FORBIDDEN"));
  });

  test.each([
    { auth: "Bearer not-a-known-token" },
    { auth: `Basic ${TOKEN}` },
    { auth: "Bearer constructor" },
    { auth: "Bearer __proto__" },
  ])("the header '$auth' is 401 INVALID_CREDENTIALS", async ({ auth }) => {
    const answer = await fixture.call("/items/status", { auth });

    expect(answer.status).toBe(401);
    expect(answer.json).toEqual(directusError("INVALID_CREDENTIALS"));
  });

  test("a token that looks like an inherited property creates nothing", async () => {
    const answer = await postJson(JSON.stringify({ prompt: "a fox" }), { auth: "Bearer toString" });

    expect(answer.status).toBe(401);
    expect(fixture.service.records()).toEqual([]);
  });

  test("the Bearer scheme is accepted in any case", async () => {
    const answer = await fixture.call("/items/status", { auth: `bearer ${TOKEN}` });

    expect(answer.status).toBe(200);
  });
});

describe("creating an image", () => {
  test("returns {data: record} with every field of the interface, pending, for the token's user", async () => {
    const answer = await postJson(JSON.stringify({ prompt: "a red fox --ar 3:2", ref: "job-1" }));

    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^application\/json/);
    const { data } = answer.json as { data: Record<string, unknown> };
    expect(Object.keys(answer.json as object)).toEqual(["data"]);
    expect(data).toEqual({
      id: expect.stringMatching(UUID),
      prompt: "a red fox --ar 3:2",
      results: null,
      user_created: USER,
      date_created: expect.stringMatching(ISO_WITH_MS),
      status: "pending",
      progress: null,
      url: null,
      error: null,
      upscaled_urls: null,
      upscaled: [],
      ref: "job-1",
      parent_id: null,
    });
    expect(new Date(data.date_created as string).toISOString()).toBe(data.date_created);
  });

  test.each([
    { label: "omitted", body: { prompt: "a fox" } },
    { label: "null", body: { prompt: "a fox", ref: null } },
  ])("a ref $label comes back as null", async ({ body }) => {
    const record = (await postJson(JSON.stringify(body))).json as { data: { ref: unknown } };

    expect(record.data.ref).toBeNull();
  });

  test("each user's records belong to that user", async () => {
    const record = await fixture.create("theirs", null, OTHER_TOKEN);

    expect(record.user_created).toBe(OTHER_USER);
  });

  test.each([
    { label: "a newline", prompt: "a red fox\nin snow", stored: "a red fox in snow" },
    { label: "CRLF", prompt: "a red fox\r\nin snow", stored: "a red fox in snow" },
    { label: "several newlines", prompt: "one\n\ntwo\nthree", stored: "one two three" },
  ])("$label in the prompt becomes a space", async ({ prompt, stored }) => {
    const record = await fixture.create(prompt);

    expect(record.prompt).toBe(stored);
    expect((await fixture.read(record.id)).prompt).toBe(stored);
  });

  test("a record reads back exactly as it was created", async () => {
    const created = await fixture.create("a lighthouse", "r-1");

    await expect(fixture.read(created.id)).resolves.toEqual(created);
  });

  test.each([
    { label: "a missing prompt", body: { ref: "r" } },
    { label: "an empty prompt", body: { prompt: "" } },
    { label: "a blank prompt", body: { prompt: " \n\t " } },
    { label: "a number as prompt", body: { prompt: 42 } },
    { label: "an array as prompt", body: { prompt: ["a", "fox"] } },
    { label: "a number as ref", body: { prompt: "a fox", ref: 7 } },
    { label: "an object as ref", body: { prompt: "a fox", ref: { id: 1 } } },
  ])("$label is 400 FAILED_VALIDATION and creates nothing", async ({ body }) => {
    const answer = await postJson(JSON.stringify(body));

    expect(answer.status).toBe(400);
    expect(answer.json).toEqual(directusError("FAILED_VALIDATION"));
    expect(fixture.service.records()).toEqual([]);
  });

  test.each([
    { label: "broken JSON", body: '{"prompt": "a fox"' },
    { label: "an empty body", body: "" },
    { label: "a JSON string", body: '"a fox"' },
    { label: "a JSON array", body: '[{"prompt": "a fox"}]' },
    { label: "JSON null", body: "null" },
  ])("$label is 400 INVALID_PAYLOAD", async ({ body }) => {
    const answer = await postJson(body);

    expect(answer.status).toBe(400);
    expect(answer.json).toEqual(directusError("INVALID_PAYLOAD"));
  });

  test.each([
    { contentType: "text/plain" },
    { contentType: "application/x-www-form-urlencoded" },
    { contentType: "application/jsonp" },
    { contentType: null },
  ])("a body of type $contentType is 415", async ({ contentType }) => {
    const answer = await fixture.call("/items/images", {
      contentType,
      body: JSON.stringify({ prompt: "a fox" }),
    });

    expect(answer.status).toBe(415);
    expect(answer.json).toEqual(directusError("UNSUPPORTED_MEDIA_TYPE"));
  });

  test("application/json with a charset is accepted", async () => {
    const answer = await postJson(JSON.stringify({ prompt: "a fox" }), {
      contentType: "application/json; charset=utf-8",
    });

    expect(answer.status).toBe(200);
  });

  test("a body over maxBodyBytes is 413 and the service keeps answering", async () => {
    await fixture.restart({ maxBodyBytes: 100 });

    const big = await postJson(JSON.stringify({ prompt: "x".repeat(200) }));
    const small = await postJson(JSON.stringify({ prompt: "a fox" }));

    expect(big.status).toBe(413);
    expect(big.json).toEqual(directusError("CONTENT_TOO_LARGE"));
    expect(small.status).toBe(200);
    expect(fixture.service.records()).toHaveLength(1);
  });
});

describe.each(SERVICE_PROFILES)("reading an image (%s)", (profile) => {
  beforeEach(() => fixture.restart({ profile }));

  test.each([
    { label: "an unknown UUID", id: "00000000-0000-4000-8000-000000000000" },
    { label: "a malformed id", id: "not-a-uuid" },
    { label: "a malformed escape", id: "%E0%A4%A" },
    { label: "an escaped path", id: "..%2F..%2Fitems%2Fstatus" },
  ])("$label is 403 FORBIDDEN, never 404", async ({ id }) => {
    const answer = await fixture.call(`/items/images/${id}`);

    expect(answer.status).toBe(403);
    expect(answer.json).toEqual(directusError("FORBIDDEN"));
  });

  test("another token's record is 403 FORBIDDEN", async () => {
    const theirs = await fixture.create("theirs", undefined, OTHER_TOKEN);

    const answer = await fixture.call(`/items/images/${theirs.id}`);

    expect(answer.status).toBe(403);
    expect(answer.json).toEqual(directusError("FORBIDDEN"));
    await expect(fixture.read(theirs.id, OTHER_TOKEN)).resolves.toMatchObject({ id: theirs.id });
  });
});

describe("other routes", () => {
  test.each([
    { method: "GET" as const, path: "/items/other" },
    { method: "PUT" as const, path: "/items/images" },
    { method: "DELETE" as const, path: "/items/images/00000000-0000-4000-8000-000000000000" },
    { method: "GET" as const, path: "//items/status" },
  ])("$method $path is 404 ROUTE_NOT_FOUND", async ({ method, path }) => {
    const answer = await fixture.call(path, { method });

    expect(answer.status).toBe(404);
    expect(answer.json).toEqual(directusError("ROUTE_NOT_FOUND"));
  });

  test("/items/status reports {data: {bot_status, message}}", async () => {
    const healthy = await fixture.call("/items/status");
    fixture.service.setHealth("unhealthy", "Midjourney is down");
    const unhealthy = await fixture.call("/items/status");
    fixture.service.setHealth("paused");
    const paused = await fixture.call("/items/status");

    expect(healthy).toMatchObject({
      status: 200,
      json: { data: { bot_status: "healthy", message: expect.any(String) } },
    });
    expect(unhealthy.json).toEqual({ data: { bot_status: "unhealthy", message: "Midjourney is down" } });
    expect(paused.json).toEqual({ data: { bot_status: "paused", message: expect.any(String) } });
  });

  test("any configured token may read the status", async () => {
    const answer = await fixture.call("/items/status", { auth: `Bearer ${OTHER_TOKEN}` });

    expect(answer.status).toBe(200);
  });
});

describe("fields and listing on the hosted service", () => {
  test("?fields=id,ref answers those two fields: ref is a field here", async () => {
    const { id } = await fixture.create("a lighthouse", "job-5");

    const answer = await fixture.call(`/items/images/${id}?fields=id,ref`);

    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ data: { id, ref: "job-5" } });
  });

  test("?fields= naming no field of the record is 403 FORBIDDEN", async () => {
    const { id } = await fixture.create("a lighthouse");

    const answer = await fixture.call(`/items/images/${id}?fields=id,colour`);

    expect(answer.status).toBe(403);
    expect(answer.json).toEqual(directusError("FORBIDDEN"));
  });

  test("GET /items/images lists the caller's records with all 13 fields; limit and fields apply", async () => {
    const a = await fixture.create("a", "job-a");
    await fixture.create("theirs", null, OTHER_TOKEN);
    const b = await fixture.create("b", "job-b");

    const all = await fixture.call("/items/images");
    const page = await fixture.call("/items/images?limit=1&offset=1&fields=id,ref");

    expect(all.json).toEqual({ data: [a, b] });
    expect(Object.keys(a)).toHaveLength(13);
    expect(page.json).toEqual({ data: [{ id: b.id, ref: "job-b" }] });
  });

  test("GET /items/images?filter[ref][_eq]= lists only the caller's records made with that ref", async () => {
    const a = await fixture.create("a", "job-a");
    await fixture.create("b", "job-b");
    await fixture.create("theirs", "job-a", OTHER_TOKEN);

    const found = await fixture.call("/items/images?filter[ref][_eq]=job-a");
    const none = await fixture.call(`/items/images?filter%5Bref%5D%5B_eq%5D=job-c&fields=id,ref`);

    expect(found.json).toEqual({ data: [a] });
    expect(none.json).toEqual({ data: [] });
  });

  test("a filter on a field the server has not is 403 FORBIDDEN", async () => {
    const answer = await fixture.call("/items/images?filter[colour][_eq]=red");

    expect(answer.status).toBe(403);
    expect(answer.json).toEqual(directusError("FORBIDDEN"));
  });

  test("creates counts the records made by POST /items/images", async () => {
    await fixture.create("one", "job-a");
    await fixture.create("two");
    await postJson(JSON.stringify({ prompt: "" }));

    expect(fixture.service.creates).toBe(2);
  });
});
