import { describe, expect, test } from "vitest";
import { SlidingWindow } from "../../src/discord-proxy/sliding-window.js";

function windowAt(limit: number, windowMs = 1000) {
  const clock = { now: 0 };
  const window = new SlidingWindow({ limit, windowMs, now: () => clock.now });
  return { clock, window };
}

/** A deterministic number in [0, 1) after each call (a linear congruential generator). */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe("SlidingWindow", () => {
  test("lets the limit's calls go at once; one more waits while they are all in flight", () => {
    const { window } = windowAt(3);
    for (let i = 0; i < 3; i++) {
      expect(window.waitMs()).toBe(0);
      window.take();
    }
    expect(window.waitMs()).toBe(Number.POSITIVE_INFINITY);
    expect(window.held).toBe(3);
  });

  test("a call's place frees one window after its answer, not after its sending", () => {
    const { clock, window } = windowAt(2);
    const first = window.take();
    window.take();
    clock.now = 300;
    first();
    expect(window.waitMs()).toBe(1000);
    clock.now = 1299;
    expect(window.waitMs()).toBe(1);
    clock.now = 1300;
    expect(window.waitMs()).toBe(0);
    expect(window.held).toBe(1);
  });

  test("a burst at the edge of a second waits for the calls of the second before it, where a fixed window would let it through", () => {
    // One call at 0 and four at 990 fill a window of 5; a fixed window (discord.js's) opens anew at 1000
    // and would send five more there: ten within 990–1000 at Discord.
    const { clock, window } = windowAt(5);
    window.take()();
    clock.now = 990;
    const late = Array.from({ length: 4 }, () => window.take());
    clock.now = 995;
    for (const answered of late) answered();
    clock.now = 1001;
    expect(window.waitMs()).toBe(0); // the call of 0 answered at 0: its place freed at 1000
    window.take();
    expect(window.waitMs()).toBe(994); // the next frees at 995 + 1000
  });

  test("answering a call twice frees its place once", () => {
    const { clock, window } = windowAt(1);
    const answered = window.take();
    answered();
    answered();
    expect(window.held).toBe(1);
    clock.now = 1000;
    expect(window.held).toBe(0);
  });

  test("taking a place when none is free throws", () => {
    const { window } = windowAt(1);
    window.take();
    expect(() => window.take()).toThrow(RangeError);
  });

  test.each([
    { limit: 0, windowMs: 1000 },
    { limit: 1.5, windowMs: 1000 },
    { limit: 5, windowMs: 0 },
  ])("refuses a window of $limit calls per $windowMs ms", ({ limit, windowMs }) => {
    expect(() => new SlidingWindow({ limit, windowMs, now: () => 0 })).toThrow(RangeError);
  });

  test.each([1, 2, 3])(
    "calls sent as fast as it allows never exceed the limit in any second, wherever in their flight Discord counts them (seed %i)",
    (seed) => {
      const random = seeded(seed);
      const { clock, window } = windowAt(50);
      const inFlight: { answerAt: number; answered: () => void; sentAt: number }[] = [];
      const countedAt: number[] = [];
      // 2,000 calls offered in bursts; each takes 1–200 ms to answer; Discord counts each somewhere in between.
      for (let offered = 0; offered < 2000;) {
        inFlight.sort((a, b) => a.answerAt - b.answerAt);
        while (inFlight[0] && inFlight[0].answerAt <= clock.now) {
          const call = inFlight.shift()!;
          call.answered();
          countedAt.push(call.sentAt + random() * (call.answerAt - call.sentAt));
        }
        const wait = window.waitMs();
        if (wait === 0) {
          inFlight.push({
            sentAt: clock.now,
            answerAt: clock.now + 1 + random() * 199,
            answered: window.take(),
          });
          offered++;
        } else {
          const nextAnswer = inFlight[0]?.answerAt ?? Number.POSITIVE_INFINITY;
          clock.now = Math.min(clock.now + wait, nextAnswer);
        }
      }
      countedAt.sort((a, b) => a - b);
      let most = 0;
      for (let first = 0, last = 0; last < countedAt.length; last++) {
        while (countedAt[last]! - countedAt[first]! >= 1000) first++;
        most = Math.max(most, last - first + 1);
      }
      expect(most).toBeLessThanOrEqual(50);
      expect(most).toBeGreaterThanOrEqual(45);
    },
  );
});
