import { describe, expect, test } from "vitest";
import { OUT_OF_DATE_WINDOW_MS, ServerWatch } from "../../src/pool/server-watch.js";
import { captureLogs } from "../support/log-capture.js";

const NOT_SENT = "Image not sent to API";
const PROMPT_TIMEOUT = "Timeout after prompt was sent";
const QUEUE_TIMEOUT = "Timeout while waiting to start";

/** A watch over a server of `kind` reporting `botStatus`, on a clock the test moves. */
function setup(options: { selfHosted?: boolean; botStatus?: string | null } = {}) {
  const state = { now: 1_000_000, botStatus: options.botStatus ?? "healthy" };
  const logs = captureLogs();
  const watch = new ServerWatch({
    logger: logs.logger,
    now: () => state.now,
    selfHosted: () => options.selfHosted ?? true,
    botStatus: () => state.botStatus,
  });
  let id = 0;
  const fail = (error: string | null) => watch.jobEnded(`job-${++id}`, "failed", error);
  const complete = () => watch.jobEnded(`job-${++id}`, "completed", null);
  return { state, logs, watch, fail, complete };
}

describe("ServerWatch names a self-hosted server out of date", () => {
  test("after three of its failures in a row within minutes while its status says healthy", () => {
    const { watch, fail, logs, state } = setup();
    expect(fail(NOT_SENT)).toBe(false);
    state.now += 60_000;
    expect(fail(PROMPT_TIMEOUT)).toBe(false);
    state.now += 60_000;
    expect(fail(QUEUE_TIMEOUT)).toBe(true);
    expect(watch.outOfDate).toEqual({ since: state.now, errors: [NOT_SENT, PROMPT_TIMEOUT, QUEUE_TIMEOUT] });
    const named = logs.lines.filter((line) => line.includes("probably needs updating"));
    expect(named).toHaveLength(1);
    expect(fail(NOT_SENT)).toBe(true);
    expect(logs.lines.filter((line) => line.includes("probably needs updating"))).toHaveLength(1);
  });

  test("and no longer once a job completes", () => {
    const { watch, fail, complete } = setup();
    for (const error of [NOT_SENT, NOT_SENT, NOT_SENT]) fail(error);
    expect(watch.outOfDate).not.toBeNull();
    expect(complete()).toBe(false);
    expect(watch.outOfDate).toBeNull();
  });

  test.each<[string, (s: ReturnType<typeof setup>) => void]>([
    ["a job completed between the failures", (s) => (s.fail(NOT_SENT), s.fail(NOT_SENT), s.complete())],
    [
      "a Midjourney message between them (Midjourney answered)",
      (s) => (s.fail(NOT_SENT), s.fail(NOT_SENT), s.fail("Midjourney message: Invalid parameter")),
    ],
    [
      "the first failure longer ago than the window",
      (s) => {
        s.fail(NOT_SENT);
        s.state.now += OUT_OF_DATE_WINDOW_MS + 1;
        s.fail(NOT_SENT);
      },
    ],
  ])("not when %s", (_why, before) => {
    const s = setup();
    before(s);
    expect(s.fail(NOT_SENT)).toBe(false);
    expect(s.watch.outOfDate).toBeNull();
  });

  test.each([
    ["a hosted server", { selfHosted: false }],
    ["a server reporting itself unhealthy (a login or captcha problem)", { botStatus: "unhealthy" }],
    ["a server reporting itself starting", { botStatus: "starting" }],
  ])("not %s", (_what, options) => {
    const { watch, fail } = setup(options);
    for (const error of [NOT_SENT, PROMPT_TIMEOUT, QUEUE_TIMEOUT, NOT_SENT]) fail(error);
    expect(watch.outOfDate).toBeNull();
  });

  test("the same job told twice counts once", () => {
    const { watch } = setup();
    for (let i = 0; i < 3; i++) watch.jobEnded("job-1", "failed", NOT_SENT);
    expect(watch.outOfDate).toBeNull();
  });
});

describe("ServerWatch and relax mode", () => {
  test("a relax failure line tells the owner what to switch, once per ten minutes", () => {
    const { fail, logs, state } = setup();
    fail("**a cat --v 7** - <@1234> (0%) (relaxed)");
    fail("**a dog** - <@1234> (0%) (relaxed)");
    const lines = () => logs.lines.filter((line) => line.includes("relax mode"));
    expect(lines()).toHaveLength(1);
    expect(lines()[0]).toContain("switch the server's Midjourney account to fast mode");
    state.now += 10 * 60_000;
    fail("**a dog** - <@1234> (0%) (relaxed)");
    expect(lines()).toHaveLength(2);
  });
});

describe("ServerWatch holds a server named out of date back from new jobs", () => {
  test("for the window after its latest out-of-date failure, then lets jobs go again to find it working", () => {
    const { watch, fail, complete, state } = setup();
    fail(NOT_SENT);
    fail(NOT_SENT);
    expect(watch.holdsBack(state.now)).toBe(false);
    fail(NOT_SENT);
    expect(watch.holdsBack(state.now)).toBe(true);
    expect(watch.holdsBack(state.now + OUT_OF_DATE_WINDOW_MS)).toBe(false);
    // A job sent after the window failed the same way: held back again from then.
    state.now += OUT_OF_DATE_WINDOW_MS;
    fail(NOT_SENT);
    expect(watch.holdsBack(state.now + OUT_OF_DATE_WINDOW_MS - 1)).toBe(true);
    complete();
    expect(watch.holdsBack(state.now)).toBe(false);
  });
});
