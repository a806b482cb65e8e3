import { describe, expect, test } from "vitest";
import { ServiceError, type ServiceErrorInit, type ServiceErrorKind } from "../../src/service/errors.js";
import { backoffDelayMs, isRetryable, withRetries, type RetryPolicy } from "../../src/service/retry.js";

const err = (kind: ServiceErrorKind, init: ServiceErrorInit = {}) => new ServiceError(kind, kind, init);

describe("isRetryable", () => {
  test.each([
    { name: "network", error: err("network"), read: true, create: false },
    {
      name: "network, connect failed",
      error: err("network", { connectFailed: true }),
      read: true,
      create: true,
    },
    { name: "timeout", error: err("timeout"), read: true, create: false },
    { name: "server 500", error: err("server", { status: 500 }), read: true, create: false },
    { name: "server 503", error: err("server", { status: 503 }), read: true, create: false },
    {
      name: "server 503 with Retry-After",
      error: err("server", { status: 503, retryAfterMs: 1000 }),
      read: true,
      create: true,
    },
    { name: "not-json 502", error: err("not-json", { status: 502 }), read: true, create: false },
    {
      name: "not-json 503 with Retry-After",
      error: err("not-json", { status: 503, retryAfterMs: 1 }),
      read: true,
      create: true,
    },
    { name: "not-json 200", error: err("not-json", { status: 200 }), read: false, create: false },
    { name: "rate-limited", error: err("rate-limited", { status: 429 }), read: true, create: false },
    {
      name: "rate-limited with Retry-After",
      error: err("rate-limited", { status: 429, retryAfterMs: 1 }),
      read: true,
      create: true,
    },
    { name: "quota", error: err("quota", { status: 429, retryAfterMs: 1 }), read: false, create: false },
    { name: "unauthorized", error: err("unauthorized", { status: 401 }), read: false, create: false },
    { name: "forbidden", error: err("forbidden", { status: 403 }), read: false, create: false },
    { name: "validation", error: err("validation", { status: 400 }), read: false, create: false },
    { name: "invalid-response", error: err("invalid-response", { status: 200 }), read: false, create: false },
  ])("$name: read $read, create $create", ({ error, read, create }) => {
    expect(isRetryable(error, "idempotent")).toBe(read);
    expect(isRetryable(error, "create")).toBe(create);
  });
});

describe("backoffDelayMs", () => {
  const policy = { baseDelayMs: 500, maxDelayMs: 10_000 };
  test.each([
    { retry: 0, random: 0.999, ms: 499 },
    { retry: 1, random: 0.5, ms: 500 },
    { retry: 4, random: 0.5, ms: 4000 },
    { retry: 5, random: 0.5, ms: 5000 },
    { retry: 10, random: 0.5, ms: 5000 },
    { retry: 3, random: 0, ms: 0 },
  ])("retry $retry with random $random waits $ms ms", ({ retry, random, ms }) => {
    expect(backoffDelayMs(retry, { ...policy, random: () => random })).toBe(ms);
  });
});

describe("withRetries", () => {
  const policy = (sleeps: number[]): RetryPolicy => ({
    maxRetries: 3,
    baseDelayMs: 100,
    maxDelayMs: 1000,
    maxRetryAfterMs: 5000,
    sleep: async (ms) => void sleeps.push(ms),
    random: () => 1,
  });

  test("an error that is not a ServiceError is thrown at once", async () => {
    const sleeps: number[] = [];
    let attempts = 0;
    const run = withRetries("idempotent", policy(sleeps), async () => {
      attempts++;
      throw new TypeError("bug");
    });

    await expect(run).rejects.toThrow(TypeError);
    expect(attempts).toBe(1);
  });

  test("attempts are numbered from 1 and the retry listener hears every wait", async () => {
    const sleeps: number[] = [];
    const heard: Array<[number, number]> = [];
    const seen: number[] = [];
    const result = await withRetries(
      "idempotent",
      policy(sleeps),
      async (attempt) => {
        seen.push(attempt);
        if (attempt < 3) throw err("server", { status: 500 });
        return "done";
      },
      (_e, retry, delayMs) => heard.push([retry, delayMs]),
    );

    expect(result).toBe("done");
    expect(seen).toEqual([1, 2, 3]);
    expect(heard).toEqual([
      [1, 100],
      [2, 200],
    ]);
    expect(sleeps).toEqual([100, 200]);
  });
});
