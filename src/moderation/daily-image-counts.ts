/**
 * How many images each member started per UTC day in each server, for the daily limit (`USER_DAILY_IMAGES`,
 * or a server's own). Kept in the job database beside the jobs (see `src/store/sql-daily-image-counts.ts`);
 * in a fleet the Postgres ledger adds to the same counts under its locks.
 */

/** Images started per member, server and UTC day. DMs count under the server id `null`. */
export interface DailyImageCounts {
  /** Images `userId` started on `day` (`YYYY-MM-DD`, UTC) in `guildId` (`null`: DMs). */
  count(userId: string, guildId: string | null, day: string): Promise<number>;
  /** Adds `delta` to that count: 1 for an admitted image, -1 for one admitted but never created. */
  add(userId: string, guildId: string | null, day: string, delta: number): Promise<void>;
}

/** {@link DailyImageCounts} in memory (tests, or a bot given an in-memory job store). */
export class MemoryDailyImageCounts implements DailyImageCounts {
  private readonly counts = new Map<string, number>();

  async count(userId: string, guildId: string | null, day: string): Promise<number> {
    return this.counts.get(`${guildId ?? ""} ${userId} ${day}`) ?? 0;
  }

  async add(userId: string, guildId: string | null, day: string, delta: number): Promise<void> {
    const key = `${guildId ?? ""} ${userId} ${day}`;
    this.counts.set(key, Math.max(0, (this.counts.get(key) ?? 0) + delta));
  }
}
