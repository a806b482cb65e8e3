import { describe, expect, test } from "vitest";
import { AccountHealth } from "../../../src/pool/account-health/account-health.js";
import { MemoryServerHoldStore, type ServerHold } from "../../../src/pool/account-health/server-holds.js";
import {
  MemoryServerCreateStore,
  type ServerCreateStore,
} from "../../../src/pool/account-health/server-creates.js";
import { captureLogs } from "../../support/log-capture.js";

const NOW = 1_714_557_600_000;
const BLOCKED =
  "Midjourney message: You have been blocked from accessing Midjourney. This happens on repeated or serious ToS violations.";

function health(store = new MemoryServerHoldStore()) {
  const logs = captureLogs();
  const held: ServerHold[] = [];
  let now = NOW;
  const accounts = new AccountHealth({
    servers: [
      { name: "server-1", pacing: {} },
      { name: "server-2", pacing: { dailyLimit: 1 } },
    ],
    store,
    now: () => now,
    logger: logs.logger,
    onHeld: (hold) => held.push(hold),
  });
  return { accounts, logs, held, store, advance: (ms: number) => (now += ms) };
}

describe("account health", () => {
  test("a server is held after its first account notice, once: the owner's log and the audit hook say it once", async () => {
    const { accounts, logs, held } = health();
    const hold = await accounts.noticed("server-1", BLOCKED);
    expect(hold).toMatchObject({ server: "server-1", kind: "blocked", until: null });
    expect(accounts.takesJobs("server-1", NOW + 3_600_000)).toBe(false);
    expect(accounts.takesJobs("server-2", NOW)).toBe(true);
    await accounts.noticed("server-1", BLOCKED);
    expect(held).toHaveLength(1);
    expect(logs.lines.filter((l) => l.includes("sent this server's account a notice"))).toHaveLength(1);
    expect(logs.text()).toContain("repeated or serious ToS violations");
  });

  test("a block for a time ends by itself then", async () => {
    const { accounts } = health();
    await accounts.noticed(
      "server-1",
      "Midjourney message: You have been blocked from accessing Midjourney for 1 hour.",
    );
    expect(accounts.state("server-1", NOW + 3_599_999).kind).toBe("held");
    expect(accounts.state("server-1", NOW + 3_600_000).kind).toBe("open");
  });

  test.each([
    "Midjourney message: Banned prompt detected",
    "Timeout while waiting to start",
    "You have been blocked from accessing Midjourney.",
    null,
  ])("a failure that is not Midjourney's account notice (%s) holds nothing", async (error) => {
    const { accounts } = health();
    expect(await accounts.noticed("server-1", error)).toBeNull();
    expect(accounts.takesJobs("server-1", NOW)).toBe(true);
  });

  test("a moderator's resume ends the hold; another process reads holds and resumes from the shared store", async () => {
    const shared = new MemoryServerHoldStore();
    const one = health(shared);
    const two = health(shared);
    await one.accounts.noticed("server-1", BLOCKED);
    await two.accounts.refresh();
    expect(two.accounts.takesJobs("server-1", NOW)).toBe(false);
    expect(await two.accounts.resume("server-1")).toMatchObject({ server: "server-1" });
    await one.accounts.refresh();
    expect(one.accounts.takesJobs("server-1", NOW)).toBe(true);
  });

  test("a server at its daily budget takes no job and says until when; its creates of the day are counted", () => {
    const { accounts } = health();
    accounts.created("server-2", NOW);
    expect(accounts.state("server-2", NOW + 1)).toEqual({ kind: "budget", until: NOW + 86_400_000 });
    expect(accounts.today("server-2", NOW + 1)).toEqual({ creates: 1, limit: 1 });
    expect(accounts.today("server-1", NOW + 1)).toEqual({ creates: 0, limit: null });
  });
});

describe("a server's daily budget, counted in the database", () => {
  function budgeted(creates: ServerCreateStore, now: () => number) {
    return new AccountHealth({
      servers: [{ name: "server-2", pacing: { dailyLimit: 2 } }],
      store: new MemoryServerHoldStore(),
      creates,
      now,
      logger: captureLogs().logger,
    });
  }
  /** Lets the creates' saves settle. */
  const settled = () => new Promise((resolve) => setImmediate(resolve));

  test("a restart does not reset the budget: the restarted bot reads the day's creates and takes no job", async () => {
    const creates = new MemoryServerCreateStore();
    const before = budgeted(creates, () => NOW);
    before.created("server-2", NOW - 60_000);
    before.created("server-2", NOW - 30_000);
    await settled();
    const after = budgeted(creates, () => NOW);
    await after.start();
    after.stop();
    expect(after.state("server-2", NOW)).toEqual({ kind: "budget", until: NOW - 60_000 + 24 * 3_600_000 });
    expect(after.today("server-2", NOW)).toEqual({ creates: 2, limit: 2 });
  });

  test("a fleet shares it: each process's create counts for the other at its next read", async () => {
    const creates = new MemoryServerCreateStore();
    const [one, two] = [budgeted(creates, () => NOW), budgeted(creates, () => NOW)];
    one.created("server-2", NOW - 2_000);
    two.created("server-2", NOW - 1_000);
    await settled();
    await Promise.all([one.refresh(), two.refresh()]);
    for (const process of [one, two]) expect(process.takesJobs("server-2", NOW)).toBe(false);
  });

  test("a create whose save has not landed yet still counts here after a read", async () => {
    const creates = new MemoryServerCreateStore();
    // A database that never says the save is done.
    const slow = { created: () => new Promise<void>(() => {}), since: (at: number) => creates.since(at) };
    const accounts = budgeted(slow, () => NOW);
    accounts.created("server-2", NOW - 2_000);
    accounts.created("server-2", NOW - 1_000);
    await accounts.refresh();
    expect(accounts.takesJobs("server-2", NOW)).toBe(false);
  });
});

describe("a server's least gap between creates, across restarts and a fleet", () => {
  const GAP = 30_000;
  function gapped(creates: ServerCreateStore) {
    return new AccountHealth({
      servers: [{ name: "server-2", pacing: { minGapMs: GAP } }],
      store: new MemoryServerHoldStore(),
      creates,
      now: () => NOW,
      logger: captureLogs().logger,
      random: () => 0,
    });
  }
  const settled = () => new Promise((resolve) => setImmediate(resolve));

  test("another process's create starts the gap here at the next read: no create until it has passed", async () => {
    const creates = new MemoryServerCreateStore();
    const [one, two] = [gapped(creates), gapped(creates)];
    one.created("server-2", NOW - 10_000);
    await settled();
    expect(two.takesJobs("server-2", NOW)).toBe(true);
    await two.refresh();
    expect(two.state("server-2", NOW)).toEqual({ kind: "gap", until: NOW - 10_000 + GAP });
    expect(two.takesJobs("server-2", NOW - 10_000 + GAP)).toBe(true);
  });

  test("a restarted bot keeps the gap after its last create before the restart", async () => {
    const creates = new MemoryServerCreateStore();
    gapped(creates).created("server-2", NOW - 5_000);
    await settled();
    const after = gapped(creates);
    await after.start();
    after.stop();
    expect(after.state("server-2", NOW)).toEqual({ kind: "gap", until: NOW - 5_000 + GAP });
  });
});
