/**
 * The crash window of the bot's queue: a waiting job's create is claimed (`create:<ref>`) just before it is
 * sent, so a bot that dies between the claim and the create leaves a stand-in whose claim is taken. After the
 * restart the bot asks the servers that keep `ref` before sending anything: a record found is followed and
 * delivered, a create no server can have made is sent once, and when a server cannot tell (a self-hosted one
 * keeps no `ref`) the job ends saying it may not have started, its image of the day still counted. Never two
 * records for one request; the line goes on.
 */
import { afterEach, describe, expect, test } from "vitest";
import type { ReferenceServiceOptions } from "../../tools/reference-service/index.js";
import { textOf } from "../support/message-view.js";
import { isGrid, resultsOf, waitForResult } from "./imagine-steps.js";
import {
  createsAt,
  imagineOnPool,
  serviceOf,
  startedImageId,
  startPool,
  type PoolHarness,
} from "./pool-steps.js";

let p: PoolHarness | undefined;
afterEach(async () => {
  await p?.stop();
  p = undefined;
});

/**
 * Two servers of one slot each (server 2 as `second` says): two jobs run, two wait; then the bot dies just
 * after claiming the first waiting job's create (`beforeRestart` runs then) and starts again.
 */
async function crashAfterClaim(
  second: ReferenceServiceOptions,
  beforeRestart?: (ref: string) => Promise<void>,
) {
  p = await startPool([second], { slots: 1, env: { USER_DAILY_IMAGES: "10" } });
  const pool = p;
  const { h } = pool;
  const running = [await imagineOnPool(pool, "a fox one"), await imagineOnPool(pool, "a fox two")];
  const claimed = await imagineOnPool(pool, "a fox three");
  const behind = await imagineOnPool(pool, "a fox four");
  expect([claimed.imageId, behind.imageId]).toEqual([`q-${claimed.handle.id}`, `q-${behind.handle.id}`]);
  expect(pool.services.map(createsAt)).toEqual([1, 1]);

  await h.bot.context.imagine.stop();
  expect(await h.bot.context.store.claimOnce(`create:${claimed.handle.id}`)).toBe(true);
  await beforeRestart?.(claimed.handle.id);
  await h.restart({ hard: true });

  /** Frees a slot (the first running job completes): the claimed job's turn comes. */
  async function freeASlot(): Promise<void> {
    const first = await startedImageId(pool, running[0]!.handle.id);
    pool.services[serviceOf(pool, first)]!.completeNow(first);
    await waitForResult(h, first, isGrid);
  }
  return { h, services: pool.services, claimed, behind, freeASlot };
}

/** Completes the job of request `ref` where its record is; resolves its image id once delivered. */
async function deliver(pool: PoolHarness, ref: string): Promise<string> {
  const id = await startedImageId(pool, ref);
  pool.services[serviceOf(pool, id)]!.completeNow(id);
  await waitForResult(pool.h, id, isGrid);
  return id;
}

describe("a waiting job whose create was claimed just before a crash", () => {
  test("no server has its record: it is sent once after the restart and delivered", async () => {
    const { h, services, claimed, behind, freeASlot } = await crashAfterClaim({});
    await freeASlot();
    const id = await deliver(p!, claimed.handle.id);
    expect(resultsOf(h, id)).toHaveLength(1);
    await deliver(p!, behind.handle.id);
    expect(services.map((s) => s.createsByRef.get(claimed.handle.id) ?? 0).reduce((a, b) => a + b)).toBe(1);
  });

  test("its create reached a server before the crash: that record is followed and delivered, never created again", async () => {
    const { h, services, claimed, behind, freeASlot } = await crashAfterClaim({}, async (ref) => {
      // The create the dying bot sent: it reached server 2.
      const two = p!.services[1]!;
      const answer = await fetch(`${two.url}/items/images`, {
        method: "POST",
        headers: { authorization: `Bearer ${two.token}`, "content-type": "application/json" },
        body: JSON.stringify({ prompt: "a fox three", ref }),
      });
      expect(answer.status).toBe(200);
    });
    await freeASlot();
    const id = await startedImageId(p!, claimed.handle.id);
    expect(serviceOf(p!, id)).toBe(1);
    expect((await h.bot.context.imagine.findJob(claimed.handle.id))?.server).toBe("two");
    services[1]!.completeNow(id);
    await waitForResult(h, id, isGrid);
    expect(resultsOf(h, id)).toHaveLength(1);
    await deliver(p!, behind.handle.id);
    expect(services.map((s) => s.createsByRef.get(claimed.handle.id) ?? 0)).toEqual([0, 1]);
  });

  test("a server that keeps no ref cannot tell: it ends as possibly started, sent to no server, its image of the day still counted", async () => {
    const { h, services, claimed, behind, freeASlot } = await crashAfterClaim({
      profile: "self-hosted",
      initialHealth: "healthy",
    });
    // Daily counts start again with the new process: one more image of Alice's counts now.
    await imagineOnPool(p!, "a fox five");
    const requester = { userId: h.world.alice.id, guildId: h.world.guild.id, isModerator: false };
    expect((await h.bot.context.admission.quota(requester)).dailyUsed).toBe(1);
    await freeASlot();
    const ended = await waitForResult(h, claimed.imageId, (m) => /may not have been started/.test(textOf(m)));
    expect(textOf(ended)).toContain(
      "This job may not have been started: the bot restarted just as it was being sent to an image server, and no server could tell whether it arrived.\n" +
        "Sending it again could make it twice, so the bot did not, and it still counts toward your daily images. Start it again if you still want it.",
    );
    // The bot's own words, not the service's.
    expect(textOf(ended)).not.toMatch(/The service said|reported an error/);
    expect((await h.bot.context.imagine.findJob(claimed.handle.id))?.outcome).toBe("failed");

    // The next in line takes the free slot and is delivered; no create for the claimed job reached any server.
    await deliver(p!, behind.handle.id);
    expect(services[0]!.createsByRef.get(claimed.handle.id) ?? 0).toBe(0);
    expect(services[1]!.records().filter((r) => r.prompt === "a fox three")).toEqual([]);
    expect(resultsOf(h, claimed.imageId)).toHaveLength(1);
    // It may have been made: its image of the day is not given back.
    expect((await h.bot.context.admission.quota(requester)).dailyUsed).toBe(1);
  });
});
