import { describe, expect, test } from "vitest";
import { directusError, OTHER_TOKEN, useReferenceService, type CallOptions } from "./service-fixture.js";

// The self-hosted profile's API, row by row of service-facts.md "Two kinds of server", over HTTP.

const fixture = useReferenceService({
  profile: "self-hosted",
  initialHealth: "healthy",
  lifecycle: { steps: 4 },
});

const ELEVEN_KEYS = [
  "id",
  "prompt",
  "results",
  "user_created",
  "date_created",
  "status",
  "progress",
  "url",
  "error",
  "upscaled_urls",
  "upscaled",
];

const UNEXPECTED_ERROR = {
  errors: [{ message: "An unexpected error occurred.", extensions: { code: "INTERNAL_SERVER_ERROR" } }],
};

const post = (body: string, extra: CallOptions = {}) =>
  fixture.call("/items/images", { contentType: "application/json", body, ...extra });

type Data = { data: Record<string, unknown> };

describe("creating an image on a self-hosted server", () => {
  test("{prompt} answers 200 with exactly the 11 fields, pending, in the server's order", async () => {
    const answer = await post(JSON.stringify({ prompt: "a red fox" }));

    expect(answer.status).toBe(200);
    const { data } = answer.json as Data;
    expect(Object.keys(data)).toEqual(ELEVEN_KEYS);
    expect(data).toMatchObject({
      prompt: "a red fox",
      results: null,
      status: "pending",
      progress: null,
      url: null,
      error: null,
      upscaled_urls: null,
      upscaled: [],
    });
    expect(fixture.service.creates).toBe(1);
  });

  test.each([
    { label: "a ref", body: { prompt: "a red fox", ref: "interaction-1" } },
    { label: "ref: null", body: { prompt: "a red fox", ref: null } },
    { label: "parent_id", body: { prompt: "a red fox", parent_id: null } },
    { label: "an unknown key", body: { prompt: "a red fox", colour: "red" } },
    { label: "a number as prompt", body: { prompt: 42 } },
    { label: "null as prompt", body: { prompt: null } },
    { label: "an array with one refused element", body: [{ prompt: "a" }, { prompt: "b", ref: "x" }] },
  ])("$label is Directus' generic 500 and creates nothing", async ({ body }) => {
    const answer = await post(JSON.stringify(body));

    expect(answer.status).toBe(500);
    expect(answer.json).toEqual(UNEXPECTED_ERROR);
    expect(fixture.service.records()).toEqual([]);
    expect(fixture.service.creates).toBe(0);
  });

  test.each([
    { label: "{}", body: "{}", contentType: "application/json", prompt: null },
    { label: '{prompt: ""}', body: '{"prompt":""}', contentType: "application/json", prompt: "" },
    { label: "a text/plain body", body: "a red fox", contentType: "text/plain", prompt: null },
  ])("$label answers 200 with a record that stays pending forever", async ({ body, contentType, prompt }) => {
    const answer = await fixture.call("/items/images", { contentType, body });
    const { id } = (answer.json as Data).data;

    fixture.service.advance(20);

    expect(answer.status).toBe(200);
    await expect(fixture.read(String(id))).resolves.toMatchObject({ status: "pending", prompt, url: null });
  });

  test("{prompt, status: completed} creates a completed record that no tick changes", async () => {
    const answer = await post(JSON.stringify({ prompt: "a red fox", status: "completed" }));
    const { id } = (answer.json as Data).data;

    fixture.service.advance(10);

    expect(answer.status).toBe(200);
    await expect(fixture.read(String(id))).resolves.toMatchObject({
      status: "completed",
      prompt: "a red fox",
      progress: null,
      url: null,
    });
  });

  test("an array body creates one record per element and answers data as an array", async () => {
    const answer = await post(JSON.stringify([{ prompt: "a red fox" }, { prompt: "a blue whale" }]));

    const { data } = answer.json as { data: Array<Record<string, unknown>> };
    expect(answer.status).toBe(200);
    expect(data.map((r) => r.prompt)).toEqual(["a red fox", "a blue whale"]);
    expect(data.every((r) => Object.keys(r).join() === ELEVEN_KEYS.join())).toBe(true);
    expect(fixture.service.creates).toBe(2);
    fixture.service.advance(5);
    expect(fixture.service.records().map((r) => r.status)).toEqual(["completed", "completed"]);
  });

  test("a body that is not JSON under application/json is 400 INVALID_PAYLOAD and creates nothing", async () => {
    const answer = await post("{not json");

    expect(answer.status).toBe(400);
    expect(answer.json).toEqual(directusError("INVALID_PAYLOAD"));
    expect(fixture.service.records()).toEqual([]);
  });
});

describe("reading on a self-hosted server", () => {
  test("a record reads back with the same 11 fields", async () => {
    const created = await fixture.create("a lighthouse");

    const answer = await fixture.call(`/items/images/${created.id}`);

    expect(Object.keys((answer.json as Data).data)).toEqual(ELEVEN_KEYS);
    expect((answer.json as Data).data).toEqual(created);
  });

  test.each(["id,ref", "ref", "parent_id", "id,nope"])(
    "?fields=%s names a field the server has not: 403 FORBIDDEN",
    async (fields) => {
      const { id } = await fixture.create("a lighthouse");

      const answer = await fixture.call(`/items/images/${id}?fields=${fields}`);

      expect(answer.status).toBe(403);
      expect(answer.json).toEqual(directusError("FORBIDDEN"));
    },
  );

  test("?fields= with known fields answers only those", async () => {
    const { id } = await fixture.create("a lighthouse");

    const answer = await fixture.call(`/items/images/${id}?fields=status,id`);

    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ data: { id, status: "pending" } });
  });

  test("GET /items/images?limit=1&fields=id answers 200 with the caller's first record only", async () => {
    await fixture.create("someone else's", undefined, OTHER_TOKEN);
    const mine = await fixture.create("mine");
    await fixture.create("mine too");

    const answer = await fixture.call("/items/images?limit=1&fields=id");

    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ data: [{ id: mine.id }] });
  });

  test("GET /items/images lists every own record with the 11 fields, and refuses ?fields=ref and a filter on ref", async () => {
    const a = await fixture.create("a");
    const b = await fixture.create("b");

    const all = await fixture.call("/items/images");
    const withRef = await fixture.call("/items/images?fields=id,ref");
    const byRef = await fixture.call("/items/images?filter[ref][_eq]=job-a");

    expect(all.json).toEqual({ data: [a, b] });
    expect(withRef.status).toBe(403);
    expect(byRef.status).toBe(403);
  });

  test.each(["abc", "-2", "1.5"])("?limit=%s is 400 INVALID_QUERY", async (limit) => {
    const answer = await fixture.call(`/items/images?limit=${limit}`);

    expect(answer.status).toBe(400);
    expect(answer.json).toEqual(directusError("INVALID_QUERY"));
  });
});

describe("no upscale route on a self-hosted server", () => {
  test.each(["0/upscale/2x", "3/upscale/4x"])(
    "POST …/%s is 404 ROUTE_NOT_FOUND naming the path",
    async (tail) => {
      const { id } = await fixture.create("a lighthouse");
      fixture.service.completeNow(id);

      const answer = await fixture.call(`/items/images/${id}/${tail}`, { method: "POST" });

      expect(answer.status).toBe(404);
      expect(answer.json).toEqual({
        errors: [
          {
            message: `Route /items/images/${id}/${tail} doesn't exist.`,
            extensions: { code: "ROUTE_NOT_FOUND" },
          },
        ],
      });
      expect(fixture.service.records()).toHaveLength(1);
    },
  );
});
