/**
 * One suite for every {@link RefusalPauseStore}: in memory, SQLite, and Postgres (a real server started by
 * the tests, a new database per test; skipped outside CI when Postgres is not installed).
 */
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  MemoryRefusalPauseStore,
  RefusalPauses,
  type RefusalPauseStore,
} from "../../src/moderation/refusal-pauses.js";
import { openStores } from "../../src/store/open-stores.js";
import { captureLogs } from "../support/log-capture.js";
import { usePostgresServer } from "../support/postgres-server.js";
import { tempDir } from "./store-fixtures.js";

const postgres = usePostgresServer();
const GUILD = "900000000000000001";
const HOUR = 3_600_000;

interface Opened {
  store: RefusalPauseStore;
  close(): Promise<void>;
}

const implementations: [string, () => Promise<Opened>][] = [
  ["memory", async () => ({ store: new MemoryRefusalPauseStore(), close: async () => {} })],
  [
    "SQLite",
    async () => {
      const temp = tempDir();
      const stores = await openStores(
        { DATABASE_PATH: join(temp.dir, "bot.db") },
        { logger: captureLogs().logger },
      );
      return {
        store: stores.pauses,
        close: async () => {
          await stores.jobs.close();
          temp.cleanup();
        },
      };
    },
  ],
  [
    "Postgres",
    async () => {
      const config = { DATABASE_URL: await postgres.createDatabase(), DATABASE_PATH: "unused" };
      const stores = await openStores(config, { logger: captureLogs().logger });
      return { store: stores.pauses, close: () => stores.jobs.close() };
    },
  ],
];

describe.each(implementations)("%s refusal pauses", (name, open) => {
  let opened: Opened;
  let now = 1_714_557_600_000;
  const pauses = (threshold = 3) =>
    new RefusalPauses({ store: opened.store, threshold, pauseMs: 24 * HOUR, now: () => now });

  beforeEach(async (context) => {
    if (name === "Postgres" && !postgres.available) context.skip("Postgres is not installed");
    now = 1_714_557_600_000;
    opened = await open();
  });
  afterEach(async (context) => {
    if (context.task.result?.state === "skip") return;
    await opened.close();
  });

  test("the third refusal within 24 hours pauses the member there for 24 hours, and only there", async () => {
    const watch = pauses();
    expect(await watch.refused("alice", GUILD)).toBeNull();
    now += HOUR;
    expect(await watch.refused("alice", GUILD)).toBeNull();
    expect(await watch.refused("alice", null)).toBeNull();
    now += HOUR;
    const pause = await watch.refused("alice", GUILD);
    expect(pause).toEqual({
      userId: "alice",
      guildId: GUILD,
      pausedAt: now,
      until: now + 24 * HOUR,
      refusals: 3,
    });
    expect(await watch.activePause("alice", GUILD)).toEqual(pause);
    expect(await watch.activePause("alice", null)).toBeNull();
    expect(await watch.activePauses(GUILD)).toEqual([pause]);
    expect(await watch.activePauses(null)).toEqual([]);
  });

  test("refusals older than 24 hours no longer count", async () => {
    const watch = pauses();
    await watch.refused("alice", GUILD);
    await watch.refused("alice", GUILD);
    now += 24 * HOUR + 1;
    expect(await watch.refused("alice", GUILD)).toBeNull();
  });

  test("a pause ends on its own, and a lifted pause starts the count again", async () => {
    const watch = pauses(2);
    await watch.refused("bob", GUILD);
    expect(await watch.refused("bob", GUILD)).not.toBeNull();
    expect(await watch.lift("bob", GUILD)).toBe(true);
    expect(await watch.activePause("bob", GUILD)).toBeNull();
    expect(await watch.lift("bob", GUILD)).toBe(false);
    expect(await watch.refused("bob", GUILD)).toBeNull();
    expect(await watch.refused("bob", GUILD)).not.toBeNull();
    now += 24 * HOUR;
    expect(await watch.activePause("bob", GUILD)).toBeNull();
  });

  test("the refusals that started a pause do not count towards the next one", async () => {
    const watch = new RefusalPauses({ store: opened.store, threshold: 3, pauseMs: HOUR, now: () => now });
    for (let i = 0; i < 2; i++) expect(await watch.refused("dave", GUILD)).toBeNull();
    expect(await watch.refused("dave", GUILD)).not.toBeNull();
    now += HOUR;
    expect(await watch.activePause("dave", GUILD)).toBeNull();
    expect(await watch.refused("dave", GUILD)).toBeNull();
    expect(await watch.refused("dave", GUILD)).toBeNull();
    expect(await watch.refused("dave", GUILD)).toEqual(expect.objectContaining({ refusals: 3 }));
  });

  test("housekeeping forgets refusals outside the 24-hour window and pauses that ended, and nothing else", async () => {
    const watch = pauses(2);
    await watch.refused("erin", GUILD);
    await watch.refused("frank", GUILD);
    expect(await watch.refused("frank", GUILD)).not.toBeNull();
    now += 12 * HOUR;
    await watch.refused("grace", null);
    now += 12 * HOUR + 1;
    // erin's refusal is 24 h old, frank's pause ended; grace's refusal still counts.
    expect(await watch.prune()).toBe(2);
    expect(await watch.prune()).toBe(0);
    expect(await watch.activePauses(GUILD)).toEqual([]);
    expect(await watch.refused("grace", null)).not.toBeNull();
    expect(await watch.refused("erin", GUILD)).toBeNull();
  });

  test("a threshold of 0 counts nothing and pauses nobody", async () => {
    const watch = pauses(0);
    for (let i = 0; i < 5; i++) expect(await watch.refused("carol", GUILD)).toBeNull();
    expect(await watch.activePause("carol", GUILD)).toBeNull();
  });
});
