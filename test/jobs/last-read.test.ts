import { describe, expect, test } from "vitest";
import { imageRecord, serviceError } from "../fixtures/fake-image-service.js";
import { job, setupTracker as setup } from "./tracker-setup.js";

describe("The last read of a job at its time limit", () => {
  test("a job that never finishes is read once more at startedAt + timeoutMs, then times out once and is untracked", async () => {
    const { clock, service, events, tracker } = setup();
    service.script("a", [imageRecord("a", "pending")]);
    await clock.advance(5_000);
    tracker.track(job("a", 2_000));
    await clock.advance(120_000);
    expect(events.filter((e) => e.includes("timeout"))).toEqual(["a timeout @62000"]);
    expect(tracker.has("a")).toBe(false);
    expect(service.callTimes("a").filter((t) => t >= 62_000)).toEqual([62_000]);
  });

  test("a job the last read at its time limit finds finished ends with that record, not a timeout", async () => {
    const { clock, service, events, tracker } = setup({ pendingMaxIntervalMs: 50_000 });
    service.script("a", [imageRecord("a", "pending")]);
    tracker.track(job("a"));
    await clock.advance(59_000);
    const polls = service.callTimes("a").length;
    service.script("a", [imageRecord("a", "completed")]);
    await clock.advance(60_000);
    expect(events.filter((e) => !e.includes("pending"))).toEqual(["a completed - @60000"]);
    expect(service.callTimes("a").slice(polls)).toEqual([60_000]);
    expect(tracker.has("a")).toBe(false);
  });

  test.each([
    ["a failed read", serviceError("server")],
    ["a rate-limited read", serviceError("rate-limited", 5_000)],
  ])("%s at the time limit times the job out at once", async (_name, answer) => {
    const { clock, service, events, tracker } = setup();
    tracker.track(job("a"));
    await clock.advance(59_500);
    service.script("a", [answer]);
    await clock.advance(60_000);
    expect(events.filter((e) => !e.includes("in-progress"))).toEqual(["a timeout @60000"]);
    expect(service.callTimes("a").filter((t) => t >= 60_000)).toEqual([60_000]);
  });

  test("a last read the service does not answer within lastReadTimeoutMs times the job out then", async () => {
    const { clock, service, events, tracker } = setup({ lastReadTimeoutMs: 3_000, timeoutMs: 10_000 }, 8_000);
    await clock.advance(20_000);
    tracker.track(job("old", 0));
    await clock.advance(30_000);
    expect(events).toEqual(["old timeout @23000"]);
    expect(service.callTimes("old")).toEqual([20_000]);
  });

  test.each([
    ["completed", "old completed - @200000"],
    ["failed", "old failed - @200000"],
    ["pending", "old timeout @200000"],
    ["in-progress", "old timeout @200000"],
  ])("a job resumed after its time limit passed, found %s by its one read, ends so", async (status, end) => {
    const { clock, service, events, tracker } = setup();
    service.script("old", [imageRecord("old", status)]);
    await clock.advance(200_000);
    tracker.track(job("old", 100_000));
    await clock.advance(60_000);
    expect(events).toEqual([end]);
    expect(service.callTimes("old")).toEqual([200_000]);
  });

  test("jobs resumed after their time limit passed are read once each, spread over one poll interval", async () => {
    const randoms = [0.1, 0.5, 0.9, 0.3];
    const { clock, service, events, tracker } = setup({ random: () => randoms.shift() ?? 0 });
    await clock.advance(200_000);
    for (const id of ["a", "b", "c", "d"]) tracker.track(job(id, 100_000));
    await clock.advance(0);
    expect(service.calls).toEqual([]);
    await clock.advance(60_000);
    expect(service.calls.map((c) => `${c.id}@${c.at}`).sort()).toEqual([
      "a@200100",
      "b@200500",
      "c@200900",
      "d@200300",
    ]);
    expect(events).toHaveLength(4);
  });

  test("a last read due during a rate-limit pause waits it out, then times out an unfinished job", async () => {
    const { clock, service, events, tracker } = setup({ timeoutMs: 10_000 });
    service.script("a", [serviceError("rate-limited", 30_000), imageRecord("a", "in-progress", 5)]);
    tracker.track(job("a"));
    tracker.track(job("b"));
    await clock.advance(30_000);
    expect(service.callTimes("a")).toEqual([1_000, 11_000]);
    expect(service.callTimes("b")).toEqual([1_000, 11_000]);
    expect(events.filter((e) => e.includes("timeout"))).toEqual(["a timeout @11000", "b timeout @11000"]);
  });
});
