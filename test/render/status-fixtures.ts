/** Inputs of the `/imagine-status` renderers: jobs, failures, and a whole status with sensible values. */
import type { Job } from "../../src/imagine/job.js";
import type { RecentFailure, StatusInput } from "../../commands/status/status-view.js";
import { readPrompt } from "../../src/prompt/prompt.js";

export const NOW = 1_714_557_600_000;
export const GUILD_ID = "900000000000000001";
export const CHANNEL_ID = "900000000000000002";
export const MESSAGE_ID = "900000000000000003";

/** Job number `n` of a server: a distinct id and requester, started `n` minutes before {@link NOW}. */
export function jobNumber(n: number, overrides: Partial<Job> = {}): Job {
  return {
    imageId: `job-${String(n).padStart(4, "0")}`,
    phase: "sent",
    ref: `80000000000000${String(n).padStart(4, "0")}`,
    prompt: readPrompt(`prompt number ${n} --ar 16:9`),
    kind: { name: "imagine" },
    requesterId: `10000000000000${String(n).padStart(4, "0")}`,
    source: "interaction",
    location: {
      applicationId: "700000000000000001",
      interactionToken: "token",
      interactionTokenExpiresAt: NOW + 900_000,
      guildId: GUILD_ID,
      channelId: CHANNEL_ID,
      messageId: MESSAGE_ID,
      channelEditable: true,
    },
    startedAt: NOW - n * 60_000,
    status: "in-progress",
    progress: 40,
    outcome: null,
    finishedAt: null,
    delivered: false,
    error: null,
    language: "en",
    ...overrides,
  };
}

/** `count` jobs, numbered from 1 (job 1 is the newest). */
export function jobs(count: number, overrides: Partial<Job> = {}): Job[] {
  return Array.from({ length: count }, (_, i) => jobNumber(i + 1, overrides));
}

/** Failure number `n`, `n` minutes before {@link NOW}. */
export function failureNumber(
  n: number,
  error: string | null = "Timeout while waiting to start",
): RecentFailure {
  return {
    imageId: `failed-${n}`,
    prompt: `failed prompt ${n}`,
    error,
    at: NOW - n * 60_000,
    requesterId: `20000000000000${String(n).padStart(4, "0")}`,
  };
}

/** A healthy service, no jobs, no failures, default limits; `overrides` replaces top-level fields. */
export function statusInput(overrides: Partial<StatusInput> = {}): StatusInput {
  return {
    service: {
      botStatus: "healthy",
      message: null,
      latencyMs: 123.4,
      lastError: null,
      lastErrorAt: null,
      checkedAt: NOW - 5_000,
    },
    inFlight: [],
    counts24h: { completed: 12, failed: 3, timedOut: 1 },
    recentFailures: [],
    limits: {
      userMaxActive: 2,
      userCooldownMs: 10_000,
      guildMaxActive: 10,
      bannedWordsCount: 42,
      promptMaxLength: 2000,
    },
    page: 0,
    now: NOW,
    ...overrides,
  };
}
