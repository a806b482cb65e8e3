/**
 * The creates sent to each server, for its daily budget and least gap (`pacing.ts`): kept in the job database
 * (`src/store/sql-server-creates.ts`), so a restart does not reset a server's budget and every process of a
 * fleet counts the creates of all of them. Each process reads them again with the holds
 * (`HOLDS_REFRESH_MS`).
 */

import { DAY_MS } from "./pacing.js";

/** A day: creates older than this before the newest are no longer counted, and may be dropped. */
export const CREATES_KEPT_MS = DAY_MS;

/** One create sent to a server. */
export interface ServerCreate {
  readonly server: string;
  /** When it was sent (ms epoch). */
  readonly at: number;
}

/** Where the creates sent to each server are kept. */
export interface ServerCreateStore {
  /** A create was sent to `server` at `at` (creates older than {@link CREATES_KEPT_MS} before it may go). */
  created(create: ServerCreate): Promise<void>;
  /** Every create sent after `since`, by any process, oldest first. */
  since(since: number): Promise<ServerCreate[]>;
}

/** {@link ServerCreateStore} in memory (tests, or a bot given an in-memory job store). */
export class MemoryServerCreateStore implements ServerCreateStore {
  private creates: ServerCreate[] = [];

  async created(create: ServerCreate): Promise<void> {
    this.creates = [...this.creates.filter((c) => c.at > create.at - CREATES_KEPT_MS), create];
  }

  async since(since: number): Promise<ServerCreate[]> {
    return this.creates.filter((c) => c.at > since).sort((a, b) => a.at - b.at);
  }
}
