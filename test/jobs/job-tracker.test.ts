import { describe, expect, test } from "vitest";
import { Semaphore, type ReleaseSlot } from "../../src/service/semaphore.js";
import { imageRecord, serviceError } from "../fixtures/fake-image-service.js";
import { gaps } from "./fakes.js";
import { job, setupTracker as setup } from "./tracker-setup.js";

describe("JobTracker polling", () => {
  test.each(["completed", "failed"])(
    "a job from pending through progress to %s gets every record in order, then is untracked",
    async (end) => {
      const { clock, service, events, tracker } = setup();
      service.script("a", [
        imageRecord("a", "pending"),
        imageRecord("a", "in-progress", 20),
        imageRecord("a", "in-progress", 60),
        imageRecord("a", end),
      ]);
      expect(tracker.track(job("a"))).toBe(true);
      await clock.advance(10_000);
      expect(events).toEqual([
        "a pending - @1000",
        "a in-progress 20 @2000",
        "a in-progress 60 @3000",
        `a ${end} - @4000`,
      ]);
      expect(tracker.has("a")).toBe(false);
      expect(tracker.size).toBe(0);
      expect(service.calls).toHaveLength(4);
    },
  );

  test("the next poll of a job waits until its onRecord has resolved", async () => {
    const { clock, service, tracker } = setup((clock) => ({ onRecord: () => clock.sleep(5_000) }));
    tracker.track(job("a"));
    await clock.advance(20_000);
    expect(gaps(service.callTimes("a")).slice(0, 2)).toEqual([6_000, 6_000]);
  });

  test("only the first poll is jittered: an in-progress job is then polled exactly every interval", async () => {
    const { clock, service, tracker } = setup({ random: () => 0.5, jitterRatio: 0.2 });
    service.script("a", [imageRecord("a", "in-progress", 10)]);
    tracker.track(job("a"));
    await clock.advance(6_000);
    expect(service.callTimes("a")[0]).toBe(1_100);
    expect(gaps(service.callTimes("a"))).toEqual([1_000, 1_000, 1_000, 1_000]);
  });

  test("jobs resumed after a restart spread their first polls over a whole interval", async () => {
    let n = 0;
    const { clock, service, tracker } = setup({ random: () => (n++ % 10) / 10 });
    await clock.advance(100_000);
    for (let i = 0; i < 10; i++) {
      service.script(`j${i}`, [imageRecord(`j${i}`, "in-progress", 10)]);
      tracker.track(job(`j${i}`, 95_000));
    }
    await clock.advance(999);
    const first = Array.from({ length: 10 }, (_, i) => service.callTimes(`j${i}`)[0]! - 100_000);
    expect(first).toEqual([0, 100, 200, 300, 400, 500, 600, 700, 800, 900]);
  });

  test("a job that stays pending is polled less and less often, up to 4 × the interval", async () => {
    const { clock, service, tracker } = setup();
    service.script("a", [imageRecord("a", "pending")]);
    tracker.track(job("a"));
    await clock.advance(25_000);
    expect(gaps(service.callTimes("a")).slice(0, 6)).toEqual([1_000, 1_500, 2_250, 3_375, 4_000, 4_000]);
  });

  test("an unknown status counts as not finished and backs off like pending", async () => {
    const { clock, service, events, tracker } = setup();
    service.script("a", [
      imageRecord("a", "queued"),
      imageRecord("a", "queued"),
      imageRecord("a", "completed"),
    ]);
    tracker.track(job("a"));
    await clock.advance(10_000);
    expect(events).toEqual(["a queued - @1000", "a queued - @2000", "a completed - @3500"]);
  });

  test("errors back off exponentially up to the cap while one job of the silent server keeps the normal pace, and polling recovers", async () => {
    const { clock, service, events, tracker } = setup({ errorMaxBackoffMs: 5_000 });
    // The first job to fail is its server's scout: polled every interval, to notice the server's return.
    service.script("scout", [serviceError("server")]);
    const failing = Array.from({ length: 4 }, () => serviceError("server"));
    service.script("a", [...failing, imageRecord("a", "in-progress", 5), imageRecord("a", "in-progress", 9)]);
    tracker.track(job("scout"));
    tracker.track(job("a"));
    await clock.advance(20_000);
    expect(gaps(service.callTimes("scout")).slice(0, 5)).toEqual([1_000, 1_000, 1_000, 1_000, 1_000]);
    expect(gaps(service.callTimes("a")).slice(0, 5)).toEqual([1_000, 2_000, 4_000, 5_000, 1_000]);
    expect(events.filter((e) => e.startsWith("a ")).slice(0, 5)).toEqual([
      "a error server #1 @1000",
      "a error server #2 @2000",
      "a error server #3 @4000",
      "a error server #4 @8000",
      "a in-progress 5 @13000",
    ]);
  });

  test("a 429 pauses the polling of every job until its retry-after has passed", async () => {
    const { clock, scheduler, service, tracker } = setup();
    service.script("a", [serviceError("rate-limited", 10_000), imageRecord("a", "in-progress", 5)]);
    tracker.track(job("a"));
    await clock.advance(500);
    tracker.track(job("b"));
    tracker.track(job("c"));
    await clock.advance(1_100);
    expect(["a", "b", "c"].map((id) => scheduler.dueAt(`poll:${id}`))).toEqual([11_000, 11_000, 11_000]);
    await clock.advance(30_000);
    const times = service.calls.map((c) => c.at);
    expect(times.filter((t) => t > 1_000 && t < 11_000)).toEqual([]);
    expect(service.callTimes("b")[0]).toBe(11_000);
    expect(service.callTimes("c")[0]).toBe(11_000);
    expect(service.callTimes("a").slice(0, 2)).toEqual([1_000, 11_000]);
  });

  test("polls waiting for a free slot when a 429 arrives wait for the pause as well", async () => {
    const { clock, service, tracker } = setup({ maxConcurrentPolls: 1 }, 100);
    service.script("a", [serviceError("rate-limited", 5_000), imageRecord("a", "in-progress", 5)]);
    tracker.track(job("a"));
    tracker.track(job("b"));
    await clock.advance(6_200);
    expect(service.callTimes("b")[0]).toBeGreaterThanOrEqual(6_100);
  });

  test("no more than maxConcurrentPolls requests run at once, served in the order they came due", async () => {
    const { clock, service, tracker } = setup({ maxConcurrentPolls: 4 }, 200);
    const ids = Array.from({ length: 50 }, (_, i) => `job-${i}`);
    for (const id of ids) tracker.track(job(id));
    await clock.advance(5_000);
    expect(service.maxRunning).toBe(4);
    expect(service.calls.slice(0, 50).map((c) => c.id)).toEqual(ids);
  });

  test("polls sharing the client's slots count against them with its other requests, which stay open after a stop", async () => {
    const slots = new Semaphore(2);
    const { clock, service, tracker } = setup({ slots }, 200);
    let held: ReleaseSlot | null = null;
    slots.whenFree((release) => (held = release));
    for (const id of ["a", "b", "c"]) tracker.track(job(id));
    await clock.advance(1_100);
    expect(service.maxRunning).toBe(1);
    held!();
    await clock.advance(2_000);
    expect(service.maxRunning).toBe(2);
    await tracker.stop();
    await expect(slots.run(async () => "after stop")).resolves.toBe("after stop");
  });

  test("jitter spreads the polls of jobs started together", () => {
    let n = 0;
    const { scheduler, tracker } = setup({ random: () => (n++ % 100) / 100 });
    for (let i = 0; i < 1_000; i++) tracker.track(job(`job-${i}`));
    const due = new Set(Array.from({ length: 1_000 }, (_, i) => scheduler.dueAt(`poll:job-${i}`)));
    expect(due.size).toBe(100);
    expect(Math.min(...(due as Set<number>))).toBe(1_000);
    expect(Math.max(...(due as Set<number>))).toBeLessThan(1_200);
  });

  test("10,000 jobs are each polled once per interval on one underlying timer", async () => {
    const { clock, service, tracker } = setup({ maxConcurrentPolls: 8 });
    for (let i = 0; i < 10_000; i++) tracker.track(job(`job-${i}`));
    await clock.advance(2_500);
    expect(service.calls).toHaveLength(20_000);
    expect(new Set(service.calls.map((c) => c.at))).toEqual(new Set([1_000, 2_000]));
    expect(clock.maxPendingTimers).toBe(1);
  });
});
