/**
 * An Enhance in a pool of servers: it can run only on the server holding its grid, so it waits in the bot's
 * line for a free slot of that server (never one more job on a full server, counted by the reference
 * services themselves), while jobs behind it start on the other servers.
 */
import { afterEach, describe, expect, test } from "vitest";
import type { MessageSnapshot } from "../../tools/discord-emulator/world/message-objects.js";
import { shownJobId } from "../../src/imagine/job.js";
import { textOf } from "../support/message-view.js";
import { clickLabel, isGrid, resultsOf, waitForResult, waitForUpscale } from "./imagine-steps.js";
import { imagineOnPool, serviceOf, startedImageId, startPool, type PoolHarness } from "./pool-steps.js";

let p: PoolHarness | undefined;
afterEach(async () => {
  await p?.stop();
  p = undefined;
});

const isEnhanced = (m: MessageSnapshot) => /enhanced/i.test(textOf(m)) && m.attachments.length > 0;

/** Upscale creates (`POST /items/images/{id}/{index}/upscale/{factor}`) a service made (its route probe aside). */
function upscalesAt(pool: PoolHarness, service: number): number {
  return pool.services[service]!.requests.filter(
    (r) => r.status === 200 && /^POST .*\/upscale\//.test(r.request),
  ).length;
}

/**
 * Two servers of one slot; a grid made on server one and its first image shown alone; then server one runs
 * another grid (its one slot taken, server two's free) and Alice clicks Enhance 2× under the image: the
 * Enhance job waits in the bot's line, nothing sent to either server.
 */
async function enhanceWhileGridServerBusy() {
  p = await startPool([{}], { slots: 1, env: { ENHANCE_FACTORS: "2x" } });
  const pool = p;
  const { h } = pool;
  const fox = await imagineOnPool(pool, "a red fox");
  expect(serviceOf(pool, fox.imageId)).toBe(0);
  pool.services[0]!.completeNow(fox.imageId);
  const grid = await waitForResult(h, fox.imageId, isGrid);
  await clickLabel(h, grid, "U1", h.world.alice);
  const single = await waitForUpscale(h, fox.imageId, 0);
  const heron = await imagineOnPool(pool, "a blue heron");
  expect(serviceOf(pool, heron.imageId)).toBe(0);

  const click = await clickLabel(h, single, "Enhance 2× (uses credits)", h.world.alice);
  const waiting = await h.emu.waitFor(
    () => h.bot.context.imagine.activeJobs().find((j) => j.ref === click.id),
    { description: "the Enhance job" },
  );
  expect(waiting.imageId).toMatch(/^q-/);
  // Its message says why it waits though server two is free: its grid's server is busy.
  await h.emu.waitFor(
    () =>
      h.emu
        .messagesIn(h.world.general.id)
        .find((m) =>
          textOf(m).includes(
            "An Enhance runs on the image server that holds its grid, and that server is busy: it waits in the bot's line, number 1,",
          ),
        ),
    { description: "the waiting Enhance's message naming its grid's server" },
  );
  expect([upscalesAt(pool, 0), upscalesAt(pool, 1)]).toEqual([0, 0]);
  return { pool, h, heron, enhanceRef: click.id };
}

/**
 * The same member's next grid, behind the Enhance in line, is not held back: server two takes it while the
 * Enhance waits on. Then server one's grid ends, and its slot is the Enhance's; both are delivered.
 */
async function laterJobThenEnhance(pool: PoolHarness, heronId: string, enhanceRef: string) {
  const { h } = pool;
  const frog = await imagineOnPool(pool, "a green frog");
  const frogId = await startedImageId(pool, frog.handle.id);
  expect(serviceOf(pool, frogId)).toBe(1);
  // The id its result shows: its request id when it waited in the bot's line behind the Enhance.
  const frogJob = await h.bot.context.imagine.findJob(frog.handle.id);
  if (!frogJob) throw new Error("no job for the frog");
  const frogShownId = shownJobId(frogJob);
  expect((await h.bot.context.imagine.findJob(enhanceRef))?.imageId).toMatch(/^q-/);

  pool.services[0]!.completeNow(heronId);
  const enhanceId = await startedImageId(pool, enhanceRef);
  expect(serviceOf(pool, enhanceId)).toBe(0);
  pool.services[0]!.completeNow(enhanceId);
  pool.services[1]!.completeNow(frogId);
  await waitForResult(h, enhanceId, isEnhanced);
  await waitForResult(h, frogShownId, isGrid);

  expect([upscalesAt(pool, 0), upscalesAt(pool, 1)]).toEqual([1, 0]);
  expect(resultsOf(h, enhanceId)).toHaveLength(1);
  // Never more jobs on a server than its one slot, counted by each service itself.
  expect(pool.services.map((s) => s.maxInFlight)).toEqual([1, 1]);
}

describe("Enhance in a pool of servers", () => {
  test("two servers of one slot: the Enhance of a grid on a busy server waits for that server, and a later job starts on the free one", async () => {
    const { pool, heron, enhanceRef } = await enhanceWhileGridServerBusy();
    await laterJobThenEnhance(pool, heron.imageId, enhanceRef);
  });

  test("a waiting Enhance still waits for its grid's server after a crash of the bot, holding no one back", async () => {
    const { pool, h, heron, enhanceRef } = await enhanceWhileGridServerBusy();
    await h.restart({ hard: true });
    await laterJobThenEnhance(pool, heron.imageId, enhanceRef);
  });
});
