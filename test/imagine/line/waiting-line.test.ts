/**
 * The bot's line keeps going when the database fails for a moment: a drain that throws (here the claim of a
 * waiting job's create) is tried again on the retry timer, so waiting jobs do not stall until another ends.
 * A job only some servers can run that waits its whole limit says so, and moderators read why it ended; one
 * those servers refuse at its turn (the fleet fills them) holds back no one another server can take.
 */
import { expect, test } from "vitest";
import { imageRecord } from "../../fixtures/fake-image-service.js";
import { MemoryJobStore } from "../../support/memory-job-store.js";
import { WAIT_EXPIRED_ERROR } from "../../../src/render/image-errors.js";
import { NoFreeSlotError } from "../../../src/imagine/image-servers.js";
import { request, useImagineService } from "../service-fakes.js";
import { readPrompt } from "../../../src/prompt/prompt.js";
import { isWaiting } from "../../../src/imagine/job.js";

const setup = useImagineService();

test("a waiting job whose start failed on the database starts on the retry timer once the database answers", async () => {
  const store = new MemoryJobStore();
  const state = { free: false, failClaims: 1 };
  const claimOnce = store.claimOnce.bind(store);
  store.claimOnce = async (key, options) => {
    if (state.failClaims > 0 && key.startsWith("create:")) {
      state.failClaims--;
      throw new Error("the database is not answering");
    }
    return claimOnce(key, options);
  };
  const env = setup({ store, servers: { lined: true, hasFreeSlot: () => state.free } });
  env.service.script("job-1", [imageRecord("job-1", "pending")]);
  const job = await env.imagine.submit(...request());
  expect(job.imageId).toMatch(/^q-/);

  // A server recovers; the retry timer finds it, and the database fails right then.
  state.free = true;
  await env.clock.advance(2_000);
  expect(state.failClaims).toBe(0);
  expect(env.imagine.waitingCount).toBe(1);
  expect(env.service.creates).toBe(0);

  // No job ends to wake the line: the next retry starts it.
  await env.clock.advance(2_000);
  expect(env.imagine.waitingCount).toBe(0);
  expect(env.service.creates).toBe(1);
  expect(env.imagine.activeJobs().map((j) => j.imageId)).toEqual(["job-1"]);
});

test("a --relax job that waited its limit for a server that runs relax says no server that can run it was free, and stores why", async () => {
  // Another server is free all along; none runs relax.
  const env = setup({
    servers: { lined: true, hasFreeSlot: (placement) => placement === undefined || placement.on === "any" },
  });
  const [req, delivery] = request();
  await env.imagine.submit({ ...req, prompt: readPrompt("a cat --relax") }, delivery);
  await env.clock.advance(60_000);
  const ended = env.messenger.shown.find((s) => s.final);
  expect(JSON.stringify(ended?.message.payload)).toContain(
    "No image server that can run this job was free for 1 minute",
  );
  const job = await env.imagine.findJob(req.ref);
  expect(job?.outcome).toBe("timed-out");
  expect(job?.error).toBe(WAIT_EXPIRED_ERROR);
  expect(env.service.creates).toBe(0);
});

test("a --relax job the fleet's servers refuse at its turn holds back no one: the next member's job starts in the same drain", async () => {
  const state = { free: false };
  const env = setup({
    servers: {
      lined: true,
      hasFreeSlot: () => state.free,
      // The fleet's other processes fill the servers that run relax; others are free.
      create: ({ prompt, ref }) => {
        if (prompt.speed === "relax") throw new NoFreeSlotError("relax-server");
        return env.service.createImage({ prompt: prompt.text, ref });
      },
    },
  });
  const [relax, delivery] = request("500000000000000001");
  await env.imagine.submit({ ...relax, prompt: readPrompt("a cat --relax") }, delivery);
  const [plain] = request("500000000000000002");
  await env.imagine.submit(
    {
      ...plain,
      requester: { ...plain.requester, userId: "600000000000000002" },
      prompt: readPrompt("a dog"),
    },
    delivery,
  );
  expect(env.imagine.waitingCount).toBe(2);

  state.free = true;
  await env.clock.advance(2_000);
  expect(env.service.creates).toBe(1);
  // job-1: the one record made; the relax job still waits under its stand-in.
  expect(env.imagine.activeJobs().map((j) => [isWaiting(j) ? "waiting" : j.imageId, j.prompt.text])).toEqual([
    ["waiting", "a cat --relax"],
    ["job-1", "a dog"],
  ]);
  expect(env.imagine.waitingCount).toBe(1);
});
