/**
 * A fleet of two bot processes on one Postgres in front of one image server with two slots: both processes
 * take jobs at once, yet the server never holds more than its two (counted by the reference service
 * itself), because each server's slots are counted in the database for the whole fleet; members take turns
 * across the processes. Every job starts and is delivered once.
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
    where: (m) => /waiting in queue|waits in the bot's line/i.test(textOf(m)),
    timeoutMs: 20_000,
  });
  return handle;
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
});
