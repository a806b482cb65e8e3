import { describe, expect, test } from "vitest";
import { Scheduler } from "../../src/jobs/scheduler.js";
import { ManualClock } from "./manual-clock.js";

function setup() {
  const clock = new ManualClock(0);
  const errors: Array<{ error: unknown; key: string }> = [];
  const scheduler = new Scheduler({ clock, onTaskError: (error, key) => errors.push({ error, key }) });
  const ran: string[] = [];
  const record = (name: string) => () => void ran.push(`${name}@${clock.now()}`);
  return { clock, scheduler, ran, record, errors };
}

describe("Scheduler", () => {
  test("runs tasks in due-time order, ties in the order they were scheduled", async () => {
    const { clock, scheduler, ran, record } = setup();
    scheduler.schedule("c", 300, record("c"));
    scheduler.schedule("a", 100, record("a"));
    scheduler.schedule("b1", 200, record("b1"));
    scheduler.schedule("b2", 200, record("b2"));
    await clock.advance(1_000);
    expect(ran).toEqual(["a@100", "b1@200", "b2@200", "c@300"]);
  });

  test("with a resolution, tasks due within one slot run together at its end, on one timer", async () => {
    const clock = new ManualClock(0);
    const scheduler = new Scheduler({ clock, resolutionMs: 10 });
    const ran: string[] = [];
    for (const at of [101, 104.5, 110, 111])
      scheduler.schedule(`t${at}`, at, () => void ran.push(`${at}@${clock.now()}`));
    await clock.advance(1_000);
    expect(ran).toEqual(["101@110", "104.5@110", "110@110", "111@120"]);
    expect(clock.timersSet).toBe(2);
  });

  test("a negative resolution is refused", () => {
    expect(() => new Scheduler({ resolutionMs: -1 })).toThrow(/resolutionMs must be 0 or more/);
  });

  test("scheduling an existing key replaces its task and due time", async () => {
    const { clock, scheduler, ran, record } = setup();
    scheduler.schedule("job", 100, record("old"));
    scheduler.schedule("job", 250, record("new"));
    expect(scheduler.size).toBe(1);
    expect(scheduler.dueAt("job")).toBe(250);
    await clock.advance(1_000);
    expect(ran).toEqual(["new@250"]);
  });

  test("a cancelled task never runs and an empty scheduler leaves no timer behind", async () => {
    const { clock, scheduler, ran, record } = setup();
    scheduler.schedule("a", 100, record("a"));
    expect(scheduler.cancel("a")).toBe(true);
    expect(scheduler.cancel("a")).toBe(false);
    expect(scheduler.has("a")).toBe(false);
    expect(clock.pendingTimers).toBe(0);
    await clock.advance(1_000);
    expect(ran).toEqual([]);
  });

  test("10,000 tasks share one underlying timer, re-armed to the earliest due time", async () => {
    const { clock, scheduler, ran, record } = setup();
    for (let i = 0; i < 10_000; i++) scheduler.schedule(`job-${i}`, 5_000 + i, () => {});
    scheduler.schedule("early", 10, record("early"));
    expect(clock.maxPendingTimers).toBe(1);
    await clock.advance(10);
    expect(ran).toEqual(["early@10"]);
    await clock.advance(20_000);
    expect(scheduler.size).toBe(0);
    expect(clock.maxPendingTimers).toBe(1);
    expect(clock.pendingTimers).toBe(0);
  });

  test("a task scheduled for a past time runs on the next tick", async () => {
    const { clock, scheduler, ran, record } = setup();
    await clock.advance(500);
    scheduler.schedule("late", 100, record("late"));
    await clock.advance(0);
    expect(ran).toEqual(["late@500"]);
  });

  test("a task that reschedules itself for now does not starve tasks already due", async () => {
    const { clock, scheduler, ran, record } = setup();
    let spins = 0;
    const spin = () => {
      ran.push(`spin@${clock.now()}`);
      if (++spins < 3) scheduler.schedule("spin", clock.now(), spin);
    };
    scheduler.schedule("spin", 100, spin);
    scheduler.schedule("other", 100, record("other"));
    await clock.advance(100);
    expect(ran).toEqual(["spin@100", "other@100", "spin@100", "spin@100"]);
  });

  test("a throwing or rejecting task is reported and the others still run", async () => {
    const { clock, scheduler, ran, record, errors } = setup();
    scheduler.schedule("throws", 100, () => {
      throw new Error("boom");
    });
    scheduler.schedule("rejects", 100, () => Promise.reject(new Error("async boom")));
    scheduler.schedule("fine", 100, record("fine"));
    await clock.advance(100);
    expect(ran).toEqual(["fine@100"]);
    expect(errors.map((e) => e.key).sort()).toEqual(["rejects", "throws"]);
  });

  test("stop drops every task and ignores later scheduling", async () => {
    const { clock, scheduler, ran, record } = setup();
    scheduler.schedule("a", 100, record("a"));
    scheduler.stop();
    scheduler.schedule("b", 200, record("b"));
    expect(scheduler.size).toBe(0);
    expect(clock.pendingTimers).toBe(0);
    await clock.advance(1_000);
    expect(ran).toEqual([]);
  });

  test.each([NaN, Infinity, -Infinity])("a due time of %s is refused with a clear error", (dueAt) => {
    const { scheduler } = setup();
    expect(() => scheduler.schedule("a", dueAt, () => {})).toThrow(/not a finite number/);
  });
});
