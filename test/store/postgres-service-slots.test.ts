/**
 * The fleet-wide cap on requests to the image service (SERVICE_FLEET_MAX_CONCURRENCY) on a real Postgres
 * server started by this file: each PostgresServiceSlots is one bot process's share, on its own pool.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { setTimeout as delay } from "node:timers/promises";
import pg from "pg";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { silentLogger } from "../../src/logger.js";
import { PostgresServiceSlots } from "../../src/store/postgres-service-slots.js";
import { usePostgresServer } from "../support/postgres-server.js";

const postgres = usePostgresServer();
const HOLDER = join(import.meta.dirname, "../fixtures/service-slot-holder.ts");
const TSX = createRequire(import.meta.url).resolve("tsx");

let url: string;
const pools: pg.Pool[] = [];
const opened: PostgresServiceSlots[] = [];
const children: ChildProcess[] = [];

/** One process's share of `total` slots, rebalancing every 20 ms so the tests run fast. */
function fleetProcess(total: number, localMax = total): PostgresServiceSlots {
  const pool = new pg.Pool({ connectionString: url, max: 3 });
  pools.push(pool);
  const slots = new PostgresServiceSlots(pool, { total, localMax, rebalanceMs: 20, logger: silentLogger });
  opened.push(slots);
  return slots;
}

/** Counts requests in flight across every process, and the most at once. */
function inFlightCounter() {
  const counter = { now: 0, most: 0, done: 0 };
  const request = async () => {
    counter.now++;
    counter.most = Math.max(counter.most, counter.now);
    await delay(5);
    counter.now--;
    counter.done++;
  };
  return { counter, request };
}

/** A process of its own that takes every one of `total` slots and keeps them until it is killed. */
async function startHolder(total: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", TSX, HOLDER, url, String(total)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  const lines = createInterface({ input: child.stdout! });
  await new Promise<void>((resolve, reject) => {
    lines.on("line", (line) => line === `holding ${total}` && resolve());
    child.once("exit", (code) => reject(new Error(`the slot holder ended (${String(code)})`)));
  });
  return child;
}

describe.skipIf(!postgres.available)("the fleet's slots for requests to the image service", () => {
  beforeEach(async () => {
    url = await postgres.createDatabase();
  });
  afterEach(async () => {
    for (const child of children.splice(0)) child.kill("SIGKILL");
    for (const slots of opened.splice(0)) await slots.stop();
    for (const pool of pools.splice(0)) await pool.end();
  });

  test("three processes sharing 4 slots never have more than 4 requests in flight together, and all of them run", async () => {
    const processes = [fleetProcess(4), fleetProcess(4), fleetProcess(4)];
    const { counter, request } = inFlightCounter();
    await Promise.all(Array.from({ length: 90 }, (_, i) => processes[i % 3]!.run(request)));
    expect(counter.done).toBe(90);
    expect(counter.most).toBeLessThanOrEqual(4);
  });

  test("a process holds no more slots than its own SERVICE_MAX_CONCURRENCY", async () => {
    const slots = fleetProcess(10, 2);
    const { counter, request } = inFlightCounter();
    await Promise.all(Array.from({ length: 20 }, () => slots.run(request)));
    expect(counter.most).toBeLessThanOrEqual(2);
    expect(slots.held).toBeLessThanOrEqual(2);
  });

  test("a process that keeps every slot busy gives some back to a process whose request waits", async () => {
    const busy = fleetProcess(4);
    const waiting = fleetProcess(4);
    const { counter, request } = inFlightCounter();
    let stop = false;
    const workers = Array.from({ length: 6 }, async () => {
      while (!stop) await busy.run(request);
    });
    await expect.poll(() => busy.held, { timeout: 10_000 }).toBe(4);

    await waiting.run(request);
    stop = true;
    await Promise.all(workers);
    expect(counter.most).toBeLessThanOrEqual(4);
  });

  test("the slots of a process killed while holding them all come back to the fleet", async () => {
    const holder = await startHolder(3);
    const survivor = fleetProcess(3);
    let ran = false;
    const request = survivor.run(async () => {
      ran = true;
    });
    await expect.poll(() => survivor.waiting, { timeout: 10_000 }).toBe(1);
    expect(ran).toBe(false);

    holder.kill("SIGKILL");
    await request;
    expect(ran).toBe(true);
  });
});
