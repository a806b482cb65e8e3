import { describe, expect, test } from "vitest";
import { JobTracker, type TrackedJob } from "../../src/jobs/job-tracker.js";
import { MessageUpdateThrottle } from "../../src/jobs/message-update-throttle.js";
import { Scheduler } from "../../src/jobs/scheduler.js";
import { isFinished, type ImageRecord } from "../../src/service/schema.js";
import { FakeImageService, imageRecord } from "../fixtures/fake-image-service.js";
import { gaps } from "./fakes.js";
import { ManualClock } from "./manual-clock.js";

const INTERVAL_MS = 3_000;

/** The tracker and the throttle wired the way the Discord adapter wires them, on one scheduler. */
function wire(random: () => number) {
  const clock = new ManualClock(0);
  const scheduler = new Scheduler({ clock });
  const sent: Array<{ payload: string; at: number }> = [];
  const throttle = new MessageUpdateThrottle<string>({
    scheduler,
    minIntervalMs: INTERVAL_MS,
    send: async (_jobId, payload) => void sent.push({ payload, at: clock.now() }),
  });
  const service = new FakeImageService(clock);
  const render = (r: ImageRecord) => `${r.status} ${r.progress ?? ""}`.trim();
  const tracker = new JobTracker<TrackedJob>({
    scheduler,
    random,
    getImage: service.getImage,
    pollIntervalMs: INTERVAL_MS,
    timeoutMs: 600_000,
    onRecord: async (job, record) => {
      const update = { payload: render(record), key: render(record), final: isFinished(record.status) };
      const shown = throttle.show(job.id, update);
      if (update.final) {
        await shown;
        throttle.forget(job.id);
      }
    },
    onTimeout: () => {},
    onLost: () => {},
  });
  return { clock, scheduler, service, tracker, throttle, sent };
}

describe("a typical job", () => {
  test("pending, 10 polled progress ticks and completed make at most 2 + visible changes sends", async () => {
    const { clock, scheduler, service, tracker, throttle, sent } = wire(() => 0.5);
    const progress = [0, 10, 10, 25, 25, 50, 50, 75, 90, 100];
    service.script("a", [
      imageRecord("a", "pending"),
      ...progress.map((p) => imageRecord("a", "in-progress", p)),
      imageRecord("a", "completed"),
    ]);
    tracker.track({ id: "a", startedAt: 0 });
    await clock.advance(120_000);
    const visibleChanges = new Set(progress).size + 2;
    expect(sent.length).toBeLessThanOrEqual(2 + visibleChanges);
    expect(sent.map((s) => s.payload)).toEqual([
      "pending",
      ...[...new Set(progress)].map((p) => `in-progress ${p}`),
      "completed",
    ]);
    expect(Math.min(...gaps(sent.map((s) => s.at)))).toBeGreaterThanOrEqual(INTERVAL_MS);
    expect(throttle.stats.skipped).toBe(progress.length - new Set(progress).size);
    expect([tracker.size, throttle.size, scheduler.size]).toEqual([0, 0, 0]);
  });

  test("progress pushed every second is shown at most once per interval, and the result at once", async () => {
    const { clock, tracker, sent } = wire(() => 0);
    tracker.track({ id: "a", startedAt: 0 });
    for (let p = 1; p <= 30; p++) {
      await clock.advanceTo(p * 1_000);
      tracker.push(imageRecord("a", "in-progress", p));
    }
    await clock.advanceTo(30_500);
    tracker.push(imageRecord("a", "completed"));
    await clock.advance(0);
    expect(sent.at(-1)).toEqual({ payload: "completed", at: 30_500 });
    expect(sent.length).toBeLessThanOrEqual(2 + Math.ceil(30_000 / INTERVAL_MS));
    expect(Math.min(...gaps(sent.slice(0, -1).map((s) => s.at)))).toBeGreaterThanOrEqual(INTERVAL_MS);
    expect(tracker.has("a")).toBe(false);
  });
});
