/**
 * One suite for every {@link ServerCreateStore} (the creates a server's daily budget counts): in memory,
 * SQLite, and Postgres (a real server started by the
 * tests, a new database per test; skipped outside CI when Postgres is not installed).
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  MemoryServerCreateStore,
  type ServerCreateStore,
} from "../../src/pool/account-health/server-creates.js";
import { usePostgresServer } from "../support/postgres-server.js";
import { reopenableStores, type Opened as OpenedPort } from "./reopenable-stores.js";

const postgres = usePostgresServer();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = 1_714_557_600_000;

type Opened = OpenedPort<ServerCreateStore>;

const implementations = reopenableStores(
  () => new MemoryServerCreateStore(),
  (stores) => stores.creates,
  postgres,
);

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
