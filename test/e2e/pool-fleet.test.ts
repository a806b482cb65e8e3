/**
 * A fleet of two bot processes on one Postgres in front of one image server with two slots: both processes
 * take jobs at once, yet the server never holds more than its two (counted by the reference service
 * itself), because each server's slots are counted in the database for the whole fleet; members take turns
 * across the processes, and each waiting message says its place in the fleet's one line. Every job starts and
 * is delivered once.
 */
import { afterEach, describe, expect, test } from "vitest";
import type { InteractionHandle } from "../../tools/discord-emulator/world/interaction-handle.js";
import type { EmulatedChannel, EmulatedUser } from "../../tools/discord-emulator/world/world-types.js";
import { addGuildOnShard } from "../../tools/discord-emulator/fixtures.js";
import { startProcessWorld, type ProcessWorld } from "../support/bot-process.js";
import { textOf } from "../support/message-view.js";
import { usePostgresServer } from "../support/postgres-server.js";
import { isGrid, resultsOf, waitForResult } from "./imagine-steps.js";

const postgres = usePostgresServer();
const SLOTS = 2;

let w: ProcessWorld | undefined;
afterEach(async () => {
  await w?.stop();
  w = undefined;
});

/** Two bot processes (shards 0 and 1) on one new Postgres database, one server with `slots` slots. */
async function startFleet(slots: number) {
  w = await startProcessWorld({
    service: { lifecycle: { steps: 4, concurrency: 100 } },
    emulator: { allowUnregisteredCommands: true },
  });
  const world = w;
  const users = Array.from({ length: 4 }, (_, i) => world.emu.addUser({ username: `member${i}` }));
  const guilds = [addGuildOnShard(world.emu, 0, 2, users), addGuildOnShard(world.emu, 1, 2, users)];
  const env = {
    DATABASE_URL: await postgres.createDatabase(),
    DISCORD_SHARD_COUNT: "2",
    IMAGINE_API_SLOTS: String(slots),
    POLL_INTERVAL_MS: "500",
    PROGRESS_UPDATE_INTERVAL_MS: "100",
    IMAGE_DELIVERY: "link",
    USER_MAX_ACTIVE_JOBS: "5",
  };
  await Promise.all([0, 1].map((shard) => world.startBot({ ...env, DISCORD_SHARDS: String(shard) }, 60_000)));
  return { world, users, guilds };
}

/** `user` runs /imagine in `channel`; resolves once the bot answered (the job started or waits). */
async function imagineAt(world: ProcessWorld, user: EmulatedUser, channel: EmulatedChannel, prompt: string) {
  const handle = await world.emu.sendSlashCommand({
    name: "imagine",
    options: { prompt },
    user,
    channelId: channel.id,
  });
  await handle.waitForResponse({
    where: (m) => /waiting in line/i.test(textOf(m)),
    timeoutMs: 20_000,
  });
  return handle;
}

/** The place in line a waiting message says now ("number 3,"); 0 when it says none. */
function placeOf(handle: InteractionHandle): number {
  return Number(/waits in the bot's line, number (\d+),/.exec(textOf(handle.response()))?.[1] ?? 0);
}

/** Waits until the messages of `waiting` say places 1, 2, 3, ... in that order. */
async function placesShown(world: ProcessWorld, waiting: readonly InteractionHandle[]): Promise<number[]> {
  await world.emu.waitFor(() => waiting.every((handle, i) => placeOf(handle) === i + 1), {
    description: "the waiting messages to say their places 1..N",
    timeoutMs: 15_000,
  });
  return waiting.map(placeOf);
}

/** The record of `handle`'s job once it was created. */
function recordOf(world: ProcessWorld, handle: InteractionHandle) {
  return world.emu.waitFor(() => world.service.records().find((r) => r.ref === handle.id), {
    description: `the record of ${handle.id}`,
    timeoutMs: 60_000,
  });
}

describe.skipIf(!postgres.available)("a fleet of two bot processes sharing one image server's slots", () => {
  test("jobs from both processes at once never exceed the server's two slots, and each is delivered once", async () => {
    const { world, users, guilds } = await startFleet(SLOTS);
    const { service } = world;
    // Four jobs on each process (two members each), all sent at once.
    const handles = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        imagineAt(world, users[i % 4]!, guilds[i % 2]!.general, `a shared fox ${i}`),
      ),
    );
    // Both processes had jobs to start, but only the server's slots were taken.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(service.records()).toHaveLength(SLOTS);

    // Each job's record, once it exists, finishes at once; every job is delivered.
    const ids = await Promise.all(
      handles.map(async (handle) => {
        const record = await recordOf(world, handle);
        service.completeNow(record.id);
        await waitForResult(world, record.id, isGrid, { timeoutMs: 30_000 });
        return record.id;
      }),
    );
    expect(service.maxInFlight).toBe(SLOTS);
    expect(service.records()).toHaveLength(8);
    for (const handle of handles) expect(service.createsByRef.get(handle.id)).toBe(1);
    expect(ids.map((id) => resultsOf(world, id).length)).toEqual(Array(8).fill(1));
  }, 120_000);

  test("members take turns across processes: A's three jobs on one, then B's one on the other; B's starts second", async () => {
    const { world, users, guilds } = await startFleet(1);
    const { service } = world;
    const [a, b] = [users[0]!, users[1]!];
    const a1 = await imagineAt(world, a, guilds[0]!.general, "a first fox");
    const first = await recordOf(world, a1);
    const a2 = await imagineAt(world, a, guilds[0]!.general, "a second fox");
    const a3 = await imagineAt(world, a, guilds[0]!.general, "a third fox");
    const b1 = await imagineAt(world, b, guilds[1]!.general, "a heron");
    expect(service.records()).toHaveLength(1);

    const started: (string | null)[] = [];
    let running = first.id;
    for (let i = 0; i < 3; i++) {
      service.completeNow(running);
      await waitForResult(world, running, isGrid, { timeoutMs: 30_000 });
      const next = await world.emu.waitFor(
        () => service.records().find((r) => r.ref !== a1.id && !started.includes(r.ref)),
        { description: "the next job to start", timeoutMs: 30_000 },
      );
      started.push(next.ref);
      running = next.id;
    }
    // A has a job running on process 0, which frees the slot: B's job on process 1 goes first.
    expect(started).toEqual([b1.id, a2.id, a3.id]);
    service.completeNow(running);
    await waitForResult(world, running, isGrid, { timeoutMs: 30_000 });
    expect(service.maxInFlight).toBe(1);
  }, 120_000);
  test("waiting jobs on both processes say their places in the fleet's one line, 1 to 5, kept current, and start in that order", async () => {
    const { world, users, guilds } = await startFleet(1);
    const { service } = world;
    const [a, b, c, d] = [users[0]!, users[1]!, users[2]!, users[3]!];
    const [zero, one] = [guilds[0]!.general, guilds[1]!.general];
    const a1 = await imagineAt(world, a, zero, "a first fox");
    const first = await recordOf(world, a1);
    // Waiting: A's second and third and D's one on process 0, B's and C's on process 1.
    const a2 = await imagineAt(world, a, zero, "a second fox");
    const b1 = await imagineAt(world, b, one, "a heron");
    const a3 = await imagineAt(world, a, zero, "a third fox");
    const c1 = await imagineAt(world, c, one, "an owl");
    const d1 = await imagineAt(world, d, zero, "a lynx");

    // Members never served first (B, C, D, by their first waiting job), then A's in turn: one line, no
    // place said twice across the two processes.
    const line = [b1, c1, d1, a2, a3];
    expect(await placesShown(world, line)).toEqual([1, 2, 3, 4, 5]);

    // Each start (on either process) moves everyone up on both, and the job said first is the one to start.
    const started = new Set<string | null>([a1.id]);
    let running = first.id;
    while (line.length > 0) {
      service.completeNow(running);
      await waitForResult(world, running, isGrid, { timeoutMs: 30_000 });
      const next = await world.emu.waitFor(() => service.records().find((r) => !started.has(r.ref)), {
        description: "the next job to start",
        timeoutMs: 30_000,
      });
      expect(next.ref).toBe(line.shift()!.id);
      started.add(next.ref);
      if (line.length > 0) expect(await placesShown(world, line)).toEqual(line.map((_, i) => i + 1));
      running = next.id;
    }
    service.completeNow(running);
    await waitForResult(world, running, isGrid, { timeoutMs: 30_000 });
    expect(service.maxInFlight).toBe(1);
    // Refreshing the places costs no edit while they stay the same: no version repeats the one before.
    for (const handle of [b1, c1, d1, a2, a3]) {
      const texts = handle.responseHistory().map(textOf);
      expect(texts.filter((text, i) => i > 0 && text === texts[i - 1])).toEqual([]);
    }
  }, 120_000);
});
