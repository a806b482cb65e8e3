/**
 * One suite for every {@link ServerCreateStore} (the creates a server's daily budget counts): in memory,
 * SQLite, and Postgres (a real server started by the
 * tests, a new database per test; skipped outside CI when Postgres is not installed).
 */
import { describe, expect, test } from "vitest";
import {
  MemoryServerCreateStore,
  type ServerCreateStore,
} from "../../src/pool/account-health/server-creates.js";
import { usePostgresServer } from "../support/postgres-server.js";
import { openedForEachTest, reopenableStores } from "./reopenable-stores.js";

const postgres = usePostgresServer();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = 1_714_557_600_000;

const implementations = reopenableStores<ServerCreateStore>(
  () => new MemoryServerCreateStore(),
  (stores) => stores.creates,
  postgres,
);

describe.each(implementations)("%s server creates", (name, open) => {
  const opened = openedForEachTest(name, open, postgres);

  test("creates are read back by another handle (a restart, a fleet's other process), oldest first", async () => {
    await opened().store.created({ server: "server-2", at: NOW - HOUR });
    await opened().store.created({ server: "server-1", at: NOW - 2 * HOUR });
    const other = await opened().reopen();
    await other.created({ server: "server-2", at: NOW });
    expect(await other.since(NOW - DAY)).toEqual([
      { server: "server-1", at: NOW - 2 * HOUR },
      { server: "server-2", at: NOW - HOUR },
      { server: "server-2", at: NOW },
    ]);
  });

  test("only creates after the time asked for are read, and those older than a day go as new ones come", async () => {
    await opened().store.created({ server: "server-1", at: NOW });
    await opened().store.created({ server: "server-1", at: NOW + HOUR });
    expect(await opened().store.since(NOW)).toEqual([{ server: "server-1", at: NOW + HOUR }]);
    await opened().store.created({ server: "server-1", at: NOW + DAY + 1 });
    expect(await opened().store.since(0)).toEqual([
      { server: "server-1", at: NOW + HOUR },
      { server: "server-1", at: NOW + DAY + 1 },
    ]);
  });
});
