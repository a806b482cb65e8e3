/**
 * One suite for every {@link ServerHoldStore}: in memory, SQLite, and Postgres (a real server started by the
 * tests, a new database per test; skipped outside CI when Postgres is not installed).
 */
import { describe, expect, test } from "vitest";
import {
  MemoryServerHoldStore,
  type ServerHold,
  type ServerHoldStore,
} from "../../src/pool/account-health/server-holds.js";
import { usePostgresServer } from "../support/postgres-server.js";
import { openedForEachTest, reopenableStores } from "./reopenable-stores.js";

const postgres = usePostgresServer();
const HOUR = 3_600_000;
const NOW = 1_714_557_600_000;

const implementations = reopenableStores<ServerHoldStore>(
  () => new MemoryServerHoldStore(),
  (stores) => stores.holds,
  postgres,
);

const blocked = (over: Partial<ServerHold> = {}): ServerHold => ({
  server: "server-1",
  kind: "blocked",
  notice:
    "You have been blocked from accessing Midjourney. This happens on repeated or serious ToS violations.",
  since: NOW,
  until: null,
  ...over,
});

describe.each(implementations)("%s server holds", (name, open) => {
  const opened = openedForEachTest(name, open, postgres);

  test("a hold is kept with its notice and read back by another handle (a restart, a fleet's other process)", async () => {
    expect(await opened().store.hold(blocked())).toBe(true);
    const other = await opened().reopen();
    expect(await other.active(NOW + HOUR)).toEqual([blocked()]);
  });

  test("the first hold of a server wins: a second notice while it is held changes nothing", async () => {
    expect(await opened().store.hold(blocked())).toBe(true);
    expect(await opened().store.hold(blocked({ kind: "credits", notice: "later", since: NOW + 1 }))).toBe(
      false,
    );
    expect(await opened().store.active(NOW + 2)).toEqual([blocked()]);
  });

  test("a hold with an end is active until then, and a new notice after it may hold the server again", async () => {
    const hour = blocked({ until: NOW + HOUR, notice: "blocked from accessing Midjourney for 1 hour" });
    await opened().store.hold(hour);
    expect(await opened().store.active(NOW + HOUR - 1)).toEqual([hour]);
    expect(await opened().store.active(NOW + HOUR)).toEqual([]);
    const again = blocked({ since: NOW + 2 * HOUR });
    expect(await opened().store.hold(again)).toBe(true);
    expect(await opened().store.active(NOW + 2 * HOUR)).toEqual([again]);
  });

  test("resume ends a hold and says which one; resuming a server not held says null", async () => {
    await opened().store.hold(blocked());
    await opened().store.hold(blocked({ server: "server-2", kind: "credits" }));
    expect(await opened().store.resume("server-1")).toEqual(blocked());
    expect(await opened().store.resume("server-1")).toBeNull();
    expect((await opened().store.active(NOW)).map((h) => h.server)).toEqual(["server-2"]);
  });
});
