/**
 * Each image server's slots counted by the whole fleet (see {@link ServerSlotLedger}): from durable state,
 * the jobs table's unfinished jobs per server plus holds for creates under way, under a per-server advisory
 * transaction lock, so two processes cannot both take a server's last slot. Members take turns across the
 * fleet: a new grid takes a slot only when no other process's waiting grid is next in the fleet's one line,
 * the fleet's waiting jobs in `LineOrder`'s order.
 */
import type pg from "pg";
import type { FleetWaiting, ServerSlotHold, ServerSlotLedger } from "../fleet/fleet-channels.js";
import { LineOrder } from "../imagine/line/line-order.js";
import type { JobKindName } from "../imagine/job-kind.js";
import { placementOf } from "../imagine/job-placement.js";
import { readPrompt } from "../prompt/prompt.js";

/** SQL: whether the row `alias` is a job waiting in the bot's line (its `JobPhase`; no record exists yet). */
function standIn(alias: string): string {
  return `${alias}.phase = 'waiting'`;
}

/** Namespace of the advisory locks on image servers ("imsv"). */
const SERVER_LOCK_CLASS = 0x696d7376;

/**
 * Slots of server $1 in use: its unfinished jobs with a record (a waiting job's stand-in holds none;
 * a job saved without a server is server 1's, $2) plus live holds whose job is not saved yet.
 */
const IN_USE_SQL = `SELECT
  (SELECT count(*) FROM jobs j WHERE j.outcome IS NULL AND NOT ${standIn("j")}
     AND (j.server = $1 OR (j.server IS NULL AND $1 = $2)))
  + (SELECT count(*) FROM server_slot_holds h WHERE h.server = $1 AND h.expires_at > $3
     AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.ref = h.ref AND NOT ${standIn("j")})) AS in_use`;

/**
 * The fleet's waiting jobs of live processes (a dead process's jobs wait for another to claim them), each
 * with its member's latest start across the fleet; ordered by `LineOrder`, the one definition of the order.
 */
const WAITING_SQL = `SELECT w.image_id, w.ref, w.requester_id, w.started_at, w.lease_owner, w.kind, w.prompt,
    (SELECT max(j.started_at) FROM jobs j WHERE j.requester_id = w.requester_id AND NOT ${standIn("j")})
      AS last_started
  FROM jobs w WHERE ${standIn("w")} AND w.outcome IS NULL AND w.lease_expires_at > $1`;

interface WaitingRow {
  image_id: string;
  ref: string;
  requester_id: string;
  started_at: number;
  lease_owner: string;
  kind: JobKindName;
  prompt: string;
  last_started: number | null;
}

/** The rows of {@link WAITING_SQL} in fair order. */
function lineOf(rows: readonly WaitingRow[]): FleetWaiting[] {
  const lastStarted = new Map(rows.map((r) => [r.requester_id, r.last_started ?? undefined]));
  const line = new LineOrder<FleetWaiting>((member) => lastStarted.get(member));
  for (const row of rows)
    line.add({
      id: row.image_id,
      ref: row.ref,
      member: row.requester_id,
      queuedAt: row.started_at,
      owner: row.lease_owner,
      inTurn: placementOf({ kind: { name: row.kind }, prompt: readPrompt(row.prompt) }).inTurn,
    });
  return [...line.order()];
}

/** The {@link ServerSlotLedger} on a Postgres pool. */
export class PostgresServerSlots implements ServerSlotLedger {
  constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => number,
  ) {}

  async take(hold: ServerSlotHold): Promise<boolean> {
    const client = await this.pool.connect();
    try {
      await client.query("BEGIN");
      await client.query("SELECT pg_advisory_xact_lock($1, hashtext($2))", [SERVER_LOCK_CLASS, hold.server]);
      const now = this.now();
      // Holds that ran out, or whose job is saved, count no more: forget them.
      await client.query(
        "DELETE FROM server_slot_holds h WHERE h.server = $1 AND (h.expires_at <= $2 OR EXISTS " +
          `(SELECT 1 FROM jobs j WHERE j.ref = h.ref AND NOT ${standIn("j")}))`,
        [hold.server, now],
      );
      const row = (await client.query<{ in_use: string }>(IN_USE_SQL, [hold.server, hold.firstServer, now]))
        .rows[0];
      let taken = Number(row?.in_use ?? 0) < hold.slots;
      if (taken && hold.inTurn) {
        const line = lineOf((await client.query<WaitingRow>(WAITING_SQL, [now])).rows);
        const next = line.find((waiting) => waiting.inTurn);
        // Another process's member is next: the slot is left for that process (it tries within seconds).
        taken = !next || next.ref === hold.ref || next.owner === hold.owner;
      }
      if (taken)
        await client.query(
          "INSERT INTO server_slot_holds (ref, server, owner, expires_at) VALUES ($1, $2, $3, $4) " +
            "ON CONFLICT (ref) DO UPDATE SET server = $2, owner = $3, expires_at = $4",
          [hold.ref, hold.server, hold.owner, hold.expiresAt],
        );
      await client.query("COMMIT");
      return taken;
    } catch (err) {
      await client.query("ROLLBACK").catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  }

  async waitingLine(): Promise<readonly FleetWaiting[]> {
    return lineOf((await this.pool.query<WaitingRow>(WAITING_SQL, [this.now()])).rows);
  }

  async release(ref: string): Promise<void> {
    await this.pool.query("DELETE FROM server_slot_holds WHERE ref = $1", [ref]);
  }
}
