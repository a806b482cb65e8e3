import { describe, expect, test } from "vitest";
import { DeliveryError } from "../../src/jobs/delivery-error.js";
import {
  MessageUpdateThrottle,
  type MessageUpdateThrottleOptions,
  type ShowOutcome,
} from "../../src/jobs/message-update-throttle.js";
import { Scheduler } from "../../src/jobs/scheduler.js";
import { captureLogs } from "../support/log-capture.js";
import { ManualClock } from "./manual-clock.js";

/** A fake `send` that takes `latencyMs` of manual time and throws the queued failures first. */
class FakeSender {
  readonly sent: Array<{ jobId: string; payload: string; final: boolean; at: number }> = [];
  readonly failures: Error[] = [];
  inFlight = 0;
  maxInFlight = 0;

  constructor(
    private readonly clock: ManualClock,
    private readonly latencyMs = 0,
  ) {}

  /** `payload@time` of every call, for compact assertions. */
  get log(): string[] {
    return this.sent.map((s) => `${s.payload}${s.final ? "!" : ""}@${s.at}`);
  }

  readonly send = async (jobId: string, payload: string, info: { final: boolean }): Promise<void> => {
    this.sent.push({ jobId, payload, final: info.final, at: this.clock.now() });
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      if (this.latencyMs > 0) await this.clock.sleep(this.latencyMs);
      const failure = this.failures.shift();
      if (failure) throw failure;
    } finally {
      this.inFlight--;
    }
  };
}

function setup(options: Partial<MessageUpdateThrottleOptions<string>> = {}, latencyMs = 0) {
  const clock = new ManualClock(0);
  const scheduler = new Scheduler({ clock });
  const sender = new FakeSender(clock, latencyMs);
  const reports: string[] = [];
  const throttle = new MessageUpdateThrottle<string>({
    send: sender.send,
    minIntervalMs: 3_000,
    scheduler,
    random: () => 0,
    onGone: (jobId, error) => void reports.push(`gone ${jobId} ${error.message}`),
    onError: (jobId, error, f) => void reports.push(`error ${jobId} #${f.attempt} retry=${f.willRetry}`),
    ...options,
  });
  const outcomes: Record<string, ShowOutcome> = {};
  /** Shows `payload` (its own key) and remembers how the call ended. */
  const show = (payload: string, final = false) =>
    throttle.show("job", { payload, key: payload, final }).then((o) => (outcomes[payload] = o));
  return { clock, sender, throttle, reports, outcomes, show };
}

describe("MessageUpdateThrottle", () => {
  test("an update whose key equals the last one is skipped", async () => {
    const { clock, sender, throttle, outcomes, show } = setup();
    void show("10%");
    await clock.advance(5_000);
    void throttle.show("job", { payload: "10% again", key: "10%" }).then((o) => (outcomes.again = o));
    await clock.advance(5_000);
    expect(sender.log).toEqual(["10%@0"]);
    expect(outcomes).toEqual({ "10%": "delivered", again: "skipped" });
    expect(throttle.stats).toMatchObject({ sends: 1, skipped: 1 });
  });

  test("wouldSkip tells whether offering a key now would be skipped, as show decides", async () => {
    const { clock, sender, throttle, show } = setup();
    expect(throttle.wouldSkip("job", "10%")).toBe(false);
    sender.failures.push(new DeliveryError("invalid", "Invalid Form Body"));
    void show("10%");
    expect([throttle.wouldSkip("job", "10%"), throttle.wouldSkip("job", "20%")]).toEqual([true, false]);
    await clock.advance(1);
    // The edit failed for good: the same content may be offered again.
    expect(throttle.wouldSkip("job", "10%")).toBe(false);
    void show("done", true);
    expect(throttle.wouldSkip("job", "30%")).toBe(true);
  });

  test("changes inside the interval coalesce into one trailing edit with the latest payload", async () => {
    const { clock, sender, throttle, outcomes, show } = setup();
    void show("10%");
    for (const [at, payload] of [
      [500, "20%"],
      [1_000, "30%"],
      [2_000, "40%"],
    ] as const) {
      await clock.advanceTo(at);
      void show(payload);
    }
    await clock.advance(10_000);
    expect(sender.log).toEqual(["10%@0", "40%@3000"]);
    expect(outcomes).toEqual({
      "10%": "delivered",
      "20%": "superseded",
      "30%": "superseded",
      "40%": "delivered",
    });
    expect(throttle.stats).toMatchObject({ sends: 2, coalesced: 2 });
  });

  test("only one edit per message is in flight; the next waits for it and for the interval", async () => {
    const { clock, sender, show } = setup({}, 5_000);
    void show("10%");
    await clock.advance(3_500);
    void show("20%");
    await clock.advance(20_000);
    expect(sender.log).toEqual(["10%@0", "20%@5000"]);
    expect(sender.maxInFlight).toBe(1);
  });

  test("a final update goes out right after the edit in flight, replacing the pending one, unthrottled", async () => {
    const { clock, sender, outcomes, show } = setup({}, 1_000);
    void show("10%");
    await clock.advance(100);
    void show("20%");
    const final = show("done", true);
    await clock.advance(5_000);
    expect(await final).toBe("delivered");
    expect(sender.log).toEqual(["10%@0", "done!@1000"]);
    expect(outcomes["20%"]).toBe("superseded");
  });

  test("a final update with the same key as the last one is still sent, and progress after it is skipped", async () => {
    const { clock, sender, throttle, show } = setup();
    void show("done");
    const final = show("done", true);
    await clock.advance(0);
    void show("late progress");
    await clock.advance(10_000);
    expect(await final).toBe("delivered");
    expect(sender.log).toEqual(["done@0", "done!@0"]);
    expect(throttle.stats.skipped).toBe(1);
  });

  test("a transient error is retried after its retryAfterMs", async () => {
    const { clock, sender, reports, show } = setup();
    sender.failures.push(new DeliveryError("transient", "429", { retryAfterMs: 7_000 }));
    void show("10%");
    await clock.advance(20_000);
    expect(sender.log).toEqual(["10%@0", "10%@7000"]);
    expect(reports).toEqual(["error job #1 retry=true"]);
  });

  test.each([
    { final: false, failures: 3, expected: "failed", sends: 3 },
    { final: true, failures: 12, expected: "delivered", sends: 13 },
  ])(
    "with $failures transient failures a final=$final update ends $expected after $sends sends",
    async ({ final, failures, expected, sends }) => {
      const { clock, sender, show } = setup();
      for (let i = 0; i < failures; i++) sender.failures.push(new DeliveryError("transient", "503"));
      const outcome = show("payload", final);
      await clock.advance(600_000);
      expect(await outcome).toBe(expected);
      expect(sender.sent).toHaveLength(sends);
    },
  );

  test("a final update is given up once retries have failed for finalRetryForMs", async () => {
    const { clock, sender, reports, show } = setup({ finalRetryForMs: 60_000 });
    for (let i = 0; i < 100; i++) sender.failures.push(new DeliveryError("transient", "503"));
    const outcome = show("done", true);
    await clock.advance(600_000);
    expect(await outcome).toBe("failed");
    expect(reports.at(-1)).toMatch(/retry=false/);
    expect(Math.max(...sender.sent.map((s) => s.at))).toBeGreaterThanOrEqual(60_000);
  });

  test("an unknown error counts as a retry for a final update and is reported", async () => {
    const { clock, sender, reports, show } = setup();
    sender.failures.push(new Error("socket hang up"));
    const outcome = show("done", true);
    await clock.advance(10_000);
    expect(await outcome).toBe("delivered");
    expect(sender.log).toEqual(["done!@0", "done!@1000"]);
    expect(reports).toEqual(["error job #1 retry=true"]);
  });

  test("a gone message stops every progress edit at once, logs one line, and the final update is still sent once", async () => {
    const logs = captureLogs("debug");
    const { clock, sender, throttle, reports, outcomes, show } = setup({ logger: logs.logger }, 1_000);
    sender.failures.push(new DeliveryError("message-gone", "Unknown Message", { route: "interaction" }));
    void show("10%");
    await clock.advance(500);
    void show("20%");
    await clock.advance(10_000);
    for (const progress of ["30%", "40%", "50%"]) {
      void show(progress);
      await clock.advance(10_000);
    }
    expect(throttle.wouldSkip("job", "60%")).toBe(true);
    const final = show("done", true);
    await clock.advance(10_000);

    expect(await final).toBe("delivered");
    expect(outcomes).toEqual({
      "10%": "message-gone",
      "20%": "skipped",
      "30%": "skipped",
      "40%": "skipped",
      "50%": "skipped",
      done: "delivered",
    });
    expect(sender.log).toEqual(["10%@0", "done!@40500"]);
    expect(reports).toEqual(["gone job Unknown Message", "error job #1 retry=false"]);
    expect(logs.lines).toHaveLength(1);
    expect(logs.text()).toMatch(/message is gone/);
    expect(logs.text()).not.toMatch(/stack/);
  });

  test.each([
    { kind: "transient" as const, level: 40, willRetry: true },
    { kind: "invalid" as const, level: 40, willRetry: false },
  ])(
    "a $kind failure is logged once, without a stack (willRetry: $willRetry)",
    async ({ kind, level, willRetry }) => {
      const logs = captureLogs("debug");
      const { clock, sender, show } = setup({ logger: logs.logger });
      sender.failures.push(new DeliveryError(kind, "Discord said no"));
      void show("10%");
      await clock.advance(10_000);
      const lines = logs.lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ level, jobId: "job", kind, reason: "Discord said no", willRetry });
      expect(logs.text()).not.toMatch(/stack/);
    },
  );

  test("an invalid request gives up that update, and the next change is still sent", async () => {
    const { clock, sender, outcomes, show } = setup();
    sender.failures.push(new DeliveryError("invalid", "Invalid Form Body"));
    void show("10%");
    await clock.advance(3_000);
    void show("10%");
    await clock.advance(3_000);
    expect(outcomes["10%"]).toBe("delivered");
    expect(sender.log).toEqual(["10%@0", "10%@3000"]);
  });

  test("forget cancels the pending update of a job", async () => {
    const { clock, sender, throttle, outcomes, show } = setup();
    void show("10%");
    await clock.advance(0);
    void show("20%");
    expect(throttle.forget("job")).toBe(true);
    await clock.advance(10_000);
    expect(outcomes["20%"]).toBe("cancelled");
    expect(sender.log).toEqual(["10%@0"]);
  });

  test("each message is throttled on its own", async () => {
    const { clock, sender, throttle } = setup();
    for (const jobId of ["a", "b"]) void throttle.show(jobId, { payload: `${jobId}1`, key: "1" });
    await clock.advance(1_000);
    for (const jobId of ["a", "b"]) void throttle.show(jobId, { payload: `${jobId}2`, key: "2" });
    await clock.advance(5_000);
    expect(sender.log).toEqual(["a1@0", "b1@0", "a2@3000", "b2@3000"]);
  });
});
