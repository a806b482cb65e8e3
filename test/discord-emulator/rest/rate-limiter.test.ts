import { describe, expect, test } from "vitest";
import { RateLimiter, rateLimitResponse } from "../../../tools/discord-emulator/rest/rate-limits.js";

function limiterAt(start = 1_000_000) {
  let now = start;
  const limiter = new RateLimiter(
    { channelMessageWrites: { limit: 2, windowMs: 5000 }, global: { limit: 3, windowMs: 1000 } },
    () => now,
  );
  return { limiter, advance: (ms: number) => (now += ms) };
}

const bucket = (major: string) => ({
  kind: "channelMessageWrites" as const,
  route: "POST /channels/:channel/messages",
  major,
});

describe("RateLimiter", () => {
  test("a bucket allows its limit per window, then rejects until the window resets", () => {
    const { limiter, advance } = limiterAt();
    expect(limiter.take(bucket("1"), false, "t").rejection).toBeNull();
    expect(limiter.take(bucket("1"), false, "t").headers["x-ratelimit-remaining"]).toBe("0");
    const rejected = limiter.take(bucket("1"), false, "t");
    expect(rejected.rejection).toMatchObject({ retryAfterMs: 5000, global: false });
    advance(5000);
    expect(limiter.take(bucket("1"), false, "t").rejection).toBeNull();
  });

  test("major parameters have separate buckets that share one bucket hash", () => {
    const { limiter } = limiterAt();
    limiter.take(bucket("1"), false, "t");
    const a = limiter.take(bucket("1"), false, "t");
    const b = limiter.take(bucket("2"), false, "t");
    expect(b.rejection).toBeNull();
    expect(a.headers["x-ratelimit-bucket"]).toBe(b.headers["x-ratelimit-bucket"]);
  });

  test("the global limit counts across routes only for requests that count globally", () => {
    const { limiter } = limiterAt();
    for (let i = 0; i < 3; i++) expect(limiter.take(bucket(String(i)), true, "t").rejection).toBeNull();
    expect(limiter.take(bucket("9"), false, "t").rejection).toBeNull();
    const rejected = limiter.take(bucket("8"), true, "t");
    expect(rejected.rejection).toMatchObject({ global: true, scope: "global" });
    expect(rejected.headers["x-ratelimit-global"]).toBe("true");
  });

  test("headers carry reset times in seconds", () => {
    const { limiter } = limiterAt(2_000_000);
    const { headers } = limiter.take(bucket("1"), false, "t");
    expect(headers).toMatchObject({
      "x-ratelimit-limit": "2",
      "x-ratelimit-remaining": "1",
      "x-ratelimit-reset": "2005.000",
      "x-ratelimit-reset-after": "5.000",
    });
  });

  test("the 429 body gives retry_after in seconds and the same value in Retry-After", () => {
    expect(rateLimitResponse({ retryAfterMs: 1234, global: false, scope: "user" })).toEqual({
      body: { message: "You are being rate limited.", code: 0, retry_after: 1.234, global: false },
      headers: { "retry-after": "1.234" },
    });
  });
});
