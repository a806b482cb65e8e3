/**
 * The crash window of the bot's queue: a waiting job's create is claimed (`create:<ref>`) just before it is
 * sent, so a bot that dies between the claim and the create leaves a stand-in whose claim is taken. After the
 * restart that job is ended as not started, its message saying why and what to do, and no create for it
 * reaches any image server (its record may exist: a second create could make two); the line goes on.
 */
import { afterEach, expect, test } from "vitest";
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

test("a waiting job whose create was claimed just before a crash ends as not started after the restart, sent to no server", async () => {
  p = await startPool([{}], { slots: 1 });
  const { h, services } = p;
  // Two servers of one slot each: two jobs run, two wait.
  const running = [await imagineOnPool(p, "a fox one"), await imagineOnPool(p, "a fox two")];
  const claimed = await imagineOnPool(p, "a fox three");
  const behind = await imagineOnPool(p, "a fox four");
  expect([claimed.imageId, behind.imageId]).toEqual([`q-${claimed.handle.id}`, `q-${behind.handle.id}`]);
  expect(services.map(createsAt)).toEqual([1, 1]);

  // The crash: the bot stops following its jobs just after claiming the first waiting job's create.
  await h.bot.context.imagine.stop();
  expect(await h.bot.context.store.claimOnce(`create:${claimed.handle.id}`)).toBe(true);
  await h.restart({ hard: true });

  // A slot frees: the claimed job's turn comes.
  const first = await startedImageId(p, running[0]!.handle.id);
  services[serviceOf(p, first)]!.completeNow(first);
  await waitForResult(h, first, isGrid);
  const ended = await waitForResult(h, claimed.imageId, (m) => /was not started/.test(textOf(m)));
  expect(textOf(ended)).toContain(
    "This job was not started: the bot restarted just as it was being sent to an image server.\n" +
      "Sending it again could make it twice, so the bot did not. Start it again if you still want it.",
  );
  // The bot's own words, not the service's.
  expect(textOf(ended)).not.toMatch(/The service said|reported an error/);
  expect((await h.bot.context.imagine.findJob(claimed.handle.id))?.outcome).toBe("failed");

  // The next in line takes the free slot and is delivered; no create for the claimed job reached any server.
  const next = await startedImageId(p, behind.handle.id);
  services[serviceOf(p, next)]!.completeNow(next);
  await waitForResult(h, next, isGrid);
  expect(services.map((s) => s.createsByRef.get(claimed.handle.id) ?? 0)).toEqual([0, 0]);
  expect(services.map(createsAt).reduce((a, b) => a + b)).toBe(3);
  expect(resultsOf(h, claimed.imageId)).toHaveLength(1);
});
