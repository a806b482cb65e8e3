import sharp from "sharp";
import { request } from "undici";
import { describe, expect, test } from "vitest";
import { aspectRatioOf, sizeFor } from "../../tools/reference-service/images.js";
import type { ServiceRecord } from "../../tools/reference-service/record.js";
import { useReferenceService } from "./service-fixture.js";

const fixture = useReferenceService({ lifecycle: { steps: 4 } });

interface Download {
  status: number;
  contentType: string | undefined;
  bytes: Buffer;
}

/** GETs an asset URL with no token at all (asset URLs are public, like the real CDN's). */
async function download(url: string): Promise<Download> {
  const res = await request(url);
  const bytes = Buffer.from(await res.body.arrayBuffer());
  const type = res.headers["content-type"];
  return { status: res.statusCode, contentType: Array.isArray(type) ? type[0] : type, bytes };
}

async function completed(prompt: string): Promise<ServiceRecord> {
  const { id } = await fixture.create(prompt);
  fixture.service.completeNow(id);
  return fixture.read(id);
}

/** Mean red, green and blue of an image region. */
async function meanColour(
  bytes: Buffer,
  region?: { left: number; top: number; width: number; height: number },
): Promise<number[]> {
  // stats() reads the input, not the pipeline: extract to a buffer first.
  const input = region ? await sharp(bytes).extract(region).toBuffer() : bytes;
  const { channels } = await sharp(input).stats();
  return channels.slice(0, 3).map((c) => c.mean);
}

const distance = (a: number[], b: number[]) => Math.hypot(...a.map((v, i) => v - b[i]!));

describe("the grid and single images", () => {
  test("the grid is a 1024x1024 PNG for a square prompt, the singles 512x512 PNGs", async () => {
    const record = await completed("a red fox");

    const grid = await download(record.url!);
    const singles = await Promise.all(record.upscaled_urls!.map(download));

    expect(grid).toMatchObject({ status: 200, contentType: "image/png" });
    await expect(sharp(grid.bytes).metadata()).resolves.toMatchObject({
      format: "png",
      width: 1024,
      height: 1024,
    });
    for (const single of singles) {
      expect(single).toMatchObject({ status: 200, contentType: "image/png" });
      await expect(sharp(single.bytes).metadata()).resolves.toMatchObject({ width: 512, height: 512 });
    }
  });

  test.each([
    { ar: "16:9", grid: [1024, 576], single: [512, 288] },
    { ar: "2:3", grid: [683, 1024], single: [341, 512] },
  ])("--ar $ar gives a grid and singles of that ratio", async ({ ar, grid, single }) => {
    const record = await completed(`a red fox --ar ${ar}`);

    const gridMeta = await sharp((await download(record.url!)).bytes).metadata();
    const singleMeta = await sharp((await download(record.upscaled_urls![0]!)).bytes).metadata();

    expect([gridMeta.width, gridMeta.height]).toEqual(grid);
    expect([singleMeta.width, singleMeta.height]).toEqual(single);
  });

  test("the four quadrants differ, and U1..U4 are the top-left, top-right, bottom-left, bottom-right ones", async () => {
    const record = await completed("a red fox");
    const grid = (await download(record.url!)).bytes;
    const corners = [
      [0, 0],
      [512, 0],
      [0, 512],
      [512, 512],
    ] as const;

    const quadrants = await Promise.all(
      corners.map(([left, top]) => meanColour(grid, { left, top, width: 512, height: 512 })),
    );
    const singles = await Promise.all(
      record.upscaled_urls!.map(async (url) => meanColour((await download(url)).bytes)),
    );

    for (let a = 0; a < 4; a++) {
      for (let b = a + 1; b < 4; b++) expect(distance(quadrants[a]!, quadrants[b]!)).toBeGreaterThan(20);
    }
    const nearestQuadrant = singles.map((single) => {
      const distances = quadrants.map((q) => distance(single, q));
      return distances.indexOf(Math.min(...distances));
    });
    expect(nearestQuadrant).toEqual([0, 1, 2, 3]);
  });

  test("the same prompt renders the same bytes, a different prompt different ones", async () => {
    const first = await completed("a red fox");
    const again = await completed("a red fox");
    const other = await completed("a blue whale");

    const [a, b, c] = await Promise.all(
      [first, again, other].map(async (r) => (await download(r.url!)).bytes),
    );

    expect(first.id).not.toBe(again.id);
    expect(a!.equals(b!)).toBe(true);
    expect(a!.equals(c!)).toBe(false);
  });
});

describe("previews", () => {
  test("the preview of a job in progress is a WebP that changes from tick to tick", async () => {
    const { id } = await fixture.create("a red fox --ar 16:9");
    fixture.service.advance(2);
    const early = await fixture.read(id);
    fixture.service.advance();
    const later = await fixture.read(id);

    const [a, b] = await Promise.all([download(early.url!), download(later.url!)]);

    expect(early.url).not.toBe(later.url);
    for (const preview of [a!, b!]) {
      expect(preview).toMatchObject({ status: 200, contentType: "image/webp" });
      await expect(sharp(preview.bytes).metadata()).resolves.toMatchObject({ format: "webp", width: 256 });
    }
    expect(a!.bytes.equals(b!.bytes)).toBe(false);
  });
});

describe("asset URLs that do not exist", () => {
  test.each([
    {
      label: "an unknown record",
      path: "/assets/00000000-0000-4000-8000-000000000000/grid.png",
      status: 404,
    },
    { label: "a preview beyond 100%", path: "/assets/{id}/preview-500.webp", status: 404 },
    // Not an asset name at all: an API path, which without a token is forbidden.
    { label: "an unknown file", path: "/assets/{id}/u5.png", status: 403 },
  ])("$label is $status and no image", async ({ path, status }) => {
    const record = await completed("a red fox");

    const answer = await download(`${fixture.service.url}${path.replace("{id}", record.id)}`);

    expect(answer.status).toBe(status);
    expect(answer.contentType).toMatch(/^application\/json/);
  });
});

describe("aspect ratios", () => {
  test.each([
    { prompt: "a fox", ratio: { width: 1, height: 1 } },
    { prompt: "a fox --ar 16:9", ratio: { width: 16, height: 9 } },
    { prompt: "a fox --aspect 3:2 --v 6", ratio: { width: 3, height: 2 } },
    { prompt: "a fox --ar 0:5", ratio: { width: 1, height: 1 } },
    { prompt: "a fox --ar wide", ratio: { width: 1, height: 1 } },
    { prompt: "a fox--ar 16:9", ratio: { width: 1, height: 1 } },
  ])("'$prompt' has the ratio $ratio.width:$ratio.height", ({ prompt, ratio }) => {
    expect(aspectRatioOf(prompt)).toEqual(ratio);
  });

  test("an extreme ratio still gives a usable size", () => {
    expect(sizeFor("a fox --ar 1000:1", 1024)).toEqual({ width: 1024, height: 8 });
  });
});
