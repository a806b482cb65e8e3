import { describe, expect, test } from "vitest";
import { GateFullError, GlobalLimitGate } from "../../src/discord-proxy/global-limit-gate.js";

/** A clock the test moves by hand, with its timers; no global timer is faked. */
function manualClock() {
  let now = 0;
  const timers: { at: number; wake: () => void; live: boolean }[] = [];
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
  return {
    now: () => now,
    setTimer(wake: () => void, ms: number) {
      const timer = { at: now + ms, wake, live: true };
      timers.push(timer);
      return () => {
        timer.live = false;
      };
    },
    /** Moves to `target`, running each timer due on the way at its own moment. */
    async advanceTo(target: number) {
      for (;;) {
        const due = timers.filter((t) => t.live && t.at <= target).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        due.live = false;
        now = due.at;
        due.wake();
        await settle();
      }
      now = target;
      await settle();
    },
    settle,
  };
}

function gateOf(limit: number, maxQueued = 100) {
  const clock = manualClock();
  const gate = new GlobalLimitGate({
    limit,
    windowMs: 1000,
    maxQueued,
    now: clock.now,
    setTimer: (wake, ms) => clock.setTimer(wake, ms),
  });
  return { clock, gate };
}

/** Acquires for call `name`, recording when (on the clock) it was let through. */
function send(gate: GlobalLimitGate, clock: { now(): number }, name: string, sent: Map<string, number>) {
  return gate.acquire().then((answered) => {
    sent.set(name, clock.now());
    return answered;
  });
}

describe("GlobalLimitGate", () => {
  test("holds the calls beyond the limit and sends them in order, once places free, none dropped", async () => {
    const { clock, gate } = gateOf(2);
    const sent = new Map<string, number>();
    const calls = ["a", "b", "c", "d", "e"].map((name) => send(gate, clock, name, sent));
    await clock.settle();
    expect([...sent.keys()]).toEqual(["a", "b"]);
    expect(gate.waiting).toBe(3);
    await clock.advanceTo(100);
    for (const answered of await Promise.all(calls.slice(0, 2))) answered();
    await clock.advanceTo(1099);
    expect([...sent.keys()]).toEqual(["a", "b"]);
    await clock.advanceTo(1100);
    expect([...sent.keys()]).toEqual(["a", "b", "c", "d"]);
    for (const answered of await Promise.all(calls.slice(2, 4))) answered();
    await clock.advanceTo(2100);
    expect([...sent.entries()]).toEqual([
      ["a", 0],
      ["b", 0],
      ["c", 1100],
      ["d", 1100],
      ["e", 2100],
    ]);
    expect(gate.counts()).toEqual({ held: 3, longestHoldMs: 2100, refused: 0 });
  });

  test("a held call waits for an answer while every place is in flight", async () => {
    const { clock, gate } = gateOf(1);
    const answered = await gate.acquire();
    let through = false;
    void gate.acquire().then(() => (through = true));
    await clock.advanceTo(5000);
    expect(through).toBe(false);
    answered();
    await clock.advanceTo(5999);
    expect(through).toBe(false);
    await clock.advanceTo(6000);
    expect(through).toBe(true);
  });

  test("refuses a call at once with the time to the next free place when maxQueued calls are held", async () => {
    const { clock, gate } = gateOf(1, 2);
    (await gate.acquire())();
    void gate.acquire();
    void gate.acquire();
    await clock.advanceTo(250);
    const refused = await gate.acquire().catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(GateFullError);
    expect((refused as GateFullError).retryAfterMs).toBe(750);
    expect(gate.counts().refused).toBe(1);
  });

  test("a held call whose caller gives up is never sent, and the next one takes its turn", async () => {
    const { clock: clock, gate: gate } = gateOf(1);
    (await gate.acquire())();
    const leaving = new AbortController();
    const held = gate.acquire(leaving.signal).catch((err: unknown) => err);
    const sent = new Map<string, number>();
    void send(gate, clock, "next", sent);
    await clock.advanceTo(400);
    leaving.abort(new Error("caller closed"));
    expect(await held).toEqual(new Error("caller closed"));
    await clock.advanceTo(1000);
    expect([...sent.entries()]).toEqual([["next", 1000]]);
    expect(gate.waiting).toBe(0);
  });

  test("closing refuses every held call, unsent", async () => {
    const { clock, gate } = gateOf(1);
    await gate.acquire();
    const held = gate.acquire().catch((err: unknown) => (err as Error).message);
    await clock.settle();
    gate.close();
    expect(await held).toBe("the Discord proxy is closing");
    expect(gate.waiting).toBe(0);
  });
});
