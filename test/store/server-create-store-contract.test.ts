/**
 * One suite for every {@link ServerCreateStore} (the creates a server's daily budget counts): in memory,
 * SQLite, and Postgres (a real server started by the
 * tests, a new database per test; skipped outside CI when Postgres is not installed).
 */
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  MemoryServerCreateStore,
  type ServerCreateStore,
} from "../../src/pool/account-health/server-creates.js";
import { openStores } from "../../src/store/open-stores.js";
import { captureLogs } from "../support/log-capture.js";
import { usePostgresServer } from "../support/postgres-server.js";
import { tempDir } from "./store-fixtures.js";

const postgres = usePostgresServer();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = 1_714_557_600_000;

interface Opened {
  store: ServerCreateStore;
  /** A second handle on the same database (another process of a fleet, or the bot after a restart). */
  reopen(): Promise<ServerCreateStore>;
  close(): Promise<void>;
}

const implementations: [string, () => Promise<Opened>][] = [
  [
    "memory",
    async () => {
      const store = new MemoryServerCreateStore();
      return { store, reopen: async () => store, close: async () => {} };
    },
  ],
  [
    "SQLite",
    async () => {
      const temp = tempDir();
      const path = join(temp.dir, "bot.db");
      const opened = [await openStores({ DATABASE_PATH: path }, { logger: captureLogs().logger })];
      return {
        store: opened[0]!.creates,
        reopen: async () => {
          await opened[0]!.jobs.close();
          opened[0] = await openStores({ DATABASE_PATH: path }, { logger: captureLogs().logger });
          return opened[0].creates;
        },
        close: async () => {
          await opened[0]!.jobs.close();
          temp.cleanup();
        },
      };
    },
  ],
  [
    "Postgres",
    async () => {
      const config = { DATABASE_URL: await postgres.createDatabase(), DATABASE_PATH: "unused" };
      const all = [await openStores(config, { logger: captureLogs().logger })];
      return {
        store: all[0]!.creates,
        reopen: async () => {
          all.push(await openStores(config, { logger: captureLogs().logger }));
          return all.at(-1)!.creates;
        },
        close: async () => {
          for (const s of all) await s.jobs.close();
        },
      };
    },
  ],
];

describe.each(implementations)("%s server creates", (name, open) => {
  let opened: Opened;

  beforeEach(async (context) => {
    if (name === "Postgres" && !postgres.available) context.skip("Postgres is not installed");
    opened = await open();
  });
  afterEach(async (context) => {
    if (context.task.result?.state === "skip") return;
    await opened.close();
  });

  test("creates are read back by another handle (a restart, a fleet's other process), oldest first", async () => {
    await opened.store.created({ server: "server-2", at: NOW - HOUR });
    await opened.store.created({ server: "server-1", at: NOW - 2 * HOUR });
    const other = await opened.reopen();
    await other.created({ server: "server-2", at: NOW });
    expect(await other.since(NOW - DAY)).toEqual([
      { server: "server-1", at: NOW - 2 * HOUR },
      { server: "server-2", at: NOW - HOUR },
      { server: "server-2", at: NOW },
    ]);
  });

  test("only creates after the time asked for are read, and those older than a day go as new ones come", async () => {
    await opened.store.created({ server: "server-1", at: NOW });
    await opened.store.created({ server: "server-1", at: NOW + HOUR });
    expect(await opened.store.since(NOW)).toEqual([{ server: "server-1", at: NOW + HOUR }]);
    await opened.store.created({ server: "server-1", at: NOW + DAY + 1 });
    expect(await opened.store.since(0)).toEqual([
      { server: "server-1", at: NOW + HOUR },
      { server: "server-1", at: NOW + DAY + 1 },
    ]);
  });
});
