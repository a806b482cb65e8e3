import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  startReferenceService,
  type ReferenceService,
  type ServiceRecord,
} from "../../tools/reference-service/index.js";
import { ImagineClient } from "../../src/service/client.js";
import { sniffImageType } from "../../src/service/download.js";
import type { ServiceClientOptions } from "../../src/service/request.js";
import { expectServiceError, TOKEN } from "./mock-service.js";

// The client's upscale over real HTTP against the reference service, stepped by hand (tickMs 0).

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

async function completedGrid(token = TOKEN): Promise<ServiceRecord> {
  const { id } = await client({ token }).createImage({ prompt: "a lighthouse --ar 16:9", ref: null });
  return service.completeNow(id);
}

const upscaleCreates = () => service.requests.filter((r) => r.request.endsWith("/upscale/2x"));

beforeEach(async () => {
  sleeps = [];
  service = await startReferenceService({
    tickMs: 0,
    tokens: { [TOKEN]: "user-1", [OTHER_TOKEN]: "user-2" },
    lifecycle: { steps: 2 },
  });
});
afterEach(async () => {
  await service.close();
});

describe("an upscale followed like any image", () => {
  test("pending with parent_id and ref, then in progress with a preview, then completed with its image", async () => {
    const grid = await completedGrid();

    const created = await client().upscale(grid.id, 1, "2x", { ref: "click-1" });
    service.advance(2);
    const running = await client().getImage(created.id);
    service.advance();
    const done = await client().getImage(created.id);

    expect(created).toMatchObject({ status: "pending", parent_id: grid.id, ref: "click-1" });
    expect(running).toMatchObject({ status: "in-progress", progress: 50, parent_id: grid.id });
    expect(running.url).toMatch(/\.webp$/);
    expect(done).toMatchObject({ status: "completed", progress: null, upscaled_urls: null });
    const image = await client().downloadImage(done.url!, { maxBytes: 10_000_000 });
    expect(image).toMatchObject({ contentType: "image/png", fileName: "upscale-2x.png" });
    expect(sniffImageType(image.bytes)).toBe("image/png");
  });

  test("an upscale the service fails keeps its error string", async () => {
    const grid = await completedGrid();
    const { id } = await client().upscale(grid.id, 0, "4x");
    service.failNow(id, "Timeout while waiting for completion");

    await expect(client().getImage(id)).resolves.toMatchObject({
      status: "failed",
      error: "Timeout while waiting for completion",
      parent_id: grid.id,
    });
  });
});

describe("refusals, as typed errors", () => {
  test("an unknown parent is forbidden, like any unknown id", async () => {
    const err = await expectServiceError(client().upscale("00000000-0000-4000-8000-000000000000", 0, "2x"));

    expect(err).toMatchObject({ kind: "forbidden", status: 403, code: "FORBIDDEN" });
  });

  test("someone else's grid is forbidden", async () => {
    const theirs = await completedGrid(OTHER_TOKEN);

    await expect(client().upscale(theirs.id, 0, "2x")).rejects.toMatchObject({ kind: "forbidden" });
  });

  test("a grid still in progress is a validation error with the service's reason", async () => {
    const { id } = await client().createImage({ prompt: "a fox", ref: null });
    service.advance();

    const err = await expectServiceError(client().upscale(id, 0, "2x"));

    expect(err).toMatchObject({ kind: "validation", status: 400, code: "FAILED_VALIDATION" });
    expect(err.serviceMessage).toContain("in-progress, not completed");
    expect(service.records()).toHaveLength(1);
  });

  test("an upscale as parent is a validation error", async () => {
    const grid = await completedGrid();
    const child = await client().upscale(grid.id, 0, "2x");
    service.completeNow(child.id);

    await expect(client().upscale(child.id, 0, "2x")).rejects.toMatchObject({ kind: "validation" });
  });

  test("a wrong token is unauthorized", async () => {
    const grid = await completedGrid();

    const err = await expectServiceError(client({ token: "wrong-token-123" }).upscale(grid.id, 0, "2x"));

    expect(err).toMatchObject({ kind: "unauthorized", status: 401 });
  });
});

describe("injected faults", () => {
  test.each([{ fault: "429" as const }, { fault: "503" as const }])(
    "an upscale refused with $fault and Retry-After is sent once more and makes one record",
    async ({ fault }) => {
      const grid = await completedGrid();
      service.faults.match = /\/upscale\//;
      service.faults.queue.push(fault);

      const record = await client().upscale(grid.id, 0, "2x", { ref: "once" });

      expect(record.parent_id).toBe(grid.id);
      expect(sleeps).toEqual([1000]);
      expect(service.createsByRef.get("once")).toBe(1);
      expect(upscaleCreates().map((r) => r.status)).toEqual([fault === "429" ? 429 : 503, 200]);
    },
  );

  test.each([
    { fault: "500" as const, kind: "server" },
    { fault: "hang" as const, kind: "timeout" },
    { fault: "quota" as const, kind: "quota" },
  ])("an upscale answered with $fault is a $kind error and is not repeated", async ({ fault, kind }) => {
    const grid = await completedGrid();
    service.faults.match = /\/upscale\//;
    service.faults.queue.push(fault);

    const err = await expectServiceError(client({ timeoutMs: 200 }).upscale(grid.id, 0, "2x", { ref: "r" }));

    expect(err.kind).toBe(kind);
    expect(sleeps).toEqual([]);
    expect(upscaleCreates().length).toBeLessThanOrEqual(1);
    expect(service.records()).toHaveLength(1);
  });
});
