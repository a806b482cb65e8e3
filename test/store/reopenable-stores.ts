/**
 * The three homes of a store port for its contract suite: in memory, SQLite (a file reopened as after a
 * restart) and Postgres (a real server; a second handle is another process of a fleet).
 */
import { join } from "node:path";
import { afterEach, beforeEach } from "vitest";
import { openStores, type Stores } from "../../src/store/open-stores.js";
import { captureLogs } from "../support/log-capture.js";
import type { PostgresForTests } from "../support/postgres-server.js";
import { tempDir } from "./store-fixtures.js";

/** A store port, opened. */
export interface Opened<S> {
  store: S;
  /** A second handle on the same database (another process of a fleet, or the bot after a restart). */
  reopen(): Promise<S>;
  close(): Promise<void>;
}

/** `[name, open]` for `describe.each`: the port `pick`s from the opened stores, or `memory()`'s. */
export function reopenableStores<S>(
  memory: () => S,
  pick: (stores: Stores) => S,
  postgres: PostgresForTests,
): [string, () => Promise<Opened<S>>][] {
  const open = (config: Parameters<typeof openStores>[0]) =>
    openStores(config, { logger: captureLogs().logger });
  return [
    [
      "memory",
      async () => {
        const store = memory();
        return { store, reopen: async () => store, close: async () => {} };
      },
    ],
    [
      "SQLite",
      async () => {
        const temp = tempDir();
        const config = { DATABASE_PATH: join(temp.dir, "bot.db") };
        let current = await open(config);
        return {
          store: pick(current),
          reopen: async () => {
            await current.jobs.close();
            current = await open(config);
            return pick(current);
          },
          close: async () => {
            await current.jobs.close();
            temp.cleanup();
          },
        };
      },
    ],
    [
      "Postgres",
      async () => {
        const config = { DATABASE_URL: await postgres.createDatabase(), DATABASE_PATH: "unused" };
        const all = [await open(config)];
        return {
          store: pick(all[0]!),
          reopen: async () => {
            all.push(await open(config));
            return pick(all.at(-1)!);
          },
          close: async () => {
            for (const s of all) await s.jobs.close();
          },
        };
      },
    ],
  ];
}

/**
 * Opens the store before each test of the suite `name` (skipping Postgres where it is not installed) and
 * closes it after; returns what gives the test its opened store.
 */
export function openedForEachTest<S>(
  name: string,
  open: () => Promise<Opened<S>>,
  postgres: PostgresForTests,
): () => Opened<S> {
  let opened: Opened<S> | undefined;
  beforeEach(async (context) => {
    if (name === "Postgres" && !postgres.available) context.skip("Postgres is not installed");
    opened = await open();
  });
  afterEach(async (context) => {
    if (context.task.result?.state === "skip") return;
    await opened?.close();
    opened = undefined;
  });
  return () => {
    if (!opened) throw new Error("the store is opened only within a test");
    return opened;
  };
}
