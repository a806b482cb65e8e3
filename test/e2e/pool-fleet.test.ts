/**
 * A fleet of two bot processes on one Postgres in front of one image server with two slots: both processes
 * take jobs at once, yet the server never holds more than its two (counted by the reference service
 * itself), because each server's slots are counted in the database for the whole fleet. Every job starts
 * and is delivered once.
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

describe.skipIf(!postgres.available)("a fleet of two bot processes sharing one image server's slots", () => {
  test("jobs from both processes at once never exceed the server's two slots, and each is delivered once", async () => {
    w = await startProcessWorld({
      service: { lifecycle: { steps: 4, concurrency: 100 } },
      emulator: { allowUnregisteredCommands: true },
    });
    const world = w;
    const { emu, service } = world;
    const users = Array.from({ length: 4 }, (_, i) => emu.addUser({ username: `member${i}` }));
    const guilds = [addGuildOnShard(emu, 0, 2, users), addGuildOnShard(emu, 1, 2, users)];
    const env = {
      DATABASE_URL: await postgres.createDatabase(),
      DISCORD_SHARD_COUNT: "2",
      IMAGINE_API_SLOTS: String(SLOTS),
      POLL_INTERVAL_MS: "500",
      PROGRESS_UPDATE_INTERVAL_MS: "100",
      IMAGE_DELIVERY: "link",
    };
    await Promise.all(
      [0, 1].map((shard) => world.startBot({ ...env, DISCORD_SHARDS: String(shard) }, 60_000)),
    );

    // Four jobs on each process (two members each), all sent at once.
    const asks: { user: EmulatedUser; channel: EmulatedChannel; prompt: string }[] = [];
    for (let i = 0; i < 8; i++)
      asks.push({ user: users[i % 4]!, channel: guilds[i % 2]!.general, prompt: `a shared fox ${i}` });
    const handles: InteractionHandle[] = await Promise.all(
      asks.map(async (a) => {
        const handle = await emu.sendSlashCommand({
          name: "imagine",
          options: { prompt: a.prompt },
          user: a.user,
          channelId: a.channel.id,
        });
        await handle.waitForResponse({
          where: (m) => /waiting in queue|waits in the bot's line/i.test(textOf(m)),
          timeoutMs: 20_000,
        });
        return handle;
      }),
    );
    // Both processes had jobs to start, but only the server's slots were taken.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(service.records()).toHaveLength(SLOTS);

    // Each job's record, once it exists, finishes at once; every job is delivered.
    const ids = await Promise.all(
      handles.map(async (handle) => {
        const record = await emu.waitFor(() => service.records().find((r) => r.ref === handle.id), {
          description: `the record of ${handle.id}`,
          timeoutMs: 60_000,
        });
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
});
