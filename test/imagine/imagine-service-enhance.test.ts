import { afterEach, describe, expect, test } from "vitest";
import type { UpscaleKind } from "../../src/imagine/job-kind.js";
import { enhanceIdCodec } from "../../src/custom-ids/enhance-id.js";
import { newImageRecord } from "../../src/service/record-factory.js";
import { imageRecord } from "../fixtures/fake-image-service.js";
import { createService, request } from "./service-fakes.js";

// An Enhance job through the one ImagineService: created by the upscale endpoint, followed and shown like
// any job, ending in the enhanced image.

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

const upscale: UpscaleKind = { name: "upscale", parentId: "grid-1", index: 2, factor: "4x" };

function setup() {
  const env = createService();
  stop = () => env.imagine.stop();
  return env;
}

/** A finished upscale record: one image as `url`, no grid. */
const upscaled = (id: string) =>
  newImageRecord({
    id,
    status: "completed",
    url: `https://cdn.example/${id}/upscale-4x.png`,
    parent_id: "grid-1",
  });

describe("an Enhance job", () => {
  test("is created through the upscale endpoint with the interaction id as ref, and stored with its grid", async () => {
    const env = setup();

    const job = await env.imagine.submit(...request("700000000000000001", upscale));

    expect(env.service.upscales).toEqual([
      { parentId: "grid-1", index: 2, factor: "4x", ref: "700000000000000001" },
    ]);
    expect(job.kind).toEqual(upscale);
    expect((await env.store.get(job.imageId))?.kind).toEqual(upscale);
  });

  test("shows progress saying it is an Enhance (of U3, 4×) and ends with the enhanced image", async () => {
    const env = setup();
    env.service.script("job-1", [
      imageRecord("job-1", "pending"),
      imageRecord("job-1", "in-progress", 50),
      upscaled("job-1"),
    ]);

    await env.imagine.submit(...request(undefined, upscale));
    await env.clock.advance(30_000);

    const titles = env.messenger.shown.map((s) => s.message.payload.embeds[0]?.title ?? "");
    expect(titles[0]).toMatch(/waiting/i);
    expect(titles.some((t) => /Generating/.test(t))).toBe(true);
    // Every running message says it is an Enhance, of which image and by how much.
    const running = env.messenger.shown.filter((s) => !s.final);
    expect(running.length).toBeGreaterThan(1);
    for (const shown of running)
      expect(shown.message.payload.embeds[0]?.description).toMatch(/^🔍 Enhance 4× of image U3\n/);
    const final = env.messenger.shown.filter((s) => s.final);
    expect(final).toHaveLength(1);
    expect(final[0]!.message.payload.embeds[0]).toMatchObject({
      title: "🔍 Image U3 enhanced 4×",
      image: { url: "https://cdn.example/job-1/upscale-4x.png" },
    });
    expect(await env.store.get("job-1")).toMatchObject({
      outcome: "completed",
      delivered: true,
      kind: upscale,
    });
  });

  test("that fails offers Try again as the same Enhance, not a new run of the grid's prompt", async () => {
    const env = setup();
    const failed = { ...imageRecord("job-1", "failed"), error: "Timeout while waiting for completion" };
    env.service.script("job-1", [imageRecord("job-1", "pending"), failed]);

    await env.imagine.submit(...request(undefined, upscale));
    await env.clock.advance(30_000);

    const final = env.messenger.shown.filter((s) => s.final)[0]!.message.payload;
    const [button] = final.components.flatMap((row) => row.components);
    expect(button && "label" in button ? button.label : null).toBe("Try again (uses credits)");
    expect(button && "custom_id" in button ? enhanceIdCodec.decode(button.custom_id) : null).toEqual({
      jobId: "grid-1",
      index: 2,
      factor: "4x",
      requesterId: request()[0].requester.userId,
    });
  });
});
