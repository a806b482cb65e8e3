/**
 * When to poll a job next: pure arithmetic, kept apart from the tracker so the numbers are easy to read
 * and to test.
 */
import type { ImageRecord } from "../service/schema.js";
import { exponentialBackoffMs, withJitter } from "./backoff.js";

/** The resolved timing rules of a `JobTracker`. All values are milliseconds. */
export interface PollPolicy {
  /** Pace while a job is `in-progress` (POLL_INTERVAL_MS). */
  readonly intervalMs: number;
  /** Longest pause between polls of a job that stays `pending` (or has an unknown status). */
  readonly pendingMaxIntervalMs: number;
  /** Longest pause after consecutive errors. */
  readonly errorMaxBackoffMs: number;
  /** Safety-net pace of a job whose records arrive by webhook. */
  readonly pushedIntervalMs: number;
  /** Shortest time between the starts of two polls of a job brought forward by webhooks. */
  readonly pushedPollGapMs: number;
  /** Every delay gets up to this fraction added at random, so jobs started together drift apart. */
  readonly jitterRatio: number;
}

/** Growth of the pause between polls of a job that stays `pending`. */
export const PENDING_BACKOFF_FACTOR = 1.5;

/** Options a caller may set; anything left out gets the documented default. */
export interface PollPolicyOptions {
  intervalMs: number;
  pendingMaxIntervalMs?: number | undefined;
  errorMaxBackoffMs?: number | undefined;
  pushedIntervalMs?: number | undefined;
  pushedPollGapMs?: number | undefined;
  jitterRatio?: number | undefined;
}

function requirePositive(name: string, value: number): number {
  if (!Number.isFinite(value) || value <= 0) {
    throw new RangeError(`${name} must be a positive number of milliseconds (got ${String(value)})`);
  }
  return value;
}

/**
 * Fills in defaults:
 * - `pendingMaxIntervalMs`: 4 × interval, but at most 15 s (never below the interval itself);
 * - `errorMaxBackoffMs`: 60 s (never below the interval);
 * - `pushedIntervalMs`: max(5 × interval, 15 s);
 * - `pushedPollGapMs`: min(interval, 1 s);
 * - `jitterRatio`: 0.2.
 * @throws {RangeError} on a non-positive interval or a jitter ratio outside 0..1.
 */
export function resolvePollPolicy(options: PollPolicyOptions): PollPolicy {
  const intervalMs = requirePositive("pollIntervalMs", options.intervalMs);
  const jitterRatio = options.jitterRatio ?? 0.2;
  if (!(jitterRatio >= 0 && jitterRatio <= 1)) {
    throw new RangeError(`jitterRatio must be between 0 and 1 (got ${String(jitterRatio)})`);
  }
  const pick = (name: string, value: number | undefined, fallback: number) =>
    value === undefined ? fallback : requirePositive(name, value);
  return {
    intervalMs,
    pendingMaxIntervalMs: pick(
      "pendingMaxIntervalMs",
      options.pendingMaxIntervalMs,
      Math.max(intervalMs, Math.min(4 * intervalMs, 15_000)),
    ),
    errorMaxBackoffMs: pick("errorMaxBackoffMs", options.errorMaxBackoffMs, Math.max(intervalMs, 60_000)),
    pushedIntervalMs: pick("pushedIntervalMs", options.pushedIntervalMs, Math.max(5 * intervalMs, 15_000)),
    pushedPollGapMs: pick("pushedPollGapMs", options.pushedPollGapMs, Math.min(intervalMs, 1_000)),
    jitterRatio,
  };
}

/**
 * Pause before the next poll after a record was handled, before jitter.
 * @param pendingStreak how many records in a row were not yet `in-progress` (pending or unknown status).
 * @param pushedRecently whether a webhook delivered a record for this job within `pushedIntervalMs`.
 */
export function pollDelayMs(policy: PollPolicy, pendingStreak: number, pushedRecently: boolean): number {
  if (pushedRecently) return policy.pushedIntervalMs;
  if (pendingStreak <= 1) return policy.intervalMs;
  const grown = policy.intervalMs * PENDING_BACKOFF_FACTOR ** (pendingStreak - 1);
  return Math.min(policy.pendingMaxIntervalMs, grown);
}

/** Pause after `failures` consecutive failed polls (1 = the first): interval × 2^(failures-1), capped. */
export function errorBackoffMs(policy: PollPolicy, failures: number): number {
  return exponentialBackoffMs(failures, policy.intervalMs, policy.errorMaxBackoffMs);
}

/** What a job's poll history says about its next poll. */
export interface PollHistory {
  /** Failed polls in a row (0 after a success). */
  readonly failures: number;
  /** The kind of the last failure, when `failures > 0`. */
  readonly lastErrorKind: string | undefined;
  /** Polls in a row that found the job not yet in progress. */
  readonly pendingStreak: number;
  /** When a poll last confirmed a change a webhook announced. */
  readonly lastPushAt: number | undefined;
}

/**
 * When a job is polled next: after the error backoff following failures (the longest for `unauthorized`,
 * which only the owner can fix; the shortest gap for `forbidden`, so a record the server lost is told within
 * seconds of it answering again), otherwise after {@link pollDelayMs}, jittered. A plain interval is not
 * jittered: the job keeps the phase its first jittered poll gave it, so its mean interval stays `intervalMs`.
 */
export function nextPollAt(
  policy: PollPolicy,
  history: PollHistory,
  now: number,
  random: () => number,
): number {
  let delayMs: number;
  if (history.failures > 0) {
    delayMs =
      history.lastErrorKind === "unauthorized"
        ? policy.errorMaxBackoffMs
        : // The server answers but no longer knows the record: confirmed quickly, not after the outage's backoff.
          history.lastErrorKind === "forbidden"
          ? policy.pushedPollGapMs
          : errorBackoffMs(policy, history.failures);
  } else {
    const pushed = history.lastPushAt !== undefined && now - history.lastPushAt < policy.pushedIntervalMs;
    delayMs = pollDelayMs(policy, history.pendingStreak, pushed);
    if (delayMs === policy.intervalMs) return now + delayMs;
  }
  return now + withJitter(delayMs, policy.jitterRatio, random);
}

/** When a poll asked for by a webhook may run: now, but not sooner than the gap after the last poll. */
export function pushedPollAt(policy: PollPolicy, lastPollAt: number | undefined, now: number): number {
  return Math.max(now, (lastPollAt ?? -Infinity) + policy.pushedPollGapMs);
}

const STATUS_RANK: ReadonlyMap<string, number> = new Map([
  ["in-progress", 1],
  ["completed", 2],
  ["failed", 2],
]);

/**
 * Whether `next` is provably older than `last`: its status is earlier in the lifecycle, or both are
 * `in-progress` and its progress is lower. Webhooks have no ordering guarantee and a poll may overtake a
 * push, so the tracker drops such records rather than showing the user a step backwards.
 */
export function isOlderRecord(next: ImageRecord, last: ImageRecord): boolean {
  const nextRank = STATUS_RANK.get(next.status) ?? 0;
  const lastRank = STATUS_RANK.get(last.status) ?? 0;
  if (nextRank !== lastRank) return nextRank < lastRank;
  return next.status === "in-progress" && (next.progress ?? 0) < (last.progress ?? 0);
}

/**
 * When a newly followed job is first polled: about one interval after it was created (jittered), or, for a
 * job resumed after a restart, at a random point of the next interval, so resumed jobs do not all poll at once.
 * `pollNow`: at once (a job taken over from a process that died has waited long enough).
 */
export function firstPollAt(
  policy: PollPolicy,
  startedAt: number,
  now: number,
  random: () => number,
  pollNow = false,
): number {
  if (pollNow) return now;
  const interval = policy.intervalMs;
  if (startedAt < now - interval) return now + random() * interval;
  return now + withJitter(interval, policy.jitterRatio, random);
}
