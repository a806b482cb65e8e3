import { describe, expect, test } from "vitest";
import { AccountHealth } from "../../../src/pool/account-health/account-health.js";
import { MemoryServerHoldStore, type ServerHold } from "../../../src/pool/account-health/server-holds.js";
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
