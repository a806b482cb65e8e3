/**
 * What a fleet shares through Postgres beyond jobs: usage limits counted race-free across processes, and
 * webhook hints reaching the process that follows the job. Each store is one bot process's connection pool,
 * on a real server started by this file.
 */
import pg from "pg";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { FleetUsage, SubmissionReservation } from "../../src/fleet/fleet-channels.js";
import { openPostgresJobStore, type PostgresJobStore } from "../../src/store/postgres-job-store.js";
import { utcDay } from "../../src/moderation/server-rules.js";
import { usePostgresServer } from "../support/postgres-server.js";
import { makeJob } from "./store-fixtures.js";

const postgres = usePostgresServer();
const NOW = 1_800_000_000_000;
const MINUTE = 60_000;

let url: string;
const stores: PostgresJobStore[] = [];

async function open(): Promise<PostgresJobStore> {
  const store = await openPostgresJobStore(url, { now: () => NOW });
  stores.push(store);
  return store;
}

const place = (ref: string, userId: string, guildId: string | null = "g1"): SubmissionReservation => ({
  ref,
  userId,
  guildId,
  at: NOW,
  day: utcDay(NOW),
  owner: "p1",
  expiresAt: NOW + MINUTE,
});

/** Accepts while the user has fewer than 2 and the server fewer than 3 in flight. */
const limits = (usage: FleetUsage) => usage.userActive < 2 && usage.guildActive < 3;

describe.skipIf(!postgres.available)("Postgres fleet channels", () => {
  beforeEach(async () => {
    url = await postgres.createDatabase();
  });
  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
  });

  test("submissions racing on three processes pass the user and server limits exactly as often as allowed", async () => {
    const processes = [await open(), await open(), await open()];
    const attempts = Array.from({ length: 12 }, (_, i) =>
      processes[i % 3]!.fleet.ledger.reserve(place(`ref-${i}`, `user-${i % 4}`), limits),
    );
    const results = await Promise.all(attempts);
    // Four users of one server: the server's limit of 3 decides, whoever comes first.
    expect(results.filter((r) => r.reserved)).toHaveLength(3);
  });

  test("one user racing from several processes gets exactly their limit of places", async () => {
    const processes = [await open(), await open()];
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        processes[i % 2]!.fleet.ledger.reserve(place(`ref-${i}`, "alice", null), limits),
      ),
    );
    expect(results.filter((r) => r.reserved)).toHaveLength(2);
  });

  test("jobs in flight count, places of created jobs count once, and settled or expired places stop counting", async () => {
    const store = await open();
    const { ledger } = store.fleet;
    await store.save(makeJob({ imageId: "a", ref: "ref-a", requesterId: "alice", outcome: null }));
    await ledger.reserve(place("ref-b", "alice"), () => true);
    // The job of ref-b exists now: its place and the job are one job in flight.
    await store.save(makeJob({ imageId: "b", ref: "ref-b", requesterId: "alice", outcome: null }));
    const seen = await ledger.reserve(place("ref-c", "alice"), () => false);
    expect(seen.usage).toEqual({ userActive: 2, guildActive: 0, lastSubmissionAt: NOW, dailyImages: 1 });
    await ledger.reserve({ ...place("ref-d", "bob"), expiresAt: NOW }, () => true);
    await ledger.settle("ref-b", true);
    const later = await ledger.reserve(place("ref-e", "bob"), () => false);
    // bob's expired place no longer counts in flight; its image of the day still does.
    expect(later.usage).toEqual({
      userActive: 0,
      guildActive: 0,
      lastSubmissionAt: undefined,
      dailyImages: 1,
    });
  });

  test("a member's images of the day racing from two processes stop at the daily limit; a place never used frees its image", async () => {
    const processes = [await open(), await open()];
    const daily = (usage: FleetUsage) => usage.dailyImages < 3;
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        processes[i % 2]!.fleet.ledger.reserve(place(`ref-${i}`, "alice"), daily),
      ),
    );
    const held = results.flatMap((r, i) => (r.reserved ? [`ref-${i}`] : []));
    expect(held).toHaveLength(3);
    const [created, notCreated] = held as [string, string];
    await processes[0]!.fleet.ledger.settle(created, true);
    await processes[1]!.fleet.ledger.settle(notCreated, false);
    const after = await processes[0]!.fleet.ledger.reserve(place("ref-next", "alice"), () => false);
    expect(after.usage.dailyImages).toBe(2);
    // Another server and another day count apart.
    const elsewhere = await processes[1]!.fleet.ledger.reserve(place("ref-g2", "alice", "g2"), () => false);
    expect(elsewhere.usage.dailyImages).toBe(0);
    const tomorrow = { ...place("ref-t", "alice"), day: utcDay(NOW + 86_400_000) };
    expect((await processes[1]!.fleet.ledger.reserve(tomorrow, () => false)).usage.dailyImages).toBe(0);
  });

  test("a webhook arriving at another process reaches the job's owner as a hint, by image id alone; unknown and finished jobs are refused", async () => {
    const owner = await open();
    const other = await open();
    await owner.saveOwned(makeJob({ imageId: "img-1", ref: "ref-1", outcome: null }), {
      owner: "p1",
      expiresAt: NOW + MINUTE,
    });
    let hint: (imageId: string) => void = () => {};
    const hinted = new Promise<string>((resolve) => (hint = resolve));
    await owner.fleet.hints.listen("p1", (imageId) => hint(imageId));
    await owner.saveOwned(makeJob({ imageId: "img-done", ref: "ref-2", outcome: "completed" }), {
      owner: "p1",
      expiresAt: NOW + MINUTE,
    });
    expect(await other.fleet.hints.send("no-such-image")).toBe(false);
    expect(await other.fleet.hints.send("img-done")).toBe(false);
    // A self-hosted server's webhook carries no ref: the image id finds the job.
    expect(await other.fleet.hints.send("img-1")).toBe(true);
    expect(await hinted).toBe("img-1");
  });

  test("after its hint connection is cut, a process listens again and gets the next hints", async () => {
    const owner = await open();
    const other = await open();
    await owner.saveOwned(makeJob({ imageId: "img-1", ref: "ref-1", outcome: null }), {
      owner: "p1",
      expiresAt: NOW + MINUTE,
    });
    let hint: (imageId: string) => void = () => {};
    const hinted = new Promise<string>((resolve) => (hint = resolve));
    await owner.fleet.hints.listen("p1", (imageId) => hint(imageId));
    // An operator (or a failover) ends every other connection of the database, the listener's among them.
    const cut = new pg.Client({ connectionString: url });
    await cut.connect();
    const { rows } = await cut.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE 'LISTEN%'",
    );
    await cut.end();
    expect(rows).toEqual([{ pg_terminate_backend: true }]);
    // Hints sent while it reconnects are missed by design; keep sending until one arrives.
    let received: string | undefined;
    void hinted.then((id) => (received = id));
    while (received === undefined) {
      await other.fleet.hints.send("img-1");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(received).toBe("img-1");
  });
});
