/**
 * The fleet-wide cap on requests in flight to the image service (SERVICE_FLEET_MAX_CONCURRENCY), on
 * Postgres's own session advisory locks: slot `s` of N is the lock (`imss`, s). Each process holds a share
 * of the slots on one connection of its own and hands them to its requests locally, so a request costs no
 * database round trip; about once a second it rebalances (takes free slots while its requests wait, gives
 * back idle ones, and gives back down to a fair share while another process waits). A process that dies
 * loses its connection and with it every slot: Postgres frees session locks when the session ends (at once
 * for a killed process; for a lost machine, when the server's TCP keepalive gives up, set to ~25 s here).
 */
import type pg from "pg";
import type { ServiceSlots } from "../fleet/fleet-channels.js";
import type { Logger } from "../logger.js";

/** Lock class of the slots ("imss"); the usage locks use "imgu". */
const SLOT_LOCK_CLASS = 0x696d7373;
/** Lock class a process holds (shared) while its requests wait for slots ("imsw"). */
const WANT_LOCK_CLASS = 0x696d7377;

/** The advisory locks of slots and waiters in this database, each with whether it is this session's. */
const LOCKS_SQL = `SELECT pid = pg_backend_pid() AS mine, pid, classid::int AS class, objid::int AS slot
  FROM pg_locks WHERE locktype = 'advisory' AND granted AND objsubid = 2
    AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
    AND classid IN (${SLOT_LOCK_CLASS}::oid, ${WANT_LOCK_CLASS}::oid)`;

/**
 * Takes up to $2 of the slots not held by this session, starting at a random one. A volatile condition is
 * not pushed below the ORDER BY, so the LIMIT stops the tries; the next rebalance reads the locks back anyway.
 */
const TAKE_SQL = `SELECT slot FROM (SELECT s AS slot FROM generate_series(0, $1::int - 1) s
    WHERE s <> ALL($3::int[]) ORDER BY (s + $4::int) % $1::int) free
  WHERE pg_try_advisory_lock(${SLOT_LOCK_CLASS}, slot) LIMIT $2`;

/** Options of {@link PostgresServiceSlots}. */
export interface PostgresServiceSlotsOptions {
  /** Slots of the whole fleet (SERVICE_FLEET_MAX_CONCURRENCY). */
  total: number;
  /** Most slots this process holds (its SERVICE_MAX_CONCURRENCY, at most `total`). */
  localMax: number;
  /** Time between two rebalances while slots are held or wanted. Default 1000. */
  rebalanceMs?: number;
  logger: Logger;
  random?: () => number;
}

/** {@link ServiceSlots} on Postgres advisory locks; see the file's comment. */
export class PostgresServiceSlots implements ServiceSlots {
  private client: pg.PoolClient | null = null;
  /** Slot numbers this session holds. */
  private mine: number[] = [];
  private inUse = 0;
  private readonly queue: { resolve: () => void; reject: (err: Error) => void }[] = [];
  /** Most requests running or waiting at once since the last rebalance: this process's demand. */
  private peak = 0;
  private wanting = false;
  /** Slots this process may use now: its fair share while another process waits, else all it holds. */
  private share: number;
  private rebalancing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private failing = false;
  private readonly total: number;
  private readonly localMax: number;
  private readonly rebalanceMs: number;
  private readonly log: Logger;
  private readonly random: () => number;

  constructor(
    private readonly pool: pg.Pool,
    options: PostgresServiceSlotsOptions,
  ) {
    this.total = options.total;
    this.localMax = Math.min(options.localMax, options.total);
    this.rebalanceMs = options.rebalanceMs ?? 1000;
    this.log = options.logger.child({ component: "service-slots" });
    this.random = options.random ?? Math.random;
    this.share = this.localMax;
  }

  get held(): number {
    return this.mine.length;
  }

  get waiting(): number {
    return this.queue.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.stopped) throw new Error("The fleet's service slots are closed (the bot is stopping).");
    if (this.inUse < this.usable()) this.inUse++;
    else {
      const waited = new Promise<void>((resolve, reject) => this.queue.push({ resolve, reject }));
      this.notePeak();
      this.rebalanceNow();
      await waited;
    }
    this.notePeak();
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  /** Gives the slots back and closes the connection; requests still waiting fail. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.rebalancing;
    for (const waiter of this.queue.splice(0))
      waiter.reject(new Error("The fleet's service slots are closed (the bot is stopping)."));
    const client = this.client;
    this.client = null;
    this.mine = [];
    if (!client) return;
    await client.query("SELECT pg_advisory_unlock_all()").catch(() => {});
    client.release();
  }

  private notePeak(): void {
    this.peak = Math.max(this.peak, this.inUse + this.queue.length);
  }

  private usable(): number {
    return Math.min(this.mine.length, this.share);
  }

  /** A finished request's slot passes to the next waiter while this process may still use it. */
  private release(): void {
    const next = this.inUse <= this.usable() ? this.queue.shift() : undefined;
    if (next) next.resolve();
    else this.inUse--;
  }

  private wake(): void {
    while (this.inUse < this.usable() && this.queue.length > 0) {
      this.inUse++;
      this.queue.shift()!.resolve();
    }
  }

  private rebalanceNow(): void {
    if (this.rebalancing || this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.rebalancing = this.rebalance()
      .then(
        () => {
          if (this.failing) this.log.info("the fleet's service slots work again");
          this.failing = false;
        },
        (err: unknown) => {
          if (!this.failing)
            this.log.warn({ err }, "cannot rebalance the fleet's service slots; trying again");
          this.failing = true;
        },
      )
      .finally(() => {
        this.rebalancing = null;
        this.wake();
        // Idle with nothing held: no timer, no queries until a request waits.
        if (!this.stopped && (this.mine.length > 0 || this.queue.length > 0)) {
          this.timer = setTimeout(() => this.rebalanceNow(), this.rebalanceMs);
          this.timer.unref();
        }
      });
  }

  private async rebalance(): Promise<void> {
    const client = await this.connection();
    const demand = Math.min(this.localMax, this.peak);
    this.peak = this.inUse + this.queue.length;
    const locks = (await client.query<{ mine: boolean; pid: number; class: number; slot: number }>(LOCKS_SQL))
      .rows;
    this.mine = locks.filter((l) => l.mine && l.class === SLOT_LOCK_CLASS).map((l) => l.slot);
    const others = (cls: number) =>
      new Set(locks.filter((l) => !l.mine && l.class === cls).map((l) => l.pid));
    const othersWaiting = others(WANT_LOCK_CLASS).size > 0;
    const contenders = new Set([...others(WANT_LOCK_CLASS), ...others(SLOT_LOCK_CLASS)]).size + 1;
    // While another process waits, hold no more than a fair share of the slots.
    this.share = othersWaiting ? Math.ceil(this.total / contenders) : this.localMax;
    const target = Math.min(demand, this.share);
    if (this.mine.length > target) {
      const free = Math.max(0, this.mine.length - this.inUse);
      const give = this.mine.slice(0, Math.min(free, this.mine.length - target));
      if (give.length > 0) {
        await client.query(`SELECT pg_advisory_unlock(${SLOT_LOCK_CLASS}, s) FROM unnest($1::int[]) s`, [
          give,
        ]);
        this.mine = this.mine.filter((s) => !give.includes(s));
      }
    } else if (this.mine.length < target) {
      const start = Math.floor(this.random() * this.total);
      const taken = await client.query<{ slot: number }>(TAKE_SQL, [
        this.total,
        target - this.mine.length,
        this.mine,
        start,
      ]);
      this.mine.push(...taken.rows.map((r) => r.slot));
    }
    const short = this.inUse + this.queue.length > this.usable() && this.mine.length < this.share;
    if (short !== this.wanting) {
      await client.query(
        short
          ? `SELECT pg_advisory_lock_shared(${WANT_LOCK_CLASS}, 0)`
          : `SELECT pg_advisory_unlock_shared(${WANT_LOCK_CLASS}, 0)`,
      );
      this.wanting = short;
    }
  }

  /** This process's own connection; a lost one is replaced (its slots went with it). */
  private async connection(): Promise<pg.PoolClient> {
    if (this.client) return this.client;
    const client = await this.pool.connect();
    client.on("error", (err) => {
      if (this.client !== client) return;
      this.client = null;
      this.mine = [];
      this.wanting = false;
      client.release(err);
      this.log.warn({ err }, "the connection holding the fleet's service slots was lost; taking them again");
    });
    // The server frees a dead machine's slots once keepalive gives up on its connection (10 s + 3 x 5 s).
    await client.query(
      "SET tcp_keepalives_idle = 10; SET tcp_keepalives_interval = 5; SET tcp_keepalives_count = 3",
    );
    this.client = client;
    return client;
  }
}
