/**
 * What a fleet of bot processes shares through Postgres beyond the jobs themselves: usage limits counted in
 * the database (so two processes admitting at the same moment cannot both pass a limit) and webhook hints
 * passed to the process that follows the job (LISTEN/NOTIFY).
 */
import type pg from "pg";
import type {
  FleetUsage,
  JobHints,
  SubmissionLedger,
  SubmissionReservation,
} from "../fleet/fleet-channels.js";
import type { Logger } from "../logger.js";
import { ADD_DAILY_IMAGES_POSTGRES } from "./sql-daily-image-counts.js";

/** Namespace of the advisory locks on users and servers ("imgu"; the migration lock uses a bigint key). */
const USAGE_LOCK_CLASS = 0x696d6775;

const USAGE_SQL = `SELECT
  (SELECT count(*) FROM jobs WHERE outcome IS NULL AND requester_id = $1)
    + (SELECT count(*) FROM submission_reservations r WHERE r.user_id = $1 AND r.expires_at > $3
       AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.ref = r.ref)) AS user_active,
  CASE WHEN $2::text IS NULL THEN 0 ELSE
    (SELECT count(*) FROM jobs WHERE outcome IS NULL AND guild_id = $2)
    + (SELECT count(*) FROM submission_reservations r WHERE r.guild_id = $2 AND r.expires_at > $3
       AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.ref = r.ref)) END AS guild_active,
  GREATEST(
    (SELECT last_submission_at FROM user_usage WHERE user_id = $1),
    (SELECT max(at) FROM submission_reservations WHERE user_id = $1 AND expires_at > $3)
  ) AS last_submission_at,
  COALESCE((SELECT images FROM daily_images WHERE guild_id = COALESCE($2::text, '') AND user_id = $1 AND day = $4), 0)
    AS daily_images`;

/** The {@link SubmissionLedger} on a Postgres pool. */
export class PostgresSubmissionLedger implements SubmissionLedger {
  constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => number,
  ) {}

  async reserve(
    r: SubmissionReservation,
    accept: (usage: FleetUsage) => boolean,
  ): Promise<{ usage: FleetUsage; reserved: boolean }> {
    const client = await this.pool.connect();
    try {
      await client.query("BEGIN");
      // Always the user first, then the server: two admissions never wait on each other in a cycle.
      await client.query("SELECT pg_advisory_xact_lock($1, hashtext($2))", [
        USAGE_LOCK_CLASS,
        `u${r.userId}`,
      ]);
      if (r.guildId !== null)
        await client.query("SELECT pg_advisory_xact_lock($1, hashtext($2))", [
          USAGE_LOCK_CLASS,
          `g${r.guildId}`,
        ]);
      const row = (
        await client.query<{
          user_active: number;
          guild_active: number;
          last_submission_at: number | null;
          daily_images: number;
        }>(USAGE_SQL, [r.userId, r.guildId, this.now(), r.day])
      ).rows[0];
      const usage: FleetUsage = {
        userActive: Number(row?.user_active ?? 0),
        guildActive: Number(row?.guild_active ?? 0),
        lastSubmissionAt: row?.last_submission_at ?? undefined,
        dailyImages: Number(row?.daily_images ?? 0),
      };
      const reserved = accept(usage);
      if (reserved) {
        await client.query(
          "INSERT INTO submission_reservations (ref, user_id, guild_id, at, owner, expires_at) " +
            "VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (ref) DO NOTHING",
          [r.ref, r.userId, r.guildId, r.at, r.owner, r.expiresAt],
        );
        // Counted now, under the lock: the next admission of this user sees it.
        await client.query(ADD_DAILY_IMAGES_POSTGRES, [r.guildId ?? "", r.userId, r.day, 1]);
      }
      await client.query("COMMIT");
      return { usage, reserved };
    } catch (err) {
      await client.query("ROLLBACK").catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  }

  async settle(ref: string, submitted: boolean): Promise<void> {
    // Expired places of dead processes go too (they no longer count anyway; their images of the day do).
    await this.pool.query(
      "WITH gone AS (DELETE FROM submission_reservations WHERE ref = $1 OR expires_at <= $2 " +
        "RETURNING ref, user_id, guild_id, at) " +
        "UPDATE daily_images d SET images = GREATEST(d.images - 1, 0) FROM gone " +
        "WHERE NOT $3 AND gone.ref = $1 AND d.user_id = gone.user_id AND d.guild_id = COALESCE(gone.guild_id, '') " +
        "AND d.day = to_char(to_timestamp(gone.at / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD')",
      [ref, this.now(), submitted],
    );
  }
}

/** The channel webhook hints travel on; the payload is `<owner> <image id>`. */
const HINT_CHANNEL = "imagine_job_hints";

/**
 * Passes a webhook about a job to the process following it, wherever the webhook arrived: records the hint
 * on the job and notifies the job's owner in the same statement. Only a hint: the owner re-reads the record
 * from the service.
 */
export class PostgresHints implements JobHints {
  private listener: pg.PoolClient | null = null;
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => number,
    private readonly log: Logger,
    /** Wait before listening again after the connection was lost. */
    private readonly reconnectMs = 1000,
  ) {}

  /**
   * Records a webhook about `imageId` for its owner, matched by image id alone (a self-hosted server's
   * webhook has no `ref`).
   * @returns whether an unfinished job with that id exists (and its owner, if any, was told).
   */
  async send(imageId: string): Promise<boolean> {
    const result = await this.pool.query(
      "WITH hinted AS (UPDATE jobs SET hinted_at = $2 WHERE image_id = $1 AND outcome IS NULL " +
        "RETURNING image_id, lease_owner) " +
        `SELECT pg_notify('${HINT_CHANNEL}', lease_owner || ' ' || image_id) FROM hinted WHERE lease_owner IS NOT NULL ` +
        "UNION ALL SELECT NULL FROM hinted WHERE lease_owner IS NULL",
      [imageId, this.now()],
    );
    return (result.rowCount ?? 0) > 0;
  }

  /**
   * Calls `onHint` with the image id of every hint sent to `owner`, on a connection of its own; a lost
   * connection is replaced (hints sent meanwhile are missed: polling finds those results).
   */
  async listen(owner: string, onHint: (imageId: string) => void): Promise<void> {
    const client = await this.pool.connect();
    this.listener = client;
    client.on("notification", (message) => {
      if (message.channel !== HINT_CHANNEL || !message.payload) return;
      const space = message.payload.lastIndexOf(" ");
      if (message.payload.slice(0, space) === owner) onHint(message.payload.slice(space + 1));
    });
    client.on("error", (err) => {
      if (this.listener !== client) return;
      this.listener = null;
      client.release(err);
      if (this.stopped) return;
      this.log.warn({ err }, "the webhook hint connection was lost; listening again");
      this.listenAgain(owner, onHint);
    });
    await client.query(`LISTEN ${HINT_CHANNEL}`);
  }

  private listenAgain(owner: string, onHint: (imageId: string) => void): void {
    this.retry = setTimeout(() => {
      this.retry = null;
      if (this.stopped) return;
      this.listen(owner, onHint).catch((err: unknown) => {
        this.log.warn({ err }, "cannot listen for webhook hints; trying again");
        this.listenAgain(owner, onHint);
      });
    }, this.reconnectMs);
    this.retry.unref();
  }

  /** Stops listening and gives the connection back. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.listener;
    this.listener = null;
    if (!client) return;
    await client.query(`UNLISTEN ${HINT_CHANNEL}`).catch(() => {});
    client.release();
  }
}
