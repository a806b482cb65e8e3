/**
 * Each image server's slots counted by the whole fleet (see {@link ServerSlotLedger}): from durable state,
 * the jobs table's unfinished jobs per server plus holds for creates under way, under a per-server advisory
 * transaction lock, so two processes cannot both take a server's last slot. Members take turns across the
 * fleet: a new grid takes a slot only when no other process's waiting grid is next in the fleet's line.
 */
import type pg from "pg";
import type { ServerSlotHold, ServerSlotLedger } from "../fleet/fleet-channels.js";

/** Namespace of the advisory locks on image servers ("imsv"). */
const SERVER_LOCK_CLASS = 0x696d7376;

/**
 * Slots of server $1 in use: its unfinished jobs with a record (a waiting job's stand-in `q-...` holds none;
 * a job saved without a server is server 1's, $2) plus live holds whose job is not saved yet.
 */
const IN_USE_SQL = `SELECT
  (SELECT count(*) FROM jobs WHERE outcome IS NULL AND image_id NOT LIKE 'q-%'
     AND (server = $1 OR (server IS NULL AND $1 = $2)))
  + (SELECT count(*) FROM server_slot_holds h WHERE h.server = $1 AND h.expires_at > $3
     AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.ref = h.ref AND j.image_id NOT LIKE 'q-%')) AS in_use`;

/**
 * The process owning the fleet's next waiting grid (and its ref), members taking turns as in `FairQueue`
 * (a grid asking for a speed may wait for a server that runs it, so it holds no one back across the fleet):
 * the member whose latest job started longest ago (never first), then whose first waiting job is oldest;
 * their oldest waiting job. Only live leases count (a dead process's jobs wait for another to claim them).
 */
const NEXT_IN_LINE_SQL = `SELECT w.ref, w.lease_owner FROM jobs w
  WHERE w.image_id LIKE 'q-%' AND w.outcome IS NULL AND w.kind = 'imagine' AND w.lease_expires_at > $1
    AND w.prompt !~* '(^|\\s)--(fast|turbo|relax)(\\s|$)'
  ORDER BY (SELECT max(j.started_at) FROM jobs j WHERE j.requester_id = w.requester_id AND j.image_id NOT LIKE 'q-%')
      ASC NULLS FIRST,
    (SELECT min(x.started_at) FROM jobs x WHERE x.requester_id = w.requester_id AND x.image_id LIKE 'q-%'
      AND x.outcome IS NULL), w.started_at, w.ref
  LIMIT 1`;

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
          "(SELECT 1 FROM jobs j WHERE j.ref = h.ref AND j.image_id NOT LIKE 'q-%'))",
        [hold.server, now],
      );
      const row = (await client.query<{ in_use: string }>(IN_USE_SQL, [hold.server, hold.firstServer, now]))
        .rows[0];
      let taken = Number(row?.in_use ?? 0) < hold.slots;
      if (taken && hold.inTurn) {
        const next = (await client.query<{ ref: string; lease_owner: string }>(NEXT_IN_LINE_SQL, [now]))
          .rows[0];
        // Another process's member is next: the slot is left for that process (it tries within seconds).
        taken = !next || next.ref === hold.ref || next.lease_owner === hold.owner;
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

  async release(ref: string): Promise<void> {
    await this.pool.query("DELETE FROM server_slot_holds WHERE ref = $1", [ref]);
  }
}
