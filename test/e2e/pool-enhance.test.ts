/**
 * An Enhance in a pool of servers: it can run only on the server holding its grid, so it waits in the bot's
 * line for a free slot of that server (never one more job on a full server, counted by the reference
 * services themselves), while jobs behind it start on the other servers.
 */
import { afterEach, describe, expect, test } from "vitest";
import type { MessageSnapshot } from "../../tools/discord-emulator/world/message-objects.js";
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

describe("Enhance in a pool of servers", () => {
  test("two servers of one slot: the Enhance of a grid on a busy server waits for that server, and a later job starts on the free one", async () => {
    p = await startPool([{}], { slots: 1, env: { ENHANCE_FACTORS: "2x" } });
    const { h } = p;
    // A grid made on server one, and its first image shown alone.
    const fox = await imagineOnPool(p, "a red fox");
    expect(serviceOf(p, fox.imageId)).toBe(0);
    p.services[0]!.completeNow(fox.imageId);
    const grid = await waitForResult(h, fox.imageId, isGrid);
    await clickLabel(h, grid, "U1", h.world.alice);
    const single = await waitForUpscale(h, fox.imageId, 0);
    // Server one runs another grid now: its one slot is taken, server two's is free.
    const heron = await imagineOnPool(p, "a blue heron");
    expect(serviceOf(p, heron.imageId)).toBe(0);

    const click = await clickLabel(h, single, "Enhance 2× (uses credits)", h.world.alice);
    const waiting = await h.emu.waitFor(
      () => h.bot.context.imagine.activeJobs().find((j) => j.ref === click.id),
      {
        description: "the Enhance job",
      },
    );
    // It waits in the bot's line: nothing was sent to either server.
    expect(waiting.imageId).toMatch(/^q-/);
    expect([upscalesAt(p, 0), upscalesAt(p, 1)]).toEqual([0, 0]);

    // The same member's next grid, behind the Enhance in line, is not held back: server two takes it.
    const frog = await imagineOnPool(p, "a green frog");
    const frogId = await startedImageId(p, frog.handle.id);
    expect(serviceOf(p, frogId)).toBe(1);
    expect((await h.bot.context.imagine.findJob(click.id))?.imageId).toMatch(/^q-/);

    // Server one's grid ends: its slot is the Enhance's, on the server holding its grid.
    p.services[0]!.completeNow(heron.imageId);
    const enhanceId = await startedImageId(p, click.id);
    expect(serviceOf(p, enhanceId)).toBe(0);
    p.services[0]!.completeNow(enhanceId);
    p.services[1]!.completeNow(frogId);
    await waitForResult(h, enhanceId, isEnhanced);
    await waitForResult(h, frogId, isGrid);

    expect([upscalesAt(p, 0), upscalesAt(p, 1)]).toEqual([1, 0]);
    expect(resultsOf(h, enhanceId)).toHaveLength(1);
    // Never more jobs on a server than its one slot, counted by each service itself.
    expect(p.services.map((s) => s.maxInFlight)).toEqual([1, 1]);
  });
});
