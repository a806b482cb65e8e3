import sharp from "sharp";
import { request } from "undici";
import { describe, expect, test } from "vitest";
import { MAX_UPSCALED_SIDE } from "../../tools/reference-service/images.js";
import type { ServiceRecord } from "../../tools/reference-service/record.js";
import {
  directusError,
  OTHER_TOKEN,
  TOKEN,
  USER,
  useReferenceService,
  type Answer,
} from "./service-fixture.js";

const fixture = useReferenceService({ lifecycle: { steps: 4 } });

/** POSTs the upscale of image `index` of `id` by `factor`, with `body` as JSON when given. */
function upscale(
  id: string,
  index: number | string,
  factor: string,
  options: { body?: unknown; token?: string | null } = {},
): Promise<Answer> {
  const token = options.token === undefined ? TOKEN : options.token;
  return fixture.call(`/items/images/${id}/${index}/upscale/${factor}`, {
    method: "POST",
    auth: token === null ? null : `Bearer ${token}`,
    ...(options.body === undefined
      ? {}
      : { contentType: "application/json", body: JSON.stringify(options.body) }),
  });
}

async function completedGrid(prompt = "a red fox"): Promise<ServiceRecord> {
  const { id } = await fixture.create(prompt);
  return fixture.service.completeNow(id);
}

async function download(url: string): Promise<Buffer> {
  const res = await request(url);
  expect(res.statusCode).toBe(200);
  return Buffer.from(await res.body.arrayBuffer());
}

async function meanColour(bytes: Buffer): Promise<number[]> {
  const { channels } = await sharp(bytes).stats();
  return channels.slice(0, 3).map((c) => c.mean);
}

describe("upscaling one image of a completed grid", () => {
  test("creates a pending record with parent_id, the parent's prompt and the ref, for the token's user", async () => {
    const grid = await completedGrid("a red fox --ar 3:2");

    const answer = await upscale(grid.id, 1, "2x", { body: { ref: "click-1" } });

    expect(answer.status).toBe(200);
    const { data } = answer.json as { data: ServiceRecord };
    expect(data).toMatchObject({
      prompt: "a red fox --ar 3:2",
      parent_id: grid.id,
      ref: "click-1",
      user_created: USER,
      status: "pending",
      progress: null,
      url: null,
    });
    expect(data.id).not.toBe(grid.id);
    await expect(fixture.read(data.id)).resolves.toEqual(data);
    expect(fixture.service.createsByRef.get("click-1")).toBe(1);
  });

  test("without a body the ref is null", async () => {
    const grid = await completedGrid();

    const answer = await upscale(grid.id, 0, "4x");

    expect(answer.status).toBe(200);
    expect((answer.json as { data: ServiceRecord }).data).toMatchObject({ ref: null, parent_id: grid.id });
  });

  test("the upscale goes pending -> in-progress with previews -> completed with one image and no grid", async () => {
    const grid = await completedGrid();
    const { data } = (await upscale(grid.id, 2, "2x")).json as { data: ServiceRecord };
    const seen: Array<Pick<ServiceRecord, "status" | "progress">> = [];
    const previews: string[] = [];
    for (let step = 0; step < 5; step++) {
      fixture.service.advance();
      const record = await fixture.read(data.id);
      seen.push({ status: record.status, progress: record.progress });
      if (record.status === "in-progress" && record.url) previews.push(record.url);
    }

    expect(seen).toEqual([
      { status: "in-progress", progress: 0 },
      { status: "in-progress", progress: 25 },
      { status: "in-progress", progress: 50 },
      { status: "in-progress", progress: 75 },
      { status: "completed", progress: null },
    ]);
    expect(previews).toHaveLength(3);
    const preview = await sharp(await download(previews[0]!)).metadata();
    expect(preview).toMatchObject({ format: "webp", width: 256 });
    const done = await fixture.read(data.id);
    expect(done).toMatchObject({ parent_id: grid.id, upscaled_urls: null, upscaled: [] });
    expect(done.url).toMatch(/\/upscale-2x\.png$/);
  });

  test.each([
    { factor: "2x", side: 1024 },
    { factor: "4x", side: MAX_UPSCALED_SIDE },
    { factor: "12x", side: MAX_UPSCALED_SIDE },
  ])("a $factor upscale is a $side px PNG of the chosen single image", async ({ factor, side }) => {
    const grid = await completedGrid("a lighthouse");
    const { data } = (await upscale(grid.id, 3, factor)).json as { data: ServiceRecord };
    const done = fixture.service.completeNow(data.id);

    const bytes = await download(done.url!);
    const singles = await Promise.all(grid.upscaled_urls!.map(download));

    await expect(sharp(bytes).metadata()).resolves.toMatchObject({
      format: "png",
      width: side,
      height: side,
    });
    const colour = await meanColour(bytes);
    const distances = await Promise.all(
      singles.map(async (s) => Math.hypot(...(await meanColour(s)).map((v, i) => v - colour[i]!))),
    );
    expect(distances.indexOf(Math.min(...distances))).toBe(3);
  });

  test("2x and 4x of the same image are different files", async () => {
    const grid = await completedGrid();
    const ids = await Promise.all(
      ["2x", "4x"].map(async (f) => ((await upscale(grid.id, 0, f)).json as { data: ServiceRecord }).data.id),
    );
    const [a, b] = await Promise.all(ids.map((id) => download(fixture.service.completeNow(id).url!)));

    expect(a!.equals(b!)).toBe(false);
  });

  test("a grid record has no upscale image, an upscale record no grid image", async () => {
    const grid = await completedGrid();
    const { data } = (await upscale(grid.id, 0, "2x")).json as { data: ServiceRecord };
    const done = fixture.service.completeNow(data.id);

    const gridUpscale = await request(grid.url!.replace("grid.png", "upscale-2x.png"));
    const upscaleGrid = await request(done.url!.replace("upscale-2x.png", "grid.png"));
    const otherFactor = await request(done.url!.replace("2x", "4x"));

    expect([gridUpscale.statusCode, upscaleGrid.statusCode, otherFactor.statusCode]).toEqual([404, 404, 404]);
    await Promise.all([gridUpscale, upscaleGrid, otherFactor].map((r) => r.body.dump()));
  });
});

describe("refused upscales", () => {
  test.each([
    { label: "an unknown id", id: "00000000-0000-4000-8000-000000000000" },
    { label: "a malformed id", id: "not-a-uuid" },
    { label: "a malformed escape", id: "%E0%A4%A" },
  ])("$label is 403 FORBIDDEN like any unknown id", async ({ id }) => {
    const answer = await upscale(id, 0, "2x");

    expect(answer.status).toBe(403);
    expect(answer.json).toEqual(directusError("FORBIDDEN"));
    expect(fixture.service.records()).toEqual([]);
  });

  test("another user's grid is 403 FORBIDDEN, even with a bad factor", async () => {
    const theirs = await fixture.create("theirs", null, OTHER_TOKEN);
    fixture.service.completeNow(theirs.id);

    const answers = [await upscale(theirs.id, 0, "2x"), await upscale(theirs.id, 0, "3x")];

    expect(answers.map((a) => a.status)).toEqual([403, 403]);
    expect(fixture.service.records()).toHaveLength(1);
  });

  test.each([
    { label: "no token", token: null, status: 403, code: "FORBIDDEN" },
    { label: "an unknown token", token: "nobody", status: 401, code: "INVALID_CREDENTIALS" },
  ])("$label is $status $code", async ({ token, status, code }) => {
    const grid = await completedGrid();

    const answer = await upscale(grid.id, 0, "2x", { token });

    expect(answer.status).toBe(status);
    expect(answer.json).toEqual(directusError(code));
    expect(fixture.service.records()).toHaveLength(1);
  });

  test.each(["3x", "1x", "2X", "14x", "2", "x"])(
    "the factor %s is 400 FAILED_VALIDATION naming the factors",
    async (factor) => {
      const grid = await completedGrid();

      const answer = await upscale(grid.id, 0, factor);

      expect(answer.status).toBe(400);
      expect(answer.json).toEqual(directusError("FAILED_VALIDATION"));
      expect(answer.text).toContain("2x, 4x, 6x, 8x, 10x, 12x");
      expect(fixture.service.records()).toHaveLength(1);
    },
  );

  test.each(["4", "-1", "1.5", "01x", "one", "999"])(
    "the index %s is 400 FAILED_VALIDATION",
    async (index) => {
      const grid = await completedGrid();

      const answer = await upscale(grid.id, index, "2x");

      expect(answer.status).toBe(400);
      expect(answer.json).toEqual(directusError("FAILED_VALIDATION"));
      expect(fixture.service.records()).toHaveLength(1);
    },
  );

  test.each([
    { label: "pending", steps: 0, status: "pending" },
    { label: "in progress", steps: 2, status: "in-progress" },
  ])("a grid still $label cannot be upscaled: 400 saying its status", async ({ steps, status }) => {
    const { id } = await fixture.create("a red fox");
    fixture.service.advance(steps);

    const answer = await upscale(id, 0, "2x");

    expect(answer.status).toBe(400);
    expect(answer.json).toEqual(directusError("FAILED_VALIDATION"));
    expect(answer.text).toContain(status);
    expect(fixture.service.records()).toHaveLength(1);
  });

  test("a failed grid cannot be upscaled", async () => {
    const { id } = await fixture.create("a red fox");
    fixture.service.failNow(id, "Unspecified error");

    const answer = await upscale(id, 0, "2x");

    expect(answer.status).toBe(400);
    expect(answer.text).toContain("failed");
  });

  test("an upscale cannot itself be upscaled", async () => {
    const grid = await completedGrid();
    const { data } = (await upscale(grid.id, 0, "2x")).json as { data: ServiceRecord };
    fixture.service.completeNow(data.id);

    const answer = await upscale(data.id, 0, "2x");

    expect(answer.status).toBe(400);
    expect(answer.text).toContain("upscale");
  });

  test.each([
    { label: "a number as ref", body: { ref: 7 }, code: "FAILED_VALIDATION" },
    { label: "a JSON array", body: [], code: "INVALID_PAYLOAD" },
  ])("$label in the body is 400 $code", async ({ body, code }) => {
    const grid = await completedGrid();

    const answer = await upscale(grid.id, 0, "2x", { body });

    expect(answer.status).toBe(400);
    expect(answer.json).toEqual(directusError(code));
    expect(fixture.service.records()).toHaveLength(1);
  });

  test("GET on the upscale path is 404 ROUTE_NOT_FOUND", async () => {
    const grid = await completedGrid();

    const answer = await fixture.call(`/items/images/${grid.id}/0/upscale/2x`);

    expect(answer.status).toBe(404);
    expect(answer.json).toEqual(directusError("ROUTE_NOT_FOUND"));
  });
});

describe("failure injection", () => {
  test.each([
    { fault: "503" as const, status: 503 },
    { fault: "quota" as const, status: 429 },
  ])("a queued $fault answers the upscale and creates nothing", async ({ fault, status }) => {
    const grid = await completedGrid();
    fixture.service.faults.match = /\/upscale\//;
    fixture.service.faults.queue.push(fault);

    const refused = await upscale(grid.id, 0, "2x", { body: { ref: "r" } });
    const next = await upscale(grid.id, 0, "2x", { body: { ref: "r" } });

    expect(refused.status).toBe(status);
    expect(next.status).toBe(200);
    expect(fixture.service.createsByRef.get("r")).toBe(1);
  });
});
