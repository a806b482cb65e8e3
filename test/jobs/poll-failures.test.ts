import { describe, expect, test } from "vitest";
import { newJobState } from "../../src/jobs/job-state.js";
import { PollFailures } from "../../src/jobs/poll-failures.js";
import { serviceError } from "../fixtures/fake-image-service.js";
import { capturingLogger } from "./fakes.js";
import { job } from "./tracker-setup.js";

/** PollFailures on a clock that stands where the test puts it, with no jitter unless `random` is given. */
function setup(random = () => 0) {
  const { logger, lines } = capturingLogger();
  const time = { now: 0 };
  const failures = new PollFailures({
    timeoutMs: 60_000,
    rateLimitPauseMs: 5_000,
    lostAfterForbidden: 3,
    spreadMs: 1_000,
    now: () => time.now,
    random,
    log: logger,
  });
  const reported: string[] = [];
  const onPollError = (j: { id: string }, _e: unknown, n: number) => void reported.push(`${j.id} #${n}`);
  return { failures, lines, time, reported, onPollError, state: newJobState(job("a"), logger) };
}

const messages = (lines: Array<Record<string, unknown>>, level: number) =>
  lines.filter((l) => l.level === level).map((l) => String(l.msg));

describe("PollFailures", () => {
  test.each([
    ["its retry-after", 10_000, 10_000],
    ["rateLimitPauseMs without a retry-after", undefined, 5_000],
    ["at most the job time limit", 600_000, 60_000],
  ])("a 429 pauses all polling for %s", (_name, retryAfterMs, pauseMs) => {
    const { failures, time } = setup();
    time.now = 1_000;
    failures.noteError(serviceError("rate-limited", retryAfterMs));
    expect([failures.isPaused(), failures.pausedUntil]).toEqual([true, 1_000 + pauseMs]);
    time.now = 1_000 + pauseMs;
    expect(failures.isPaused()).toBe(false);
  });

  test("errors other than a 429 pause nothing", () => {
    const { failures } = setup();
    for (const kind of ["server", "forbidden", "unauthorized", "quota"] as const)
      failures.noteError(serviceError(kind, 10_000));
    failures.noteError(new TypeError("not a service error"));
    expect(failures.isPaused()).toBe(false);
  });

  test("a shorter pause never cuts a longer one short, and the pause is logged once", () => {
    const { failures, time, lines } = setup();
    failures.noteError(serviceError("rate-limited", 10_000));
    time.now = 2_000;
    failures.noteError(serviceError("rate-limited", 1_000));
    expect(failures.pausedUntil).toBe(10_000);
    failures.noteError(serviceError("rate-limited", 20_000));
    expect(failures.pausedUntil).toBe(22_000);
    expect(messages(lines, 40)).toEqual(["Image service rate limit: pausing all polling"]);
  });

  test("polls due within a pause move past its end, spread over one interval; later ones stay", () => {
    const randoms = [0.25, 0.75];
    const { failures } = setup(() => randoms.shift() ?? 0);
    failures.noteError(serviceError("rate-limited", 10_000));
    expect([failures.pastPause(3_000), failures.pastPause(9_999), failures.pastPause(10_000)]).toEqual([
      10_250, 10_750, 10_000,
    ]);
  });

  test("forbidden answers in a row lose the job at the third; any other failure breaks the streak", () => {
    const { failures, state, onPollError } = setup();
    const outcomes = (
      ["forbidden", "forbidden", "server", "forbidden", "forbidden", "forbidden"] as const
    ).map((kind) => failures.failed(state, serviceError(kind), onPollError)?.kind);
    expect(outcomes).toEqual([undefined, undefined, undefined, undefined, undefined, "forbidden"]);
  });

  test("a record read ends the job's failure streaks", () => {
    const { failures, state, onPollError, reported } = setup();
    failures.failed(state, serviceError("forbidden"), onPollError);
    failures.failed(state, serviceError("forbidden"), onPollError);
    failures.succeeded(state);
    expect(failures.failed(state, serviceError("forbidden"), onPollError)).toBeUndefined();
    expect(reported).toEqual(["a #1", "a #2", "a #1"]);
  });

  test("one warning per failure streak, none for a 429, and every failure reaches onPollError", () => {
    const { failures, state, onPollError, reported, lines } = setup();
    failures.failed(state, serviceError("rate-limited"), onPollError);
    failures.succeeded(state);
    for (let i = 0; i < 3; i++) failures.failed(state, serviceError("server"), onPollError);
    expect(messages(lines, 40)).toEqual(["Polling the image failed"]);
    expect(messages(lines, 20)).toEqual([
      "Polling the image failed",
      "Polling the image failed",
      "Polling the image failed",
    ]);
    expect(reported).toEqual(["a #1", "a #1", "a #2", "a #3"]);
  });

  test("an unauthorized token is logged once per episode, as the owner's problem, until a poll succeeds", () => {
    const { failures, state, onPollError, lines } = setup();
    const other = newJobState(job("b"), state.log);
    failures.failed(state, serviceError("unauthorized"), onPollError);
    failures.failed(other, serviceError("unauthorized"), onPollError);
    failures.failed(state, serviceError("unauthorized"), onPollError);
    expect(messages(lines, 50).filter((m) => m.includes("IMAGINE_API_TOKEN"))).toHaveLength(1);
    failures.succeeded(other);
    failures.failed(state, serviceError("unauthorized"), onPollError);
    expect(messages(lines, 50).filter((m) => m.includes("IMAGINE_API_TOKEN"))).toHaveLength(2);
  });

  test("an onPollError that throws is logged and the failure still counts", () => {
    const { failures, state, lines } = setup();
    const throwing = () => {
      throw new Error("metrics down");
    };
    failures.failed(state, serviceError("forbidden"), throwing);
    failures.failed(state, serviceError("forbidden"), throwing);
    expect(failures.failed(state, serviceError("forbidden"), throwing)?.kind).toBe("forbidden");
    expect(messages(lines, 50)).toEqual(["onPollError threw", "onPollError threw", "onPollError threw"]);
  });
});
