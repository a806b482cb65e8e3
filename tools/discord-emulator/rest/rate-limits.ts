/**
 * Discord-style rate limits: fixed-window buckets per route and major parameter (channel, interaction
 * token), a global per-token limit, the X-RateLimit-* headers on every response and 429s with
 * `retry_after`. They run on real time, not the emulator clock, so discord.js's own waiting matches them.
 * @see https://discord.com/developers/docs/topics/rate-limits
 */
import { createHash } from "node:crypto";

/** A bucket size: `limit` requests per `windowMs`. */
export interface BucketLimit {
  limit: number;
  windowMs: number;
}

/** The bucket sizes in use. Discord does not publish its numbers; these defaults are realistic. */
export interface RateLimitConfig {
  /** Per bot token across all routes except interaction callbacks (Discord: 50/s). */
  global: BucketLimit;
  /** Creating or editing messages in one channel. */
  channelMessageWrites: BucketLimit;
  /** Every `/webhooks/{app}/{token}` route, per interaction token. */
  interactionWebhook: BucketLimit;
  /** Interaction callbacks (exempt from the global limit). */
  interactionCallback: BucketLimit;
  /** Everything else, per route and major parameter. */
  other: BucketLimit;
}

/** Names of the configurable buckets (everything but the global one). */
export type BucketKind = Exclude<keyof RateLimitConfig, "global">;

/** Realistic defaults. */
export const DEFAULT_RATE_LIMITS: RateLimitConfig = {
  global: { limit: 50, windowMs: 1000 },
  channelMessageWrites: { limit: 5, windowMs: 5000 },
  interactionWebhook: { limit: 5, windowMs: 2000 },
  interactionCallback: { limit: 10, windowMs: 1000 },
  other: { limit: 10, windowMs: 1000 },
};

/** Which bucket a request falls into. */
export interface BucketKey {
  kind: BucketKind;
  /** The route template, e.g. `POST /channels/:channel/messages` (shares the bucket hash). */
  route: string;
  /** The major parameter value (channel id, token), or "global". */
  major: string;
}

/** A rejected request's details (body of the 429). */
export interface RateLimitRejection {
  retryAfterMs: number;
  global: boolean;
  scope: "user" | "global";
}

/** The outcome of {@link RateLimiter.take}. */
export interface RateLimitVerdict {
  headers: Record<string, string>;
  rejection: RateLimitRejection | null;
}

interface WindowState {
  remaining: number;
  resetAt: number;
}

function seconds(ms: number): string {
  return (Math.max(0, ms) / 1000).toFixed(3);
}

/** Tracks buckets and decides whether a request may pass. */
export class RateLimiter {
  readonly #windows = new Map<string, WindowState>();
  #config: RateLimitConfig;

  constructor(
    config: Partial<RateLimitConfig> = {},
    private readonly now: () => number = Date.now,
  ) {
    this.#config = { ...DEFAULT_RATE_LIMITS, ...config };
  }

  /** The bucket sizes in use. */
  get config(): Readonly<RateLimitConfig> {
    return this.#config;
  }

  /** Changes bucket sizes at run time (existing windows keep running). */
  configure(config: Partial<RateLimitConfig>): void {
    this.#config = { ...this.#config, ...config };
  }

  /** Forgets all windows (every bucket full again). */
  reset(): void {
    this.#windows.clear();
  }

  #window(key: string, limit: BucketLimit, now: number): WindowState {
    let state = this.#windows.get(key);
    if (!state || now >= state.resetAt) {
      state = { remaining: limit.limit, resetAt: now + limit.windowMs };
      this.#windows.set(key, state);
    }
    return state;
  }

  /** Counts a request against its buckets; returns the headers to send and whether it is rejected. */
  take(bucket: BucketKey, countsGlobal: boolean, token: string): RateLimitVerdict {
    const now = this.now();
    const limit = this.#config[bucket.kind];
    const route = this.#window(`${bucket.route}|${bucket.major}`, limit, now);
    const hash = createHash("md5").update(bucket.route).digest("hex");
    const headers = (remaining: number): Record<string, string> => ({
      "x-ratelimit-limit": String(limit.limit),
      "x-ratelimit-remaining": String(Math.max(0, remaining)),
      "x-ratelimit-reset": seconds(route.resetAt),
      "x-ratelimit-reset-after": seconds(route.resetAt - now),
      "x-ratelimit-bucket": hash,
    });
    if (countsGlobal) {
      const global = this.#window(`global|${token}`, this.#config.global, now);
      if (global.remaining <= 0) {
        const retryAfterMs = global.resetAt - now;
        return {
          headers: {
            ...headers(route.remaining),
            "x-ratelimit-global": "true",
            "x-ratelimit-scope": "global",
          },
          rejection: { retryAfterMs, global: true, scope: "global" },
        };
      }
    }
    if (route.remaining <= 0) {
      return {
        headers: { ...headers(0), "x-ratelimit-scope": "user" },
        rejection: { retryAfterMs: route.resetAt - now, global: false, scope: "user" },
      };
    }
    route.remaining--;
    if (countsGlobal) this.#window(`global|${token}`, this.#config.global, now).remaining--;
    return { headers: headers(route.remaining), rejection: null };
  }
}

/** The 429 body and headers Discord sends. */
export function rateLimitResponse(rejection: RateLimitRejection): {
  body: { message: string; code: number; retry_after: number; global: boolean };
  headers: Record<string, string>;
} {
  const retryAfter = Math.max(0.001, Math.round(rejection.retryAfterMs) / 1000);
  return {
    // `code` is required by Discord's API description (RatelimitedResponse); 0 is its general code.
    body: {
      message: "You are being rate limited.",
      code: 0,
      retry_after: retryAfter,
      global: rejection.global,
    },
    headers: { "retry-after": retryAfter.toFixed(3) },
  };
}
