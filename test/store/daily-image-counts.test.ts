/**
 * The daily image counts every store keeps alike: in memory, SQLite and Postgres (a real server started by
 * the tests), the database ones opened as the bot opens them, on the job store's connection.
 */
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { JobStore } from "../../src/imagine/job-store.js";
import { MemoryDailyImageCounts, type DailyImageCounts } from "../../src/moderation/daily-image-counts.js";
import { openStores } from "../../src/store/open-stores.js";
import { silentLogger } from "../../src/logger.js";
import { usePostgresServer } from "../support/postgres-server.js";
import { tempDir } from "./store-fixtures.js";

const postgres = usePostgresServer();
const DAY_MS = 86_400_000;
/** 2027-01-15, 08:00 UTC. */
const NOW = Date.UTC(2027, 0, 15, 8);

type Open = (
  now: () => number,
) => Promise<{ daily: DailyImageCounts; jobs?: JobStore; close(): Promise<void> }>;

const implementations: [string, Open][] = [
  ["in memory", async () => ({ daily: new MemoryDailyImageCounts(), close: async () => {} })],
  [
    "SQLite",
    async (now) => {
      const temp = tempDir();
      const stores = await openStores(
        { DATABASE_URL: undefined, DATABASE_PATH: join(temp.dir, "bot.db") },
        { logger: silentLogger, now },
      );
      return {
        ...stores,
        close: async () => {
          await stores.jobs.close();
          temp.cleanup();
        },
      };
    },
  ],
  [
    "Postgres",
    async (now) => {
      const url = await postgres.createDatabase();
      const stores = await openStores(
        { DATABASE_URL: url, DATABASE_PATH: "unused" },
        { logger: silentLogger, now },
      );
      return { ...stores, close: () => stores.jobs.close() };
    },
  ],
];

describe.each(implementations)("daily image counts %s", (name, open) => {
  let opened: Awaited<ReturnType<Open>>;
  let now = NOW;

  beforeEach(async (context) => {
    if (name === "Postgres" && !postgres.available) context.skip("Postgres is not installed");
    now = NOW;
    opened = await open(() => now);
  });
  afterEach(async (context) => {
    if (context.task.result?.state === "skip") return;
    await opened.close();
  });

  test("counts per member, server and day; DMs apart from every server", async () => {
    const { daily } = opened;
    await daily.add("alice", "g1", "2027-01-15", 1);
    await daily.add("alice", "g1", "2027-01-15", 1);
    await daily.add("alice", "g2", "2027-01-15", 1);
    await daily.add("alice", null, "2027-01-15", 1);
    await daily.add("bob", "g1", "2027-01-15", 1);
    expect(await daily.count("alice", "g1", "2027-01-15")).toBe(2);
    expect(await daily.count("alice", "g2", "2027-01-15")).toBe(1);
    expect(await daily.count("alice", null, "2027-01-15")).toBe(1);
    expect(await daily.count("alice", "g1", "2027-01-16")).toBe(0);
    expect(await daily.count("carol", "g1", "2027-01-15")).toBe(0);
  });

  test("taking back an image lowers the count, never below zero", async () => {
    const { daily } = opened;
    await daily.add("alice", "g1", "2027-01-15", 1);
    await daily.add("alice", "g1", "2027-01-15", -1);
    await daily.add("alice", "g1", "2027-01-15", -1);
    expect(await daily.count("alice", "g1", "2027-01-15")).toBe(0);
    await daily.add("alice", "g1", "2027-01-15", 1);
    expect(await daily.count("alice", "g1", "2027-01-15")).toBe(1);
    await daily.add("bob", "g1", "2027-01-15", -1);
    expect(await daily.count("bob", "g1", "2027-01-15")).toBe(0);
  });

  test("pruning removes the counts of days before the retention, keeping today's", async () => {
    if (!opened.jobs) return;
    await opened.daily.add("alice", "g1", "2027-01-01", 3);
    await opened.daily.add("alice", "g1", "2027-01-15", 1);
    await opened.jobs.prune(7 * DAY_MS);
    expect(await opened.daily.count("alice", "g1", "2027-01-01")).toBe(0);
    expect(await opened.daily.count("alice", "g1", "2027-01-15")).toBe(1);
  });
});
