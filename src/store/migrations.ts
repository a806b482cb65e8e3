/**
 * The job database's schema, as an ordered list of migrations. The database's `PRAGMA user_version` is the
 * number of migrations applied; each migration runs in its own write transaction and sets it, so a crash
 * part-way leaves the database at the last complete version. Never edit a released migration: add one.
 */
import type { Client } from "@libsql/client";
import { StoreError } from "./store-error.js";

/** One step of the schema. `version` is its position in {@link MIGRATIONS}, starting at 1. */
export interface Migration {
  version: number;
  description: string;
  statements: readonly string[];
}

/** Every migration, oldest first. */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: "jobs, per-user submission times, store metadata",
    statements: [
      `CREATE TABLE jobs (
        image_id TEXT PRIMARY KEY NOT NULL,
        ref TEXT NOT NULL,
        prompt TEXT NOT NULL,
        requester_id TEXT NOT NULL,
        source TEXT NOT NULL,
        application_id TEXT NOT NULL,
        interaction_token TEXT,
        interaction_token_expires_at INTEGER,
        guild_id TEXT,
        channel_id TEXT NOT NULL,
        message_id TEXT,
        channel_editable INTEGER NOT NULL CHECK (channel_editable IN (0, 1)),
        started_at INTEGER NOT NULL,
        status TEXT NOT NULL,
        progress REAL,
        outcome TEXT,
        finished_at INTEGER,
        delivered INTEGER NOT NULL CHECK (delivered IN (0, 1)),
        error TEXT,
        updated_at INTEGER NOT NULL
      ) STRICT`,
      "CREATE INDEX jobs_ref ON jobs (ref)",
      "CREATE INDEX jobs_started_at ON jobs (started_at)",
      // Partial indexes whose WHERE matches the store's queries exactly, so SQLite can use them.
      "CREATE INDEX jobs_unfinished ON jobs (image_id) WHERE outcome IS NULL OR delivered = 0",
      "CREATE INDEX jobs_prunable ON jobs (finished_at) WHERE outcome IS NOT NULL AND delivered = 1",
      `CREATE TABLE user_usage (
        user_id TEXT PRIMARY KEY NOT NULL,
        last_submission_at INTEGER NOT NULL
      ) STRICT, WITHOUT ROWID`,
      "CREATE INDEX user_usage_last_submission_at ON user_usage (last_submission_at)",
      "CREATE TABLE store_meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) STRICT, WITHOUT ROWID",
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
        id TEXT PRIMARY KEY NOT NULL,
        user_id TEXT NOT NULL,
        prompt TEXT NOT NULL,
        kept_at INTEGER NOT NULL
      ) STRICT, WITHOUT ROWID`,
      "CREATE INDEX kept_prompts_kept_at ON kept_prompts (kept_at)",
      "CREATE TABLE once_claims (key TEXT PRIMARY KEY NOT NULL, claimed_at INTEGER NOT NULL) STRICT, WITHOUT ROWID",
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
        posted_at INTEGER NOT NULL,
        PRIMARY KEY (job_id, action)
      ) STRICT, WITHOUT ROWID`,
      "CREATE INDEX job_posts_posted_at ON job_posts (posted_at)",
    ],
  },
  {
    version: 7,
    description: "job leases, named fleet leases, fleet processes",
    statements: [
      // Which process follows the job, until when (see JobStore.claim); NULL: nobody.
      "ALTER TABLE jobs ADD COLUMN lease_owner TEXT",
      "ALTER TABLE jobs ADD COLUMN lease_expires_at INTEGER",
      "CREATE INDEX jobs_lease_owner ON jobs (lease_owner) WHERE outcome IS NULL OR delivered = 0",
      `CREATE TABLE fleet_leases (
        name TEXT PRIMARY KEY NOT NULL,
        owner TEXT NOT NULL,
        expires_at INTEGER NOT NULL
      ) STRICT, WITHOUT ROWID`,
      `CREATE TABLE fleet_processes (
        process_id TEXT PRIMARY KEY NOT NULL,
        started_at INTEGER NOT NULL,
        seen_at INTEGER NOT NULL,
        shards TEXT NOT NULL,
        jobs INTEGER NOT NULL
      ) STRICT, WITHOUT ROWID`,
    ],
  },
  {
    version: 8,
    description: "server and member settings, images started per member, server and day",
    statements: [
      // JSON of GuildSettings / MemberSettings, parsed with their schemas when read.
      `CREATE TABLE guild_settings (
        guild_id TEXT PRIMARY KEY NOT NULL,
        settings TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT, WITHOUT ROWID`,
      `CREATE TABLE member_settings (
        user_id TEXT PRIMARY KEY NOT NULL,
        settings TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT, WITHOUT ROWID`,
      // guild_id '' for DMs; day is the UTC date (YYYY-MM-DD), so rows of past days can be pruned.
      `CREATE TABLE daily_images (
        guild_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        day TEXT NOT NULL,
        images INTEGER NOT NULL,
        PRIMARY KEY (guild_id, user_id, day)
      ) STRICT, WITHOUT ROWID`,
      "CREATE INDEX daily_images_day ON daily_images (day)",
    ],
  },
  {
    version: 9,
    description: "whether a job's result goes to its requester's DMs (/settings delivery)",
    statements: ["ALTER TABLE jobs ADD COLUMN deliver_by_dm INTEGER NOT NULL DEFAULT 0"],
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

/** What {@link migrate} did. */
export interface MigrationResult {
  /** Schema version found when opening. */
  from: number;
  /** Schema version now. */
  to: number;
}

async function schemaVersion(db: Pick<Client, "execute">): Promise<number> {
  const result = await db.execute("PRAGMA user_version");
  return Number(result.rows[0]?.["user_version"] ?? 0);
}

/**
 * Brings the database up to the last of `migrations`, one transaction per migration. Safe to run on every
 * start and from two processes at once: each transaction re-reads the version after taking the write lock.
 * @throws {StoreError} when the database was written by a newer bot (a schema this one does not know).
 */
export async function migrate(
  client: Client,
  path: string,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<MigrationResult> {
  const latest = migrations.length;
  const from = await schemaVersion(client);
  if (from > latest) {
    throw new StoreError(
      `The database at ${path} has schema version ${from}, but this imagine-bot knows only up to ${latest}: ` +
        "it was written by a newer version. Upgrade the bot, or set DATABASE_PATH to another file.",
    );
  }
  for (const migration of migrations.slice(from)) {
    const tx = await client.transaction("write");
    try {
      if ((await schemaVersion(tx)) < migration.version) {
        for (const sql of migration.statements) await tx.execute(sql);
        // PRAGMA takes no bound parameters; the version is a number from this file.
        await tx.execute(`PRAGMA user_version = ${Math.trunc(migration.version)}`);
      }
      await tx.commit();
    } finally {
      tx.close();
    }
  }
  return { from, to: await schemaVersion(client) };
}
