import { describe, expect, test } from "vitest";
import { imageRecord, serviceError } from "../fixtures/fake-image-service.js";
import { capturingLogger, gaps } from "./fakes.js";
import { job, setupTracker as setup } from "./tracker-setup.js";

describe("JobTracker endings", () => {
  test("a job that never finishes times out once at startedAt + timeoutMs and is untracked", async () => {
    const { clock, service, events, tracker } = setup();
    service.script("a", [imageRecord("a", "pending")]);
    await clock.advance(5_000);
    tracker.track(job("a", 2_000));
    await clock.advance(120_000);
    expect(events.filter((e) => e.includes("timeout"))).toEqual(["a timeout @62000"]);
    expect(tracker.has("a")).toBe(false);
    expect(Math.max(...service.callTimes("a"))).toBeLessThan(62_000);
  });

  test("the timeout waits for a running onRecord and then comes once", async () => {
    const { clock, events, tracker } = setup((clock) => ({
      timeoutMs: 5_000,
      onRecord: async (j, r) => {
        await clock.sleep(10_000);
        events.push(`${j.id} ${r.status} handled @${clock.now()}`);
      },
    }));
    tracker.track(job("a"));
    await clock.advance(60_000);
    expect(events).toEqual(["a in-progress handled @11000", "a timeout @11000"]);
  });

  test("an untracked job gets no more polls and no callbacks", async () => {
    const { clock, service, events, tracker } = setup();
    tracker.track(job("a"));
    expect(tracker.untrack("a")).toBe(true);
    expect(tracker.untrack("a")).toBe(false);
    await clock.advance(120_000);
    expect([service.calls, events, tracker.size]).toEqual([[], [], 0]);
  });

  test("a restored job older than the time limit times out promptly without a poll", async () => {
    const { clock, service, events, tracker } = setup();
    await clock.advance(200_000);
    tracker.track(job("old", 100_000));
    await clock.advance(0);
    expect(events).toEqual(["old timeout @200000"]);
    expect(service.calls).toEqual([]);
  });

  test("three forbidden answers in a row report the job lost and untrack it", async () => {
    const { clock, service, events, tracker } = setup();
    service.script("a", [serviceError("forbidden")]);
    tracker.track(job("a"));
    await clock.advance(30_000);
    expect(events.filter((e) => !e.includes("error"))).toEqual(["a lost forbidden @4000"]);
    expect(service.calls).toHaveLength(3);
    expect(tracker.has("a")).toBe(false);
  });

  test("a forbidden streak broken by a record does not lose the job", async () => {
    const { clock, service, events, tracker } = setup();
    const forbidden = () => serviceError("forbidden");
    service.script("a", [
      forbidden(),
      forbidden(),
      imageRecord("a", "in-progress", 5),
      forbidden(),
      forbidden(),
      imageRecord("a", "in-progress", 9),
    ]);
    tracker.track(job("a"));
    await clock.advance(8_000);
    expect(service.calls).toHaveLength(6);
    expect(events.some((e) => e.includes("lost"))).toBe(false);
    expect(tracker.has("a")).toBe(true);
  });

  test("unauthorized waits the longest backoff and is logged once as the owner's problem", async () => {
    const { logger, lines } = capturingLogger();
    const { clock, service, tracker } = setup({ logger, timeoutMs: 1_000_000 });
    service.script("a", [serviceError("unauthorized")]);
    service.script("b", [serviceError("unauthorized")]);
    tracker.track(job("a"));
    tracker.track(job("b"));
    await clock.advance(200_000);
    expect(gaps(service.callTimes("a"))).toEqual([60_000, 60_000, 60_000]);
    expect(lines.filter((l) => String(l.msg).includes("IMAGINE_API_TOKEN"))).toHaveLength(1);
  });
});

describe("JobTracker webhooks and stop", () => {
  test("a pushed record is delivered at once and relaxes polling while pushes keep coming", async () => {
    const { clock, service, events, tracker } = setup();
    tracker.track(job("a"));
    await clock.advance(500);
    for (let p = 1; p <= 5; p++) {
      expect(tracker.push(imageRecord("a", "in-progress", p * 10))).toBe(true);
      await clock.advance(0);
      expect(events.at(-1)).toBe(`a in-progress ${p * 10} @${clock.now()}`);
      await clock.advance(2_000);
    }
    expect(service.calls).toEqual([]);
    await clock.advance(20_000);
    expect(service.callTimes("a").slice(0, 2)).toEqual([8_500 + 15_000, 8_500 + 16_000]);
  });

  test("a pushed record older than the last one is dropped and a finished push ends the job", async () => {
    const { clock, events, tracker } = setup();
    tracker.track(job("a"));
    tracker.push(imageRecord("a", "in-progress", 50));
    tracker.push(imageRecord("a", "in-progress", 30));
    await clock.advance(0);
    tracker.push(imageRecord("a", "pending"));
    tracker.push(imageRecord("a", "completed"));
    await clock.advance(0);
    expect(events).toEqual(["a in-progress 50 @0", "a completed - @0"]);
    expect(tracker.has("a")).toBe(false);
    expect(tracker.push(imageRecord("a", "completed"))).toBe(false);
  });

  test("callbacks of one job never overlap, even when a push arrives during onRecord", async () => {
    let running = 0;
    let overlapped = false;
    const { clock, service, tracker } = setup((clock) => ({
      onRecord: async () => {
        overlapped ||= running > 0;
        running++;
        await clock.sleep(1_500);
        running--;
      },
    }));
    service.script("a", [imageRecord("a", "in-progress", 10), imageRecord("a", "completed")]);
    tracker.track(job("a"));
    await clock.advance(1_200);
    tracker.push(imageRecord("a", "in-progress", 40));
    await clock.advance(30_000);
    expect(overlapped).toBe(false);
    expect(tracker.has("a")).toBe(false);
  });

  test("stop waits for the poll in flight and settles nothing new", async () => {
    const { clock, service, events, tracker } = setup({}, 500);
    service.script("a", [imageRecord("a", "completed")]);
    tracker.track(job("a"));
    await clock.advance(1_100);
    let stopped = false;
    const stopping = tracker.stop().then(() => (stopped = true));
    await clock.advance(0);
    expect(stopped).toBe(false);
    await clock.advance(400);
    await stopping;
    await clock.advance(120_000);
    expect(events).toEqual([]);
    expect(service.calls).toHaveLength(1);
    expect(tracker.track(job("b"))).toBe(false);
  });

  test("bad input is refused with a clear error", () => {
    const { tracker } = setup();
    expect(() => tracker.track(job(""))).toThrow(/non-empty string/);
    expect(() => tracker.track(job("a", NaN))).toThrow(/startedAt/);
    expect(() => setup({ pollIntervalMs: 0 })).toThrow(/pollIntervalMs/);
    expect(() => setup({ maxConcurrentPolls: 0 })).toThrow(/at least 1/);
  });
});
