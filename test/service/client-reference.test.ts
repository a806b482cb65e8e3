import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  startReferenceService,
  type InjectedFault,
  type ReferenceService,
} from "../../tools/reference-service/index.js";
import { ImagineClient } from "../../src/service/client.js";
import { sniffImageType } from "../../src/service/download.js";
import type { ServiceClientOptions } from "../../src/service/request.js";
import { expectServiceError, TOKEN } from "./mock-service.js";

// The client over real HTTP against the reference service, stepped by hand (tickMs 0).

const OTHER_TOKEN = "other-user-token-0042";

let service: ReferenceService;
let sleeps: number[];

function client(options: Partial<ServiceClientOptions> = {}): ImagineClient {
  return new ImagineClient({
    baseUrl: service.url,
    token: TOKEN,
    timeoutMs: 2000,
    random: () => 0.5,
    sleep: async (ms) => void sleeps.push(ms),
    ...options,
  });
}

beforeEach(async () => {
  sleeps = [];
  service = await startReferenceService({
    tickMs: 0,
    tokens: { [TOKEN]: "user-1", [OTHER_TOKEN]: "user-2" },
    lifecycle: { steps: 4 },
  });
});
afterEach(async () => {
  await service.close();
});

describe("records", () => {
  test("a created record is pending and carries the prompt and ref, and reads back the same", async () => {
    const created = await client().createImage({ prompt: "a red fox --ar 3:2", ref: "job-1" });

    expect(created).toMatchObject({
      prompt: "a red fox --ar 3:2",
      ref: "job-1",
      status: "pending",
      progress: null,
    });
    await expect(client().getImage(created.id)).resolves.toEqual(created);
    expect(service.createsByRef.get("job-1")).toBe(1);
  });

  test("findByRef returns the caller's records made with that ref, and none for a ref never sent", async () => {
    const made = await client().createImage({ prompt: "a red fox", ref: "1190000000000000001" });
    await client().createImage({ prompt: "a heron", ref: "1190000000000000002" });

    await expect(client().findByRef("1190000000000000001")).resolves.toEqual([made]);
    await expect(client().findByRef("1190000000000000003")).resolves.toEqual([]);
  });

  test("a job goes pending -> in-progress with rising progress and a preview -> completed with four images", async () => {
    const { id } = await client().createImage({ prompt: "a lighthouse", ref: null });
    const seen: Array<{ status: string; progress: number | null }> = [];
    for (let step = 0; step < 5; step++) {
      service.advance();
      const record = await client().getImage(id);
      seen.push({ status: record.status, progress: record.progress });
      if (record.status === "in-progress" && (record.progress ?? 0) > 0)
        expect(record.url).toMatch(/\.webp$/);
    }

    expect(seen).toEqual([
      { status: "in-progress", progress: 0 },
      { status: "in-progress", progress: 25 },
      { status: "in-progress", progress: 50 },
      { status: "in-progress", progress: 75 },
      { status: "completed", progress: null },
    ]);
    const done = await client().getImage(id);
    expect(done.url).toMatch(/grid\.png$/);
    expect(done.upscaled_urls).toHaveLength(4);
  });

  test("a banned prompt ends failed with the upstream's moderation message", async () => {
    service.lifecycle.bannedWords = ["gore"];
    const { id } = await client().createImage({ prompt: "lots of gore", ref: null });
    service.advance();

    const record = await client().getImage(id);

    expect(record.status).toBe("failed");
    expect(record.error).toMatch(/^Midjourney message: Banned prompt detected/);
  });

  test("a job the service fails keeps its error string", async () => {
    const { id } = await client().createImage({ prompt: "a cat", ref: null });
    service.failNow(id, "Timeout while waiting for completion");

    await expect(client().getImage(id)).resolves.toMatchObject({
      status: "failed",
      error: "Timeout while waiting for completion",
    });
  });

  test("while the service is unhealthy the status says so and new jobs stay pending", async () => {
    service.setHealth("unhealthy", "Midjourney is down");
    const { id } = await client().createImage({ prompt: "a cat", ref: null });
    service.advance(3);

    await expect(client().getServiceStatus()).resolves.toMatchObject({
      bot_status: "unhealthy",
      message: "Midjourney is down",
    });
    await expect(client().getImage(id)).resolves.toMatchObject({ status: "pending" });
  });

  test("the completed grid, an upscaled image and a preview download as attachable images", async () => {
    const { id } = await client().createImage({ prompt: "a fox --ar 2:1", ref: null });
    service.advance(2);
    const preview = await client().getImage(id);
    service.advance(3);
    const done = await client().getImage(id);

    const grid = await client().downloadImage(done.url ?? "", { maxBytes: 10_000_000 });
    const single = await client().downloadImage(done.upscaled_urls?.[0] ?? "", { maxBytes: 10_000_000 });
    const partial = await client().downloadImage(preview.url ?? "", { maxBytes: 10_000_000 });

    expect(grid).toMatchObject({ contentType: "image/png", fileName: "grid.png" });
    expect(sniffImageType(grid.bytes)).toBe("image/png");
    expect(single.fileName).toBe("u1.png");
    expect(partial).toMatchObject({ contentType: "image/webp", fileName: "preview-25.webp" });
  });

  test("an image larger than maxBytes is refused", async () => {
    const { id } = await client().createImage({ prompt: "a fox", ref: null });
    const done = service.completeNow(id);

    const err = await expectServiceError(client().downloadImage(done.url ?? "", { maxBytes: 100 }));

    expect(err).toMatchObject({ reason: "too-large" });
  });
});

describe("errors of the service", () => {
  test("a wrong token is unauthorized with the service's message", async () => {
    const err = await expectServiceError(client({ token: "wrong-token-123" }).getServiceStatus());

    expect(err.message).toBe(
      "Image service refused the token while reading the service status (401 INVALID_CREDENTIALS): Invalid user credentials.",
    );
    expect(sleeps).toEqual([]);
  });

  test.each([
    { name: "an unknown id", id: "00000000-0000-4000-8000-000000000000" },
    { name: "a malformed id", id: "../status" },
  ])("$name is forbidden", async ({ id }) => {
    const err = await expectServiceError(client().getImage(id));

    expect(err).toMatchObject({ kind: "forbidden", status: 403, code: "FORBIDDEN" });
  });

  test("someone else's record is forbidden", async () => {
    const { id } = await client({ token: OTHER_TOKEN }).createImage({ prompt: "theirs", ref: null });

    await expect(client().getImage(id)).rejects.toMatchObject({ kind: "forbidden" });
  });

  test("a body over the service's limit is a validation error, and no record is made", async () => {
    await service.close();
    service = await startReferenceService({ tickMs: 0, tokens: { [TOKEN]: "user-1" }, maxBodyBytes: 100 });

    const err = await expectServiceError(client().createImage({ prompt: "x".repeat(200), ref: "big" }));

    expect(err).toMatchObject({ kind: "validation", status: 413, code: "CONTENT_TOO_LARGE" });
    expect(service.records()).toEqual([]);
  });

  test("a stopped service is a network error whose connection provably failed", async () => {
    await service.close();

    const err = await expectServiceError(
      client({ maxRetries: 1 }).createImage({ prompt: "a fox", ref: null }),
    );

    expect(err).toMatchObject({ kind: "network", connectFailed: true });
    expect(sleeps).toEqual([250]);
    service = await startReferenceService({ tickMs: 0 });
  });
});

describe("injected faults", () => {
  test.each<{ fault: InjectedFault; waits: number[] }>([
    { fault: "500", waits: [250] },
    { fault: "502-html", waits: [250] },
    { fault: "503", waits: [1000] },
    { fault: "429", waits: [1000] },
    { fault: "hang", waits: [250] },
  ])("a read is retried after $fault and then succeeds", async ({ fault, waits }) => {
    service.faults.queue.push(fault);

    await expect(client({ timeoutMs: 200 }).getServiceStatus()).resolves.toMatchObject({
      bot_status: "healthy",
    });

    expect(sleeps).toEqual(waits);
  });

  test.each<{ fault: InjectedFault; kind: string }>([
    { fault: "500", kind: "server" },
    { fault: "502-html", kind: "not-json" },
    { fault: "hang", kind: "timeout" },
    { fault: "quota", kind: "quota" },
  ])("a create answered with $fault is a $kind error and is not repeated", async ({ fault, kind }) => {
    service.faults.queue.push(fault);

    const err = await expectServiceError(
      client({ timeoutMs: 200 }).createImage({ prompt: "a fox", ref: "r" }),
    );

    expect(err.kind).toBe(kind);
    expect(sleeps).toEqual([]);
    expect(service.requests.filter((r) => r.request === "POST /items/images").length).toBeLessThanOrEqual(1);
    expect(service.records()).toEqual([]);
  });

  test.each<{ fault: InjectedFault }>([{ fault: "429" }, { fault: "503" }])(
    "a create refused with $fault and Retry-After is repeated once and makes one record",
    async ({ fault }) => {
      service.faults.queue.push(fault);

      const record = await client().createImage({ prompt: "a fox", ref: "once" });

      expect(record.ref).toBe("once");
      expect(sleeps).toEqual([1000]);
      expect(service.createsByRef.get("once")).toBe(1);
      expect(service.requests.map((r) => r.status)).toEqual([fault === "429" ? 429 : 503, 200]);
    },
  );

  test("a read that keeps failing throws the last error after maxRetries", async () => {
    service.faults.queue.push("500", "503", "500", "502-html");

    const err = await expectServiceError(client().getServiceStatus());

    expect(err).toMatchObject({ kind: "not-json", status: 502 });
    expect(sleeps).toEqual([250, 1000, 1000]);
  });
});
