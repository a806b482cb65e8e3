import { describe, expect, test } from "vitest";
import {
  errorBackoffMs,
  firstPollAt,
  isOlderRecord,
  nextPollAt,
  pollDelayMs,
  pushedPollAt,
  resolvePollPolicy,
} from "../../src/jobs/poll-policy.js";
import { imageRecord } from "../fixtures/fake-image-service.js";

describe("resolvePollPolicy", () => {
  test.each([
    { intervalMs: 3_000, pendingMax: 12_000, errorMax: 60_000, pushed: 15_000, gap: 1_000 },
    { intervalMs: 100, pendingMax: 400, errorMax: 60_000, pushed: 15_000, gap: 100 },
    { intervalMs: 10_000, pendingMax: 15_000, errorMax: 60_000, pushed: 50_000, gap: 1_000 },
    { intervalMs: 90_000, pendingMax: 90_000, errorMax: 90_000, pushed: 450_000, gap: 1_000 },
  ])(
    "an interval of $intervalMs ms caps pending at $pendingMax, errors at $errorMax, pushed jobs at $pushed, webhook polls $gap apart",
    ({ intervalMs, pendingMax, errorMax, pushed, gap }) => {
      expect(resolvePollPolicy({ intervalMs })).toEqual({
        intervalMs,
        pendingMaxIntervalMs: pendingMax,
        errorMaxBackoffMs: errorMax,
        pushedIntervalMs: pushed,
        pushedPollGapMs: gap,
        jitterRatio: 0.2,
      });
    },
  );

  test.each([
    [{ intervalMs: 0 }, /pollIntervalMs/],
    [{ intervalMs: 1_000, errorMaxBackoffMs: -1 }, /errorMaxBackoffMs/],
    [{ intervalMs: 1_000, jitterRatio: 2 }, /jitterRatio/],
  ])("%o is refused with a clear error", (options, message) => {
    expect(() => resolvePollPolicy(options)).toThrow(message);
  });
});

describe("poll delays", () => {
  const policy = resolvePollPolicy({ intervalMs: 1_000 });

  test.each([
    [0, false, 1_000],
    [1, false, 1_000],
    [2, false, 1_500],
    [3, false, 2_250],
    [9, false, 4_000],
    [0, true, 15_000],
  ])("after %i pending records (pushed recently: %s) the next poll is in %i ms", (streak, pushed, delay) => {
    expect(pollDelayMs(policy, streak, pushed)).toBe(delay);
  });

  test.each([
    [1, 1_000],
    [2, 2_000],
    [6, 32_000],
    [7, 60_000],
    [50, 60_000],
  ])("after %i failures the next poll is in %i ms", (failures, delay) => {
    expect(errorBackoffMs(policy, failures)).toBe(delay);
  });
});

describe("isOlderRecord", () => {
  test.each([
    ["pending", null, "in-progress", 10, true],
    ["in-progress", 30, "in-progress", 50, true],
    ["in-progress", 50, "in-progress", 50, false],
    ["in-progress", 90, "completed", null, true],
    ["completed", null, "in-progress", 90, false],
    ["queued", null, "pending", null, false],
    ["failed", null, "completed", null, false],
  ] as const)("%s %s after %s %s is older: %s", (status, progress, lastStatus, lastProgress, older) => {
    expect(
      isOlderRecord(imageRecord("a", status, progress), imageRecord("a", lastStatus, lastProgress)),
    ).toBe(older);
  });
});

describe("when a job is polled next", () => {
  const policy = resolvePollPolicy({ intervalMs: 1_000 });
  const calm = { failures: 0, lastErrorKind: undefined, pendingStreak: 0, lastPushAt: undefined };
  const highest = () => 1;
  const now = 100_000;

  test.each([
    ["a job in progress, exactly one interval later (no jitter)", calm, 101_000],
    [
      "a job pending for a third poll, after the grown pending interval, jittered",
      { ...calm, pendingStreak: 3 },
      102_700,
    ],
    [
      "after a second failure, after the doubled backoff, jittered",
      { ...calm, failures: 2, lastErrorKind: "server" },
      102_400,
    ],
    [
      "after an unauthorized answer, after the longest backoff",
      { ...calm, failures: 1, lastErrorKind: "unauthorized" },
      172_000,
    ],
    [
      "while webhooks announce changes polls confirm, after the pushed interval, jittered",
      { ...calm, lastPushAt: now - 1 },
      118_000,
    ],
  ])("%s", (_, history, expected) => {
    expect(nextPollAt(policy, history, now, highest)).toBe(expected);
  });

  test("a poll asked for by a webhook runs now, but not sooner than the gap after the last poll", () => {
    expect(pushedPollAt(policy, undefined, now)).toBe(now);
    expect(pushedPollAt(policy, now - 5_000, now)).toBe(now);
    expect(pushedPollAt(policy, now - 300, now)).toBe(now - 300 + policy.pushedPollGapMs);
  });

  test("a new job is first polled about an interval after it started; a resumed one within the next interval", () => {
    expect(firstPollAt(policy, now, now, () => 0.5)).toBe(now + 1_100);
    expect(firstPollAt(policy, now - 60_000, now, () => 0.25)).toBe(now + 250);
  });
});
