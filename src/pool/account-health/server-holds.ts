/**
 * Servers held after an account notice: a held server gets no new work until the time Midjourney gave
 * ("blocked … for 1 hour"), or, without one, until a moderator resumes it. Kept in the job database
 * (`src/store/sql-server-holds.ts`), so a hold survives a restart and every process of a fleet reads it;
 * each process reads the table again every {@link HOLDS_REFRESH_MS}.
 */
import type { AccountNoticeKind } from "../../service/account-notices.js";

/** How often a process reads the holds again (a fleet's other processes may have held or resumed one). */
export const HOLDS_REFRESH_MS = 5_000;

/** Longest stored notice text (Midjourney's own words, for the owner's log and moderators). */
export const MAX_NOTICE_LENGTH = 500;

/** One held server. */
export interface ServerHold {
  /** The server's name (IMAGINE_API_NAME[_N]). */
  readonly server: string;
  readonly kind: AccountNoticeKind;
  /** Midjourney's notice as the server reported it (without `Midjourney message:`), cut to 500 characters. */
  readonly notice: string;
  /** When it was held (ms epoch). */
  readonly since: number;
  /** When the hold ends by itself (the time the notice gave), or null: until a moderator resumes it. */
  readonly until: number | null;
}

/** Where holds are kept. */
export interface ServerHoldStore {
  /** Holds `hold.server` unless it is held already; whether this call held it (false: held before). */
  hold(hold: ServerHold): Promise<boolean>;
  /** Ends the server's hold; the hold that ended, or null when it was not held. */
  resume(server: string): Promise<ServerHold | null>;
  /** Every hold not ended by `now` (a hold with `until <= now` has ended). */
  active(now: number): Promise<ServerHold[]>;
}

/** {@link ServerHoldStore} in memory (tests, or a bot given an in-memory job store). */
export class MemoryServerHoldStore implements ServerHoldStore {
  private readonly holds = new Map<string, ServerHold>();

  async hold(hold: ServerHold): Promise<boolean> {
    const before = this.holds.get(hold.server);
    if (before && (before.until === null || before.until > hold.since)) return false;
    this.holds.set(hold.server, hold);
    return true;
  }

  async resume(server: string): Promise<ServerHold | null> {
    const hold = this.holds.get(server) ?? null;
    this.holds.delete(server);
    return hold;
  }

  async active(now: number): Promise<ServerHold[]> {
    return [...this.holds.values()].filter((h) => h.until === null || h.until > now);
  }
}

/** Whether `hold` keeps its server from new work at `now`. */
export function holds(hold: ServerHold | undefined, now: number): hold is ServerHold {
  return hold !== undefined && (hold.until === null || now < hold.until);
}
