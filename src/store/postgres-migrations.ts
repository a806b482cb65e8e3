/**
 * The Postgres job database's schema: the same versioned-migration concept as the SQLite one
 * ({@link Migration}, never edit a released one), recorded in a `schema_migrations` table (one row per applied
 * migration) since Postgres has no `user_version`. Each migration runs in its own transaction (Postgres DDL is
 * transactional) under an advisory lock, so several bot processes may start at once.
 */
import type { Pool, PoolClient } from "pg";
import type { Migration, MigrationResult } from "./migrations.js";
import { StoreError } from "./store-error.js";

/** Every migration of the Postgres schema, oldest first. Columns match SQLite's, see `job-rows.ts`. */
export const POSTGRES_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: "jobs, per-user submission times, store metadata",
    statements: [
      `CREATE TABLE jobs (
        image_id TEXT PRIMARY KEY,
        -- Save order, which findByRef and unfinished follow (SQLite's rowid); an upsert keeps it.
        seq BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE,
        ref TEXT NOT NULL,
        prompt TEXT NOT NULL,
        requester_id TEXT NOT NULL,
        source TEXT NOT NULL,
        application_id TEXT NOT NULL,
        interaction_token TEXT,
        interaction_token_expires_at BIGINT,
        guild_id TEXT,
        channel_id TEXT NOT NULL,
        message_id TEXT,
        channel_editable BOOLEAN NOT NULL,
        started_at BIGINT NOT NULL,
        status TEXT NOT NULL,
        progress DOUBLE PRECISION,
        outcome TEXT,
        finished_at BIGINT,
        delivered BOOLEAN NOT NULL,
        error TEXT,
        updated_at BIGINT NOT NULL
      )`,
      "CREATE INDEX jobs_ref ON jobs (ref, seq)",
      "CREATE INDEX jobs_started_at ON jobs (started_at)",
      "CREATE INDEX jobs_unfinished ON jobs (seq) WHERE outcome IS NULL OR NOT delivered",
      "CREATE INDEX jobs_prunable ON jobs (finished_at) WHERE outcome IS NOT NULL AND delivered",
      `CREATE TABLE user_usage (
        user_id TEXT PRIMARY KEY,
        last_submission_at BIGINT NOT NULL
      )`,
      "CREATE INDEX user_usage_last_submission_at ON user_usage (last_submission_at)",
      "CREATE TABLE store_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    ],
  },
  {
    version: 2,
    description: "who cancelled a job (outcome cancelled)",
    statements: ["ALTER TABLE jobs ADD COLUMN cancelled_by TEXT"],
  },
  {
    version: 3,
    description: "index of each member's jobs by start time, for /history",
    statements: ["CREATE INDEX jobs_requester ON jobs (requester_id, started_at)"],
  },
  {
    version: 4,
    description: "prompts kept for Try again, and claims of what happens at most once",
    statements: [
      `CREATE TABLE kept_prompts (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL,
        prompt TEXT NOT NULL,
        kept_at BIGINT NOT NULL
      )`,
      "CREATE INDEX kept_prompts_kept_at ON kept_prompts (kept_at)",
      "CREATE TABLE once_claims (key TEXT PRIMARY KEY, claimed_at BIGINT NOT NULL)",
      "CREATE INDEX once_claims_claimed_at ON once_claims (claimed_at)",
    ],
  },
  {
    version: 5,
    description: "job kind, and the grid, image and factor an upscale (Enhance) job enlarges",
    statements: [
      "ALTER TABLE jobs ADD COLUMN kind TEXT NOT NULL DEFAULT 'imagine' CHECK (kind IN ('imagine', 'upscale'))",
      "ALTER TABLE jobs ADD COLUMN parent_id TEXT",
      "ALTER TABLE jobs ADD COLUMN parent_index INTEGER",
      "ALTER TABLE jobs ADD COLUMN upscale_factor TEXT",
    ],
  },
  {
    version: 6,
    description: "messages posted per job and action (result, U images), so each is posted once",
    statements: [
      `CREATE TABLE job_posts (
        job_id TEXT NOT NULL,
        action TEXT NOT NULL,
        guild_id TEXT,
        channel_id TEXT NOT NULL,
        message_id TEXT NOT NULL,
        posted_at BIGINT NOT NULL,
        PRIMARY KEY (job_id, action)
      )`,
      "CREATE INDEX job_posts_posted_at ON job_posts (posted_at)",
    ],
  },
  {
    version: 7,
    description: "job leases, named fleet leases, fleet processes, submission reservations",
    statements: [
      // Which process follows the job, until when (see JobStore.claim); NULL: nobody.
      "ALTER TABLE jobs ADD COLUMN lease_owner TEXT",
      "ALTER TABLE jobs ADD COLUMN lease_expires_at BIGINT",
      // When a webhook last named the job (a hint for its owner, see PostgresJobStore.sendHint).
      "ALTER TABLE jobs ADD COLUMN hinted_at BIGINT",
      "CREATE INDEX jobs_lease_owner ON jobs (lease_owner) WHERE outcome IS NULL OR NOT delivered",
      // Fleet-wide usage limits count the jobs in flight per user and per server.
      "CREATE INDEX jobs_active_requester ON jobs (requester_id) WHERE outcome IS NULL",
      "CREATE INDEX jobs_active_guild ON jobs (guild_id) WHERE outcome IS NULL",
      `CREATE TABLE fleet_leases (
        name TEXT PRIMARY KEY,
        owner TEXT NOT NULL,
        expires_at BIGINT NOT NULL
      )`,
      `CREATE TABLE fleet_processes (
        process_id TEXT PRIMARY KEY,
        started_at BIGINT NOT NULL,
        seen_at BIGINT NOT NULL,
        shards TEXT NOT NULL,
        jobs INTEGER NOT NULL
      )`,
      // Submissions admitted but not created yet: they count against the limits of every process.
      `CREATE TABLE submission_reservations (
        ref TEXT PRIMARY KEY,
        user_id TEXT NOT NULL,
        guild_id TEXT,
        -- When it was admitted: it starts the user's cooldown like a submission.
        at BIGINT NOT NULL,
        owner TEXT NOT NULL,
        expires_at BIGINT NOT NULL
      )`,
    ],
  },
  {
    version: 8,
    description: "server and member settings, images started per member, server and day",
    statements: [
      // JSON of GuildSettings / MemberSettings, parsed with their schemas when read.
      `CREATE TABLE guild_settings (
        guild_id TEXT PRIMARY KEY,
        settings JSONB NOT NULL,
        updated_at BIGINT NOT NULL
      )`,
      `CREATE TABLE member_settings (
        user_id TEXT PRIMARY KEY,
        settings JSONB NOT NULL,
        updated_at BIGINT NOT NULL
      )`,
      // guild_id '' for DMs; day is the UTC date (YYYY-MM-DD), so rows of past days can be pruned.
      `CREATE TABLE daily_images (
        guild_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        day TEXT NOT NULL,
        images INTEGER NOT NULL,
        PRIMARY KEY (guild_id, user_id, day)
      )`,
      "CREATE INDEX daily_images_day ON daily_images (day)",
    ],
  },
  {
    version: 9,
    description: "whether a job's result goes to its requester's DMs (/settings delivery)",
    statements: ["ALTER TABLE jobs ADD COLUMN deliver_by_dm BOOLEAN NOT NULL DEFAULT false"],
  },
  {
    version: 10,
    description: "the language of a job's messages, chosen when it was submitted",
    statements: ["ALTER TABLE jobs ADD COLUMN language TEXT NOT NULL DEFAULT 'en'"],
  },
  {
    version: 11,
    description: "finding an image's Enhance by image, index and factor (each click on an Enhance button)",
    statements: ["CREATE INDEX jobs_upscale_source ON jobs (parent_id, parent_index, upscale_factor)"],
  },
];

/** Key of the transaction-level advisory lock that serializes migrations (any constant; "imgb"). */
const MIGRATION_LOCK = 0x696d6762;

const CREATE_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version INTEGER PRIMARY KEY,
  description TEXT NOT NULL,
  applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
)`;

async function schemaVersion(db: Pick<PoolClient, "query">): Promise<number> {
  const result = await db.query<{ version: number | null }>(
    "SELECT max(version) AS version FROM schema_migrations",
  );
  return Number(result.rows[0]?.version ?? 0);
}

/** Runs `work` in a transaction holding the migration lock. */
async function locked<T>(client: PoolClient, work: () => Promise<T>): Promise<T> {
  await client.query("BEGIN");
  try {
    await client.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    const result = await work();
    await client.query("COMMIT");
    return result;
  } catch (err) {
    await client.query("ROLLBACK").catch(() => {});
    throw err;
  }
}

/**
 * Brings the database up to the last of `migrations`, one transaction per migration, each recorded in
 * `schema_migrations`. Safe on every start and from several processes at once: each transaction takes the
 * migration lock, then re-reads the version.
 * @param where how messages name the database (never with its password)
 * @throws {StoreError} when the database was written by a newer bot (a schema this one does not know).
 */
export async function migratePostgres(
  pool: Pool,
  where: string,
  migrations: readonly Migration[] = POSTGRES_MIGRATIONS,
): Promise<MigrationResult> {
  const latest = migrations.length;
  const client = await pool.connect();
  try {
    const from = await locked(client, async () => {
      await client.query(CREATE_MIGRATIONS_TABLE);
      return schemaVersion(client);
    });
    if (from > latest) {
      throw new StoreError(
        `The Postgres ${where} has schema version ${from}, but this imagine-bot knows only up to ${latest}: ` +
          "it was written by a newer version. Upgrade the bot, or point DATABASE_URL at another database.",
      );
    }
    for (const migration of migrations.slice(from)) {
      await locked(client, async () => {
        if ((await schemaVersion(client)) >= migration.version) return;
        for (const sql of migration.statements) await client.query(sql);
        await client.query("INSERT INTO schema_migrations (version, description) VALUES ($1, $2)", [
          migration.version,
          migration.description,
        ]);
      });
    }
    return { from, to: await schemaVersion(client) };
  } finally {
    client.release();
  }
}
