/**
 * Pacing one Midjourney account like a person (midjourney-facts.md: accounts get blocked after a few hundred
 * to two thousand jobs a day; proxies offer work hours and random gaps): a daily budget of creates in any
 * rolling 24 hours, rest hours in a time zone, and a least gap between two creates with jitter. Pure: the
 * time and the random source are handed in; `ServerPacer` keeps one server's creates.
 */

import type { PacingPolicy, RestHours } from "../../config-pacing.js";

export { parseRestHours, type PacingPolicy, type RestHours } from "../../config-pacing.js";

/** The daily budget's rolling window. */
export const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60_000;

/** Whether a server's account may get a create now, and if not, why and until when. */
export type PaceState =
  | { readonly open: true }
  | { readonly open: false; readonly reason: "budget" | "resting" | "gap"; readonly until: number };

const OPEN: PaceState = { open: true };

/** Share of the least gap added at most at random, so creates do not come like clockwork. */
export const GAP_JITTER = 0.5;

/** Minutes after midnight at `now` in `timeZone`. */
function minuteOfDay(now: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(now));
  const hour = Number(parts.find((p) => p.type === "hour")?.value ?? 0);
  const minute = Number(parts.find((p) => p.type === "minute")?.value ?? 0);
  return hour * 60 + minute;
}

/** When the rest that `now` falls in ends (ms epoch), or null when `now` is outside the rest hours. */
export function restEndsAt(rest: RestHours, now: number): number | null {
  const minute = minuteOfDay(now, rest.timeZone);
  const inside =
    rest.from < rest.to ? minute >= rest.from && minute < rest.to : minute >= rest.from || minute < rest.to;
  if (!inside) return null;
  const left = (rest.to - minute + 24 * 60) % (24 * 60);
  // To the start of the minute the rest ends in.
  return now - (now % MINUTE_MS) + left * MINUTE_MS;
}

/**
 * Whether the account may get a create at `now` under `policy`, given `creates` (the times of its creates,
 * any order) and `nextGapAt` (the earliest time of its next create, set by the last one's gap).
 */
export function paceAt(
  policy: PacingPolicy,
  creates: readonly number[],
  nextGapAt: number,
  now: number,
): PaceState {
  if (policy.restHours) {
    const until = restEndsAt(policy.restHours, now);
    if (until !== null) return { open: false, reason: "resting", until };
  }
  if (policy.dailyLimit !== undefined) {
    const inDay = creates.filter((at) => at > now - DAY_MS).sort((a, b) => a - b);
    if (inDay.length >= policy.dailyLimit) {
      const oldest = inDay[inDay.length - policy.dailyLimit]!;
      return { open: false, reason: "budget", until: oldest + DAY_MS };
    }
  }
  if (now < nextGapAt) return { open: false, reason: "gap", until: nextGapAt };
  return OPEN;
}

/** Creates in the rolling 24 hours before `now`. */
export function createsToday(creates: readonly number[], now: number): number {
  return creates.filter((at) => at > now - DAY_MS).length;
}

/** One server's creates and the pacing they are held to. */
export class ServerPacer {
  private creates: number[] = [];
  private nextGapAt = 0;

  constructor(
    readonly policy: PacingPolicy,
    private readonly random: () => number = Math.random,
  ) {}

  /** Whether a create may go now (see {@link paceAt}). */
  state(now: number): PaceState {
    return paceAt(this.policy, this.creates, this.nextGapAt, now);
  }

  /** Creates in the last 24 hours. */
  today(now: number): number {
    return createsToday(this.creates, now);
  }

  /**
   * The creates of the last day as read from the store (every process's), in place of those known here; the
   * newest, another process's too, starts a least gap (without jitter: its own was drawn where it was sent).
   */
  counted(creates: readonly number[]): void {
    this.creates = [...creates];
    const gap = this.policy.minGapMs ?? 0;
    const newest = creates.reduce((latest, at) => Math.max(latest, at), 0);
    if (gap > 0 && newest > 0) this.nextGapAt = Math.max(this.nextGapAt, newest + gap);
  }

  /** A create was sent at `now`: it counts against the budget and starts the next gap. */
  created(now: number): void {
    this.creates = [...this.creates.filter((at) => at > now - DAY_MS), now];
    const gap = this.policy.minGapMs ?? 0;
    if (gap > 0) this.nextGapAt = now + gap + Math.floor(this.random() * gap * GAP_JITTER);
  }
}
