import sharp from "sharp";
import { request } from "undici";
import { describe, expect, test } from "vitest";
import type { ServiceRecord } from "../../tools/reference-service/record.js";
import { USER, useReferenceService } from "./service-fixture.js";
import { startReceiver } from "./webhook-receiver.js";

// The self-hosted profile's lifecycle, assets and webhooks (service-facts.md, "Two kinds of server"), over
// HTTP. Starts as a fresh server does, its bot not reported: each test reports healthy when it needs to.

const fixture = useReferenceService({ profile: "self-hosted", lifecycle: { steps: 4 } });

const FILE_ID = "[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}";

async function download(url: string): Promise<{ status: number; type: unknown; bytes: Buffer }> {
  const res = await request(url);
  return {
    status: res.statusCode,
    type: res.headers["content-type"],
    bytes: Buffer.from(await res.body.arrayBuffer()),
  };
}

describe("a self-hosted job in relax mode", () => {
  test.each([
    ["the prompt's --relax", "a calm lake --relax", "fast"],
    ["the account's relax mode", "a calm lake", "relax"],
  ] as const)("fails at its first tick with Midjourney's progress line (%s)", async (_why, prompt, mode) => {
    fixture.service.setHealth("healthy");
    fixture.service.lifecycle.accountMode = mode;
    const { id } = await fixture.create(prompt);

    const last = (await fixture.ticksOf(id)).at(-1);

    expect(last).toMatchObject({
      status: "failed",
      error: `**${prompt}** - <@1100000000000000042> (0%) (relaxed)`,
    });
  });

  test("a prompt's --fast wins over the account's relax mode", async () => {
    fixture.service.setHealth("healthy");
    fixture.service.lifecycle.accountMode = "relax";
    const { id } = await fixture.create("a calm lake --fast");

    expect((await fixture.ticksOf(id)).at(-1)).toMatchObject({ status: "completed" });
  });
});

describe("a self-hosted job while running", () => {
  test("progress goes 0, 31, 62, 93 as integers, then null at completion", async () => {
    fixture.service.setHealth("healthy");
    const { id } = await fixture.create("a lighthouse");

    const seen = await fixture.ticksOf(id);

    expect(seen.map((r) => [r.status, r.progress])).toEqual([
      ["in-progress", 0],
      ["in-progress", 31],
      ["in-progress", 62],
      ["in-progress", 93],
      ["completed", null],
    ]);
  });

  test("with more steps the progress stays whole numbers rising to 93", async () => {
    await fixture.restart({ initialHealth: "healthy", lifecycle: { steps: 10 } });
    const { id } = await fixture.create("a lighthouse");

    const progress = (await fixture.ticksOf(id)).map((r) => r.progress).filter((p) => p !== null);

    expect(progress.every((p) => Number.isInteger(p))).toBe(true);
    expect(progress).toEqual([...progress].sort((a, b) => a! - b!));
    expect(progress.at(-1)).toBe(93);
  });

  test("each tick with a preview has a new webp file URL, downloadable without a token", async () => {
    fixture.service.setHealth("healthy");
    const { id } = await fixture.create("a lighthouse --ar 16:9");

    const previews = (await fixture.ticksOf(id)).filter((r) => r.status === "in-progress" && r.progress! > 0);

    const urls = previews.map((r) => r.url!);
    expect(new Set(urls).size).toBe(3);
    for (const url of urls) {
      const [, fileId, name] = new RegExp(
        `^${fixture.service.url}/assets/(${FILE_ID})/(${FILE_ID})\\.webp$`,
      ).exec(url)!;
      expect(name).toBe(fileId);
      const preview = await download(url);
      expect(preview.status).toBe(200);
      expect(preview.type).toBe("image/webp");
      await expect(sharp(preview.bytes).metadata()).resolves.toMatchObject({ format: "webp" });
    }
  });

  test("at completion url is the PNG grid whose file id is results, upscaled_urls the four quadrants", async () => {
    fixture.service.setHealth("healthy");
    const { id } = await fixture.create("a lighthouse");
    fixture.service.advance(5);
    const done = await fixture.read(id);

    expect(done.url).toBe(`${fixture.service.url}/assets/${done.results}/${done.results}.png`);
    const grid = await download(done.url!);
    expect(grid.type).toBe("image/png");
    await expect(sharp(grid.bytes).metadata()).resolves.toMatchObject({ format: "png", width: 1024 });
    const singleIds = done.upscaled_urls!.map(
      (url) => new RegExp(`/assets/(${FILE_ID})/\\1\\.png$`).exec(url)?.[1],
    );
    expect(singleIds.every(Boolean)).toBe(true);
    expect([...done.upscaled].sort()).toEqual([...singleIds].sort());
    expect(done.upscaled).not.toEqual(singleIds);
    // U1..U4: the single images are the grid's top-left, top-right, bottom-left, bottom-right quadrants.
    const quadrantMeans = await Promise.all(
      [
        [0, 0],
        [512, 0],
        [0, 512],
        [512, 512],
      ].map(async ([left, top]) => {
        const part = await sharp(grid.bytes)
          .extract({ left: left!, top: top!, width: 512, height: 512 })
          .toBuffer();
        return (await sharp(part).stats()).channels.slice(0, 3).map((c) => c.mean);
      }),
    );
    const nearest = await Promise.all(
      done.upscaled_urls!.map(async (url) => {
        const single = (await sharp((await download(url)).bytes).stats()).channels
          .slice(0, 3)
          .map((c) => c.mean);
        const distances = quadrantMeans.map((q) => Math.hypot(...q.map((v, i) => v - single[i]!)));
        return distances.indexOf(Math.min(...distances));
      }),
    );
    expect(nearest).toEqual([0, 1, 2, 3]);
  });

  test.each([
    {
      label: "an unknown file id",
      path: () => "/assets/00000000-0000-4000-8000-000000000000/00000000-0000-4000-8000-000000000000.png",
    },
    {
      label: "the grid's file under another extension",
      path: (r: ServiceRecord) => `/assets/${r.results}/${r.results}.webp`,
    },
    { label: "a hosted-style asset name", path: (r: ServiceRecord) => `/assets/${r.id}/grid.png` },
  ])("$label is not an image", async ({ path }) => {
    fixture.service.setHealth("healthy");
    const { id } = await fixture.create("a lighthouse");
    const done = fixture.service.completeNow(id);

    const answer = await download(`${fixture.service.url}${path(done)}`);

    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.type).toMatch(/^application\/json/);
  });

  test("banned words fail the job with a Midjourney message, as on hosted", async () => {
    await fixture.restart({ initialHealth: "healthy", lifecycle: { steps: 4, bannedWords: ["gore"] } });
    const { id } = await fixture.create("some gore");

    fixture.service.advance();

    await expect(fixture.read(id)).resolves.toMatchObject({
      status: "failed",
      error: expect.stringMatching(/^Midjourney message: Banned prompt detected/),
    });
  });

  test("a prompt matching the hang pattern stays in progress at its first progress value", async () => {
    await fixture.restart({ initialHealth: "healthy", lifecycle: { steps: 4, hangPattern: /forever/ } });
    const { id } = await fixture.create("wait forever");

    fixture.service.advance(20);

    await expect(fixture.read(id)).resolves.toMatchObject({ status: "in-progress", progress: 31 });
  });

  test("injected faults answer the create and make nothing", async () => {
    fixture.service.faults.queue.push("503");

    const answer = await fixture.call("/items/images", {
      contentType: "application/json",
      body: JSON.stringify({ prompt: "a lighthouse" }),
    });

    expect(answer.status).toBe(503);
    expect(fixture.service.records()).toEqual([]);
  });
});

describe("records made by other clients", () => {
  test("insertRecord adds a record with a null prompt that reads back and is never processed", async () => {
    fixture.service.setHealth("healthy");
    const inserted = fixture.service.insertRecord();

    fixture.service.advance(10);

    await expect(fixture.read(inserted.id)).resolves.toMatchObject({
      prompt: null,
      status: "pending",
      user_created: USER,
    });
    expect(fixture.service.creates).toBe(0);
  });
});

describe("webhooks of a self-hosted server", () => {
  test("one per create and per update, the 11-field record, content-type json and user-agent axios/1.3.3", async () => {
    fixture.service.setHealth("healthy");
    const receiver = await startReceiver();
    fixture.service.webhooks.urls.add(receiver.url);

    const { id } = await fixture.create("a lighthouse");
    fixture.service.advance(5);
    const deliveries = await receiver.received(6);

    expect(deliveries.map((d) => d.body.event).sort()).toEqual([
      "images.items.create",
      ...Array<string>(5).fill("images.items.update"),
    ]);
    for (const [i, d] of deliveries.entries()) {
      expect(Object.keys(d.body)).toEqual(["event", "payload"]);
      expect(Object.keys(d.body.payload)).toEqual(Object.keys(await fixture.read(id)));
      expect(d.body.payload).not.toHaveProperty("ref");
      expect(d.contentType).toBe("application/json");
      expect(receiver.headers[i]!["user-agent"]).toBe("axios/1.3.3");
    }
    const last = deliveries.find((d) => d.body.payload.status === "completed")!;
    await expect(fixture.read(id)).resolves.toEqual(last.body.payload);
  });

  test("a failing receiver gets each event once: no retry", async () => {
    fixture.service.setHealth("healthy");
    const receiver = await startReceiver(500);
    fixture.service.webhooks.urls.add(receiver.url);

    await fixture.create("a lighthouse");
    fixture.service.advance(5);
    await receiver.received(6);
    await new Promise((r) => setTimeout(r, 200));

    expect(receiver.deliveries).toHaveLength(6);
  });

  test("a refused create sends nothing; a record made by another client sends its create with prompt null", async () => {
    const receiver = await startReceiver();
    fixture.service.webhooks.urls.add(receiver.url);

    await fixture.call("/items/images", {
      contentType: "application/json",
      body: JSON.stringify({ prompt: "a lighthouse", ref: "job-1" }),
    });
    const inserted = fixture.service.insertRecord();
    const [only] = await receiver.received(1);
    await new Promise((r) => setTimeout(r, 100));

    expect(receiver.deliveries).toHaveLength(1);
    expect(only!.body).toEqual({ event: "images.items.create", payload: fixture.service.view(inserted) });
    expect(only!.body.payload.prompt).toBeNull();
  });
});
