import { describe, expect, test } from "vitest";
import { imageRecord, serviceError } from "../fixtures/fake-image-service.js";
import { capturingLogger, gaps } from "./fakes.js";
import { job, setupTracker as setup } from "./tracker-setup.js";

describe("JobTracker endings", () => {
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

  test("three forbidden answers in a row report the job lost and untrack it", async () => {
    const { clock, service, events, tracker } = setup();
    service.script("a", [serviceError("forbidden")]);
    tracker.track(job("a"));
    await clock.advance(30_000);
    // Confirmed at the short gap (min(interval, 1 s)), not after an error backoff.
    expect(events.filter((e) => !e.includes("error"))).toEqual(["a lost forbidden @3000"]);
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
    expect(service.calls.length).toBeGreaterThanOrEqual(6);
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
  test("a webhook brings the next poll forward and relaxes polling while webhooks keep coming", async () => {
    const { clock, service, events, tracker } = setup();
    service.script(
      "a",
      [1, 2, 3, 4, 5, 6, 7].map((p) => imageRecord("a", "in-progress", p * 10)),
    );
    tracker.track(job("a"));
    await clock.advance(500);
    for (let p = 1; p <= 5; p++) {
      expect(tracker.push("a")).toBe(true);
      await clock.advance(0);
      expect(events.at(-1)).toBe(`a in-progress ${p * 10} @${clock.now()}`);
      await clock.advance(2_000);
    }
    await clock.advance(20_000);
    expect(service.callTimes("a").slice(0, 7)).toEqual([500, 2_500, 4_500, 6_500, 8_500, 23_500, 24_500]);
  });

  test("a webhook that announces nothing the service confirms does not slow the job's polling", async () => {
    const { clock, service, tracker } = setup();
    service.script("a", [imageRecord("a", "in-progress", 10)]);
    tracker.track(job("a"));
    await clock.advance(1_500);
    tracker.push("a");
    await clock.advance(3_000);
    expect(service.callTimes("a")).toEqual([1_000, 2_000, 3_000, 4_000]);
  });

  test("a burst of webhooks polls a job at most once per gap", async () => {
    const { clock, service, tracker } = setup();
    tracker.track(job("a"));
    for (let i = 0; i < 50; i++) {
      tracker.push("a");
      await clock.advance(10);
    }
    expect(service.callTimes("a")).toEqual([0]);
    await clock.advance(500);
    expect(service.callTimes("a")).toEqual([0, 1_000]);
  });

  test("a webhook never ends a job by itself: only a finished record read from the service does", async () => {
    const { clock, service, events, tracker } = setup();
    service.script("a", [imageRecord("a", "in-progress", 30)]);
    tracker.track(job("a"));
    tracker.push("a");
    await clock.advance(0);
    expect(events).toEqual(["a in-progress 30 @0"]);
    expect(tracker.has("a")).toBe(true);
    service.script("a", [imageRecord("a", "completed")]);
    await clock.advance(1_000);
    tracker.push("a");
    await clock.advance(0);
    expect(events.at(-1)).toBe("a completed - @1000");
    expect(tracker.has("a")).toBe(false);
    expect(tracker.push("a")).toBe(false);
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
    tracker.push("a");
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
