/**
 * Midjourney's own refusals count (issue 32): a member whose prompts Midjourney's moderator refused
 * `threshold` times within 24 hours is paused for `pauseMs` where it happened (a server, or DMs), since
 * repeated refusals put the operator's account at risk of suspension (midjourney-facts.md, "Moderation and
 * the account"). Moderators see and lift pauses in `/imagine-config paused`. The counts and pauses are kept
 * in the job database (`src/store/sql-refusal-pauses.ts`).
 */

/** The window refusals are counted in. */
export const REFUSAL_WINDOW_MS = 24 * 60 * 60 * 1000;

/** A member paused in a server (`guildId`) or in DMs (`null`). */
export interface MemberPause {
  readonly userId: string;
  readonly guildId: string | null;
  /** When the pause began and ends (ms since the epoch). */
  readonly pausedAt: number;
  readonly until: number;
  /** Midjourney's refusals that started it. */
  readonly refusals: number;
}

/** Where refusals and pauses are kept. */
export interface RefusalPauseStore {
  /** Records a refusal at `at`, forgets the member's refusals before `since`, and returns those left. */
  addRefusal(userId: string, guildId: string | null, at: number, since: number): Promise<number>;
  /**
   * Saves a pause (replacing the member's earlier one there) and forgets the member's refusals there: the
   * refusals that started it never count towards the next pause.
   */
  savePause(pause: MemberPause): Promise<void>;
  /** The member's pause there that has not ended by `now`, if any. */
  activePause(userId: string, guildId: string | null, now: number): Promise<MemberPause | null>;
  /** Pauses in `guildId` (`null`: DMs) not ended by `now`, soonest end first. */
  activePauses(guildId: string | null, now: number): Promise<MemberPause[]>;
  /** Ends the member's pause there and forgets their refusals; whether a pause was active at `now`. */
  lift(userId: string, guildId: string | null, now: number): Promise<boolean>;
  /**
   * Forgets refusals before `refusalsBefore` (outside the window, they no longer count) and pauses ended by
   * `now` (housekeeping); returns how many rows went.
   */
  prune(refusalsBefore: number, now: number): Promise<number>;
}

/** {@link RefusalPauseStore} in memory (tests, or a bot given an in-memory job store). */
export class MemoryRefusalPauseStore implements RefusalPauseStore {
  private readonly refusals = new Map<string, number[]>();
  private readonly pauses = new Map<string, MemberPause>();

  async addRefusal(userId: string, guildId: string | null, at: number, since: number): Promise<number> {
    const key = `${guildId ?? ""} ${userId}`;
    const kept = [...(this.refusals.get(key) ?? []), at].filter((t) => t >= since);
    this.refusals.set(key, kept);
    return kept.length;
  }

  async savePause(pause: MemberPause): Promise<void> {
    const key = `${pause.guildId ?? ""} ${pause.userId}`;
    this.pauses.set(key, pause);
    this.refusals.delete(key);
  }

  async activePause(userId: string, guildId: string | null, now: number): Promise<MemberPause | null> {
    const pause = this.pauses.get(`${guildId ?? ""} ${userId}`);
    return pause && pause.until > now ? pause : null;
  }

  async activePauses(guildId: string | null, now: number): Promise<MemberPause[]> {
    return [...this.pauses.values()]
      .filter((p) => p.guildId === guildId && p.until > now)
      .sort((a, b) => a.until - b.until);
  }

  async lift(userId: string, guildId: string | null, now: number): Promise<boolean> {
    const key = `${guildId ?? ""} ${userId}`;
    const active = (this.pauses.get(key)?.until ?? 0) > now;
    this.pauses.delete(key);
    this.refusals.delete(key);
    return active;
  }

  async prune(refusalsBefore: number, now: number): Promise<number> {
    let removed = 0;
    for (const [key, times] of this.refusals) {
      const kept = times.filter((t) => t >= refusalsBefore);
      removed += times.length - kept.length;
      if (kept.length === 0) this.refusals.delete(key);
      else this.refusals.set(key, kept);
    }
    for (const [key, pause] of this.pauses) {
      if (pause.until > now) continue;
      this.pauses.delete(key);
      removed += 1;
    }
    return removed;
  }
}

export interface RefusalPausesOptions {
  store: RefusalPauseStore;
  /** Refusals within 24 h that pause a member (MIDJOURNEY_REFUSALS_TO_PAUSE); 0: never. */
  threshold: number;
  /** How long a pause lasts (MIDJOURNEY_REFUSAL_PAUSE_HOURS). */
  pauseMs: number;
  now(): number;
}

/** Counts Midjourney's refusals per member and place, and pauses at the threshold. */
export class RefusalPauses {
  constructor(private readonly options: RefusalPausesOptions) {}

  /** Whether refusals are counted at all. */
  get enabled(): boolean {
    return this.options.threshold > 0;
  }

  /**
   * Counts one of Midjourney's refusals of `userId`'s prompt in `guildId` (`null`: DMs). Returns the pause
   * it starts when this refusal reaches the threshold, else null (also while already paused).
   */
  async refused(userId: string, guildId: string | null): Promise<MemberPause | null> {
    if (!this.enabled) return null;
    const { store, threshold, pauseMs } = this.options;
    const now = this.options.now();
    const count = await store.addRefusal(userId, guildId, now, now - REFUSAL_WINDOW_MS);
    if (count < threshold || (await store.activePause(userId, guildId, now))) return null;
    const pause: MemberPause = { userId, guildId, pausedAt: now, until: now + pauseMs, refusals: count };
    await store.savePause(pause);
    return pause;
  }

  /** The member's pause in force there, if any. */
  activePause(userId: string, guildId: string | null): Promise<MemberPause | null> {
    if (!this.enabled) return Promise.resolve(null);
    return this.options.store.activePause(userId, guildId, this.options.now());
  }

  /** The pauses in force in a server (`null`: DMs). */
  activePauses(guildId: string | null): Promise<MemberPause[]> {
    return this.options.store.activePauses(guildId, this.options.now());
  }

  /** Lifts the member's pause there (and forgets their refusals); whether one was in force. */
  lift(userId: string, guildId: string | null): Promise<boolean> {
    return this.options.store.lift(userId, guildId, this.options.now());
  }

  /** Forgets refusals that no longer count and pauses that ended (housekeeping); how many rows went. */
  prune(): Promise<number> {
    const now = this.options.now();
    return this.options.store.prune(now - REFUSAL_WINDOW_MS, now);
  }
}
