/**
 * Account health in the pool: whether each server's Midjourney account may get new work now. A server is
 * held after its first account notice (`src/service/account-notices.ts`; until the time Midjourney gave, or until a
 * moderator resumes it; kept in the database, so a restart and a fleet see it), and paced like a person
 * (`pacing.ts`: daily budget, rest hours, least gap). {@link AccountPort} is the one port where this room
 * meets the engine: the pool asks it before it sends a create, tells it of each create, and the job
 * handling tells it of each failed record.
 */
import type { Logger } from "../../logger.js";
import { accountNoticeOf, blockDurationMs } from "../../service/account-notices.js";
import { ServerPacer, type PacingPolicy } from "./pacing.js";
import { CREATES_KEPT_MS, type ServerCreate, type ServerCreateStore } from "./server-creates.js";
import {
  HOLDS_REFRESH_MS,
  MAX_NOTICE_LENGTH,
  holds,
  type ServerHold,
  type ServerHoldStore,
} from "./server-holds.js";

/** Whether a server's account may get new work now, and if not, why and until when. */
export type AccountState =
  | { readonly kind: "open" }
  | { readonly kind: "held"; readonly hold: ServerHold }
  | { readonly kind: "resting" | "budget" | "gap"; readonly until: number };

/** What the engine asks of account health, and tells it (the one port). */
export interface AccountPort {
  /** The state of `server`'s account at `now` (open, held, resting, budget spent, within its gap). */
  state(server: string, now: number): AccountState;
  /** Whether server `server`'s account may get a new create at `now`. */
  takesJobs(server: string, now: number): boolean;
  /** A create was sent to `server` at `now`. */
  created(server: string, now: number): void;
  /**
   * A job on `server` failed with the record's `error`: when it is an account notice, the server is held
   * (once; the owner's log and `onHeld` say so) and the hold is returned; null for any other failure.
   */
  noticed(server: string, error: string | null): Promise<ServerHold | null>;
}

/** When an account closed at `now` opens again by itself; null when open or held until a moderator resumes it. */
export function opensAt(state: AccountState): number | null {
  if (state.kind === "open") return null;
  return state.kind === "held" ? state.hold.until : state.until;
}

/** What {@link AccountHealth} needs. */
export interface AccountHealthDeps {
  /** Every server of the pool with its pacing (`IMAGINE_API_DAILY_LIMIT_N`, …). */
  servers: readonly { readonly name: string; readonly pacing: PacingPolicy }[];
  store: ServerHoldStore;
  /** The creates sent to each server, for the daily budgets (shared by a fleet). Absent: counted here only. */
  creates?: ServerCreateStore;
  now(): number;
  random?: () => number;
  logger: Logger;
  /** A server was held by this process (for the audit channel). */
  onHeld?(hold: ServerHold): void;
}

const PREFIX = /^midjourney message:\s*/i;

/** Every server's account health, read from and kept in the hold store. */
export class AccountHealth implements AccountPort {
  private readonly pacers = new Map<string, ServerPacer>();
  /** The active holds as last read (or made here), by server. */
  private held = new Map<string, ServerHold>();
  private timer: NodeJS.Timeout | null = null;
  /** Creates sent here whose row a read of the store may not have seen yet (see {@link refresh}). */
  private readonly unsaved = new Set<{ create: ServerCreate; savedInRead: number }>();
  /** Reads of the store begun so far. */
  private reads = 0;

  constructor(private readonly deps: AccountHealthDeps) {
    for (const server of deps.servers)
      this.pacers.set(server.name, new ServerPacer(server.pacing, deps.random));
  }

  /** The state of `server`'s account at `now`: held first, then resting, budget spent, or within its gap. */
  state(server: string, now: number): AccountState {
    const hold = this.held.get(server);
    if (holds(hold, now)) return { kind: "held", hold };
    const pace = this.pacers.get(server)?.state(now);
    if (pace && !pace.open) return { kind: pace.reason, until: pace.until };
    return { kind: "open" };
  }

  takesJobs(server: string, now: number): boolean {
    return this.state(server, now).kind === "open";
  }

  created(server: string, now: number): void {
    this.pacers.get(server)?.created(now);
    const { creates } = this.deps;
    if (!creates) return;
    const entry = { create: { server, at: now }, savedInRead: Infinity };
    this.unsaved.add(entry);
    creates.created(entry.create).then(
      // Every read begun from now on sees it.
      () => void (entry.savedInRead = this.reads + 1),
      (err: unknown) =>
        this.deps.logger.warn({ err, server }, "could not count a create in the database; counted here only"),
    );
  }

  /** Creates sent to `server` in the last 24 hours, and its daily budget (null: none). */
  today(server: string, now: number): { creates: number; limit: number | null } {
    const pacer = this.pacers.get(server);
    return { creates: pacer?.today(now) ?? 0, limit: pacer?.policy.dailyLimit ?? null };
  }

  async noticed(server: string, error: string | null): Promise<ServerHold | null> {
    const text = (error ?? "").trim();
    // Only Midjourney's own words: a server's other failures are not about its account.
    if (!PREFIX.test(text)) return null;
    const said = text.replace(PREFIX, "");
    const notice = accountNoticeOf(said);
    if (!notice) return null;
    const now = this.deps.now();
    const duration = blockDurationMs(said);
    const hold: ServerHold = {
      server,
      kind: notice.kind,
      notice: said.slice(0, MAX_NOTICE_LENGTH),
      since: now,
      until: duration === null ? null : now + duration,
    };
    const before = this.held.get(server);
    if (holds(before, now)) return before;
    this.held.set(server, hold);
    let first = true;
    try {
      first = await this.deps.store.hold(hold);
    } catch (err) {
      // Held here anyway: the next read of the store tries again to share it.
      this.deps.logger.warn({ err, server }, "could not save a server's hold in the database");
    }
    if (!first) {
      await this.refresh();
      return this.held.get(server) ?? hold;
    }
    this.deps.logger.error(
      {
        server,
        notice: hold.notice,
        kind: hold.kind,
        until: hold.until === null ? null : new Date(hold.until).toISOString(),
      },
      hold.until === null
        ? "Midjourney sent this server's account a notice: the server gets no new job until a moderator resumes it " +
            "(/imagine-status, Resume); deal with the notice in Midjourney's Discord first"
        : "Midjourney blocked this server's account for a while: the server gets no new job until the block ends",
    );
    this.deps.onHeld?.(hold);
    return hold;
  }

  /** Ends `server`'s hold (a moderator's Resume); the hold that ended, or null when it was not held. */
  async resume(server: string): Promise<ServerHold | null> {
    const ended = await this.deps.store.resume(server);
    const local = this.held.get(server) ?? null;
    this.held.delete(server);
    if (ended ?? local)
      this.deps.logger.info({ server }, "a moderator resumed the image server: it takes jobs again");
    return ended ?? local;
  }

  /**
   * Reads the holds again (another process of the fleet may have held or resumed a server), and the creates
   * of the last day when a server has a daily budget or a least gap (a restart and a fleet's other processes
   * count).
   */
  async refresh(): Promise<void> {
    try {
      const active = await this.deps.store.active(this.deps.now());
      this.held = new Map(active.map((h) => [h.server, h]));
    } catch (err) {
      this.deps.logger.warn({ err }, "could not read the servers' holds; keeping the last ones read");
    }
    await this.readCreates();
  }

  private async readCreates(): Promise<void> {
    const { creates } = this.deps;
    const paced = [...this.pacers.values()].some(
      (p) => p.policy.dailyLimit !== undefined || (p.policy.minGapMs ?? 0) > 0,
    );
    if (!creates || !paced) return;
    const read = ++this.reads;
    const now = this.deps.now();
    let stored: ServerCreate[];
    try {
      stored = await creates.since(now - CREATES_KEPT_MS);
    } catch (err) {
      this.deps.logger.warn({ err }, "could not read the servers' creates; keeping those counted here");
      return;
    }
    for (const entry of this.unsaved)
      if (entry.savedInRead <= read || entry.create.at <= now - CREATES_KEPT_MS) this.unsaved.delete(entry);
    const all = [...stored, ...[...this.unsaved].map((e) => e.create)];
    for (const [name, pacer] of this.pacers)
      pacer.counted(all.filter((c) => c.server === name).map((c) => c.at));
  }

  /** Reads the holds now and every {@link HOLDS_REFRESH_MS} until {@link stop}. */
  async start(): Promise<void> {
    await this.refresh();
    this.timer ??= setInterval(() => void this.refresh(), HOLDS_REFRESH_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
