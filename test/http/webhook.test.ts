import { Readable } from "node:stream";
import { request } from "undici";
import { describe, expect, test } from "vitest";
import type { WebhookDisposition, WebhookEvent } from "../../src/http/webhook.js";
import { createSecretMatcher } from "../../src/http/webhook.js";
import { newImageRecord } from "../../src/service/record-factory.js";
import { sampleValue } from "../metrics/sample-value.js";
import { SECRET, startTestServer, type TestServer } from "./ops-fixture.js";

/** A record as the service sends it on a progress tick (progress as a string, as some deployments do). */
const SENT_RECORD = {
  ...newImageRecord({
    id: "0d5f8f0c-3a9e-4b7e-9c39-4b8f2c1b1e2a",
    prompt: "a lighthouse at dawn --ar 16:9",
    user_created: "6f1c2b9e-8d3a-4c5f-a1e2-3b4c5d6e7f80",
    date_created: "2023-09-01T03:30:34.094Z",
    status: "in-progress",
    url: "https://cdn.example.test/previews/0d5f8f0c.webp",
    ref: "1187654321098765432",
  }),
  progress: "42",
};

/** The body exactly as the service POSTs it. */
const SERVICE_BODY = JSON.stringify({ event: "images.items.update", payload: SENT_RECORD });

type Handler = (event: WebhookEvent) => WebhookDisposition | Promise<WebhookDisposition>;

async function startWebhookServer(onEvent: Handler = () => "accepted", maxBodyBytes?: number) {
  const events: WebhookEvent[] = [];
  const server = await startTestServer({
    webhook: {
      secret: SECRET,
      onEvent: (event) => {
        events.push(event);
        return onEvent(event);
      },
      ...(maxBodyBytes === undefined ? {} : { maxBodyBytes }),
    },
  });
  return { server, events };
}

function post(server: TestServer, path: string, body: string | Buffer | Readable, contentType?: string) {
  return request(`${server.url}${path}`, {
    method: "POST",
    body,
    headers: contentType === undefined ? {} : { "content-type": contentType },
  });
}

const hookPath = `/webhooks/imagine/${SECRET}`;

async function webhookCount(server: TestServer, result: string): Promise<number | undefined> {
  const { body } = await server.metrics.render();
  return sampleValue(body, `imagine_webhooks_received_total{result="${result}"}`);
}

/**
 * What a self-hosted server's flow POSTs (service-facts.md, "Two kinds of server"): the 11-field record, no
 * `ref`, no `parent_id`, integer progress, and `prompt` null on a record another client made.
 */
const SELF_HOSTED_BODY = JSON.stringify({
  event: "images.items.update",
  payload: {
    id: "0d5f8f0c-3a9e-4b7e-9c39-4b8f2c1b1e2a",
    prompt: null,
    results: null,
    user_created: "6f1c2b9e-8d3a-4c5f-a1e2-3b4c5d6e7f80",
    date_created: "2026-11-25T10:00:00.000Z",
    status: "in-progress",
    progress: 31,
    url: "http://localhost:8055/assets/5d1c/5d1c.webp",
    error: null,
    upscaled_urls: null,
    upscaled: [],
  },
});

async function ignoredCount(server: TestServer, reason: string): Promise<number | undefined> {
  const { body } = await server.metrics.render();
  return sampleValue(body, `imagine_webhooks_ignored_total{reason="${reason}"}`);
}

describe("webhooks of a self-hosted server, and why one is ignored", () => {
  test("accepts the self-hosted flow's 11-field envelope with no ref and a null prompt", async () => {
    const { server, events } = await startWebhookServer();
    const res = await post(server, hookPath, SELF_HOSTED_BODY, "application/json");
    expect(res.statusCode).toBe(200);
    expect(events[0]?.payload).toMatchObject({ ref: null, parent_id: null, prompt: "", progress: 31 });
    expect(await webhookCount(server, "accepted")).toBe(1);
  });

  test.each([
    { reason: "unknown_job", path: hookPath, body: SELF_HOSTED_BODY, method: "POST" },
    {
      reason: "bad_secret",
      path: "/webhooks/imagine/wrong-secret-0000000",
      body: SELF_HOSTED_BODY,
      method: "POST",
    },
    { reason: "bad_body", path: hookPath, body: '{"event":"images.items.update"}', method: "POST" },
    { reason: "bad_method", path: hookPath, body: undefined, method: "GET" },
  ] as const)("counts a call ignored for $reason in /metrics", async ({ reason, path, body, method }) => {
    const { server } = await startWebhookServer(() => "ignored");
    const res = await request(`${server.url}${path}`, {
      method,
      ...(body === undefined ? {} : { body, headers: { "content-type": "application/json" } }),
    });
    await res.body.dump();
    expect(await ignoredCount(server, reason)).toBe(1);
    const others = ["unknown_job", "bad_secret", "bad_body", "bad_method"].filter((r) => r !== reason);
    for (const other of others) expect(await ignoredCount(server, other)).toBe(0);
  });
});

describe("POST /webhooks/imagine/<secret>", () => {
  test("hands the service's exact payload to onEvent, normalised, and answers 200", async () => {
    const { server, events } = await startWebhookServer();
    const res = await post(server, hookPath, SERVICE_BODY, "application/json");
    expect(res.statusCode).toBe(200);
    expect(await res.body.json()).toEqual({ ok: true });
    expect(events).toEqual([
      {
        event: "images.items.update",
        payload: { ...SENT_RECORD, progress: 42, parent_id: null },
      },
    ]);
    expect(await webhookCount(server, "accepted")).toBe(1);
  });

  test("accepts a JSON content type with a charset", async () => {
    const { server, events } = await startWebhookServer();
    const res = await post(server, hookPath, SERVICE_BODY, "application/json; charset=utf-8");
    expect(res.statusCode).toBe(200);
    expect(events).toHaveLength(1);
  });

  test("answers 200 to an event for a job the bot does not follow, counted as ignored", async () => {
    const { server, events } = await startWebhookServer(() => Promise.resolve("ignored"));
    const res = await post(server, hookPath, SERVICE_BODY, "application/json");
    expect(res.statusCode).toBe(200);
    expect(await res.body.json()).toEqual({ ok: true });
    expect(events).toHaveLength(1);
    expect(await webhookCount(server, "ignored")).toBe(1);
  });

  test.each([
    { name: "a wrong secret", path: `/webhooks/imagine/${SECRET.slice(0, -1)}x` },
    { name: "a secret with one character more", path: `${hookPath}x` },
    { name: "a secret prefix", path: `/webhooks/imagine/${SECRET.slice(0, 8)}` },
    { name: "no secret", path: "/webhooks/imagine/" },
    { name: "no secret segment", path: "/webhooks/imagine" },
    { name: "a path below the secret", path: `${hookPath}/more` },
  ])("answers 404 like an unknown route to $name, without calling onEvent", async ({ path }) => {
    const { server, events } = await startWebhookServer();
    const res = await post(server, path, SERVICE_BODY, "application/json");
    expect(res.statusCode).toBe(404);
    expect(await res.body.json()).toEqual({ error: "not found" });
    expect(events).toEqual([]);
  });

  test("counts a wrong secret as rejected", async () => {
    const { server } = await startWebhookServer();
    await (
      await post(server, "/webhooks/imagine/wrong-secret-0000000", SERVICE_BODY, "application/json")
    ).body.dump();
    expect(await webhookCount(server, "rejected")).toBe(1);
  });

  test("answers 405 to a GET with the right secret", async () => {
    const { server } = await startWebhookServer();
    const res = await request(`${server.url}${hookPath}`);
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe("POST");
    await res.body.dump();
  });

  test("answers 413 from Content-Length alone when the body is over the limit", async () => {
    const { server, events } = await startWebhookServer(undefined, 1024);
    const res = await post(server, hookPath, Buffer.alloc(4096, 0x20), "application/json");
    expect(res.statusCode).toBe(413);
    expect(await res.body.json()).toEqual({ ok: false, error: "body is larger than 1024 bytes" });
    expect(res.headers.connection).toBe("close");
    expect(events).toEqual([]);
    expect(await webhookCount(server, "rejected")).toBe(1);
  });

  test("answers 413 to a chunked body once it grows over the limit", async () => {
    const { server, events } = await startWebhookServer(undefined, 1024);
    async function* chunks() {
      for (let i = 0; i < 4; i++) yield Buffer.alloc(512, 0x20);
    }
    const res = await post(server, hookPath, Readable.from(chunks()), "application/json");
    expect(res.statusCode).toBe(413);
    await res.body.dump();
    expect(events).toEqual([]);
  });

  test("accepts a body exactly at the limit", async () => {
    const body = SERVICE_BODY.padEnd(2048, " ");
    const { server, events } = await startWebhookServer(undefined, 2048);
    const res = await post(server, hookPath, body, "application/json");
    expect(res.statusCode).toBe(200);
    expect(events).toHaveLength(1);
  });

  test.each([
    { name: "text/plain", contentType: "text/plain" },
    { name: "form data", contentType: "application/x-www-form-urlencoded" },
    { name: "no content type", contentType: undefined },
  ])("answers 415 to $name", async ({ contentType }) => {
    const { server, events } = await startWebhookServer();
    const res = await post(server, hookPath, SERVICE_BODY, contentType);
    expect(res.statusCode).toBe(415);
    expect(await res.body.json()).toEqual({ ok: false, error: "content type must be application/json" });
    expect(events).toEqual([]);
  });

  test.each([
    {
      name: "malformed JSON",
      body: '{"event": "images.items.update", "payload": {',
      reason: "body is not valid JSON",
    },
    { name: "an empty body", body: "", reason: "body is not valid JSON" },
    { name: "a JSON array", body: "[]", reason: "body is not a webhook event: body:" },
    { name: "no payload", body: '{"event":"images.items.create"}', reason: "payload:" },
    {
      name: "a record without id",
      body: '{"event":"x","payload":{"status":"pending"}}',
      reason: "payload.id:",
    },
    {
      name: "a progress that is not a number",
      body: '{"event":"x","payload":{"id":"a","status":"in-progress","progress":"half"}}',
      reason: "payload.progress: progress is not a number",
    },
  ])("answers 400 with a short reason to $name", async ({ body, reason }) => {
    const { server, events } = await startWebhookServer();
    const res = await post(server, hookPath, body, "application/json");
    expect(res.statusCode).toBe(400);
    const answer = (await res.body.json()) as { ok: boolean; error: string };
    expect(answer.ok).toBe(false);
    expect(answer.error).toContain(reason);
    expect(answer.error.length).toBeLessThan(300);
    expect(events).toEqual([]);
    expect(await webhookCount(server, "rejected")).toBe(1);
  });

  test("answers 500 and logs the error when onEvent throws, and keeps serving", async () => {
    const { server } = await startWebhookServer(() => {
      throw new Error("store is closed");
    });
    const res = await post(server, hookPath, SERVICE_BODY, "application/json");
    expect(res.statusCode).toBe(500);
    expect(await res.body.json()).toEqual({ ok: false, error: "the bot could not handle the event" });
    const logged = server.logs.messages().find((m) => m.msg === "webhook event handler failed");
    expect(logged).toMatchObject({ level: 50, err: { message: "store is closed" } });
    expect(await webhookCount(server, "failed")).toBe(1);
    expect((await request(`${server.url}/healthz`)).statusCode).toBe(200);
  });

  test("answers 500 when onEvent resolves to something other than accepted or ignored", async () => {
    const { server } = await startWebhookServer(() => "maybe" as WebhookDisposition);
    const res = await post(server, hookPath, SERVICE_BODY, "application/json");
    expect(res.statusCode).toBe(500);
    await res.body.dump();
  });

  test("never writes the secret to the log, logging the route as /webhooks/imagine/:secret", async () => {
    const { server } = await startWebhookServer(() => {
      throw new Error(`handler saw ${hookPath}`);
    });
    await (await post(server, hookPath, SERVICE_BODY, "application/json")).body.dump();
    await (await post(server, hookPath, "not json", "application/json")).body.dump();
    await (await post(server, `${hookPath}x`, SERVICE_BODY, "application/json")).body.dump();
    await (await request(`${server.url}${hookPath}`)).body.dump();
    expect(server.logs.lines.length).toBeGreaterThan(4);
    expect(server.logs.text).not.toContain(SECRET);
    const routes = server.logs
      .messages()
      .filter((m) => m.msg === "ops request")
      .map((m) => m.route);
    expect(routes).toEqual(Array(4).fill("/webhooks/imagine/:secret"));
  });
});

describe("createSecretMatcher", () => {
  test.each([
    { candidate: SECRET, matches: true },
    { candidate: `${SECRET} `, matches: false },
    { candidate: SECRET.toUpperCase(), matches: false },
    { candidate: "", matches: false },
    { candidate: SECRET.repeat(3), matches: false },
  ])("matching $candidate gives $matches", ({ candidate, matches }) => {
    expect(createSecretMatcher(SECRET)(candidate)).toBe(matches);
  });
});

describe("default body limit", () => {
  test("answers 413 to a 300 KiB body by default", async () => {
    const { server, events } = await startWebhookServer();
    const res = await post(server, hookPath, Buffer.alloc(300 * 1024, 0x20), "application/json");
    expect(res.statusCode).toBe(413);
    expect(await res.body.json()).toEqual({ ok: false, error: "body is larger than 262144 bytes" });
    expect(events).toEqual([]);
  });
});
