/**
 * Each image server's slots counted by a fleet on Postgres: from the jobs table's unfinished jobs per server
 * and holds for creates under way, taken under a lock per server, so processes racing for the last slot
 * never both get it. Each store is one bot process's connection pool, on a real server started by this file.
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { ServerSlotHold } from "../../src/fleet/fleet-channels.js";
import { openPostgresJobStore, type PostgresJobStore } from "../../src/store/postgres-job-store.js";
import { usePostgresServer } from "../support/postgres-server.js";
import { makeJob } from "./store-fixtures.js";
import { readPrompt } from "../../src/prompt/prompt.js";

const postgres = usePostgresServer();
const NOW = 1_800_000_000_000;
const MINUTE = 60_000;

let url: string;
let now = NOW;
const stores: PostgresJobStore[] = [];

async function open(): Promise<PostgresJobStore> {
  const store = await openPostgresJobStore(url, { now: () => now });
  stores.push(store);
  return store;
}

const hold = (ref: string, server = "A", slots = 2, owner = "p1", inTurn = false): ServerSlotHold => ({
  ref,
  server,
  slots,
  firstServer: "A",
  owner,
  expiresAt: now + MINUTE,
  inTurn,
});

describe.skipIf(!postgres.available)("a fleet's count of each image server's slots", () => {
  beforeEach(async () => {
    url = await postgres.createDatabase();
    now = NOW;
  });
  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
  });

  test("creates racing on three processes take exactly a server's slots, per server", async () => {
    const processes = [await open(), await open(), await open()];
    const takes = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        processes[i % 3]!.fleet.serverSlots.take(hold(`ref-${i}`, i % 2 === 0 ? "A" : "B", 3)),
      ),
    );
    expect(takes.filter((t, i) => t && i % 2 === 0)).toHaveLength(3);
    expect(takes.filter((t, i) => t && i % 2 === 1)).toHaveLength(3);
  });

  test("unfinished jobs with a record hold their server's slots; finished jobs and waiting stand-ins do not", async () => {
    const store = await open();
    await store.save(makeJob({ imageId: "img-1", ref: "r1", server: "A" }));
    // Saved before the pool: server 1's.
    await store.save(makeJob({ imageId: "img-2", ref: "r2" }));
    await store.save(makeJob({ imageId: "img-3", ref: "r3", server: "A", outcome: "completed" }));
    await store.save(makeJob({ imageId: "q-r4", phase: "waiting", ref: "r4" }));
    await store.save(makeJob({ imageId: "img-5", ref: "r5", server: "B" }));
    expect(await store.fleet.serverSlots.take(hold("new-1"))).toBe(false);
    expect(await store.fleet.serverSlots.take(hold("new-2", "B"))).toBe(true);
    await store.save(makeJob({ imageId: "img-1", ref: "r1", server: "A", outcome: "completed" }));
    expect(await store.fleet.serverSlots.take(hold("new-1"))).toBe(true);
  });

  test("a hold counts until its job is saved, its create fails (released) or it runs out", async () => {
    const [one, two] = [await open(), await open()];
    expect(await one.fleet.serverSlots.take(hold("r1", "A", 1))).toBe(true);
    expect(await two.fleet.serverSlots.take(hold("r2", "A", 1))).toBe(false);
    // Its job saved: the job counts instead, once.
    await one.save(makeJob({ imageId: "img-1", ref: "r1", server: "A" }));
    expect(await two.fleet.serverSlots.take(hold("r2", "A", 2))).toBe(true);
    expect(await two.fleet.serverSlots.take(hold("r3", "A", 2))).toBe(false);
    await two.fleet.serverSlots.release("r2");
    expect(await two.fleet.serverSlots.take(hold("r3", "A", 2))).toBe(true);
    // A process that died mid-create: its hold stops counting when it runs out.
    now += MINUTE;
    expect(await one.fleet.serverSlots.take(hold("r4", "A", 2))).toBe(true);
  });

  test("a grid takes a free slot only when no other process's waiting member is next in the fleet's line", async () => {
    const store = await open();
    const lease = (owner: string) => ({ owner, expiresAt: now + MINUTE });
    // Member a has a job running and one waiting on p1; member b, never served, waits on p2.
    await store.saveOwned(
      makeJob({ imageId: "img-a1", ref: "a1", requesterId: "a", server: "A" }),
      lease("p1"),
    );
    await store.saveOwned(
      makeJob({ imageId: "q-a2", phase: "waiting", ref: "a2", requesterId: "a", startedAt: NOW }),
      lease("p1"),
    );
    await store.saveOwned(
      makeJob({ imageId: "q-b1", phase: "waiting", ref: "b1", requesterId: "b", startedAt: NOW + 1 }),
      lease("p2"),
    );
    expect(await store.fleet.serverSlots.take(hold("a2", "A", 3, "p1", true))).toBe(false);
    // A grid asking for a speed (it may wait for a server that runs it) holds no one back: b is next.
    await store.saveOwned(
      makeJob({
        imageId: "q-c1",
        phase: "waiting",
        ref: "c1",
        requesterId: "c",
        prompt: readPrompt("a fox --relax"),
        startedAt: NOW - 1,
      }),
      lease("p3"),
    );
    // An Enhance neither waits its turn nor holds others back.
    expect(await store.fleet.serverSlots.take(hold("u1", "A", 3, "p1", false))).toBe(true);
    expect(await store.fleet.serverSlots.take(hold("b1", "A", 3, "p2", true))).toBe(true);
    await store.saveOwned(
      makeJob({ imageId: "img-b1", ref: "b1", requesterId: "b", server: "A", startedAt: NOW + 5 }),
      lease("p2"),
    );
    await store.remove("q-b1");
    // b was served last now: a's turn.
    expect(await store.fleet.serverSlots.take(hold("a2", "A", 4, "p1", true))).toBe(true);
  });
  test("the fleet's line holds every live process's waiting jobs in the fair order, members taking turns", async () => {
    const [one, two] = [await open(), await open()];
    const lease = (owner: string) => ({ owner, expiresAt: now + MINUTE });
    const waiting = (id: string, member: string, at: number, prompt = "a fox") =>
      makeJob({
        imageId: `q-${id}`,
        phase: "waiting",
        ref: id,
        requesterId: member,
        startedAt: at,
        prompt: readPrompt(prompt),
      });
    // a had a job started; b and c never: b and c first (oldest first waiting job first), then a.
    await one.saveOwned(
      makeJob({ imageId: "img-a0", ref: "a0", requesterId: "a", startedAt: NOW }),
      lease("p1"),
    );
    await one.saveOwned(waiting("a1", "a", NOW + 1), lease("p1"));
    await one.saveOwned(waiting("a2", "a", NOW + 2), lease("p1"));
    await two.saveOwned(waiting("b1", "b", NOW + 3, "a heron --relax"), lease("p2"));
    await two.saveOwned(waiting("c1", "c", NOW + 4), lease("p2"));
    await one.saveOwned(waiting("c2", "c", NOW + 5), lease("p1"));
    // A process that died: its job waits for another to claim it, outside the line.
    await two.saveOwned(waiting("d1", "d", NOW + 6), { owner: "p3", expiresAt: now - 1 });

    const line = await two.fleet.serverSlots.waitingLine();
    expect(line.map((w) => [w.ref, w.owner, w.inTurn])).toEqual([
      ["b1", "p2", false],
      ["c1", "p2", true],
      ["a1", "p1", true],
      ["c2", "p1", true],
      ["a2", "p1", true],
    ]);
    expect(await one.fleet.serverSlots.waitingLine()).toEqual(line);
  });
});
