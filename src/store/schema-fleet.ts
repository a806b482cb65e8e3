/**
 * The later steps of the job database's schema (see `schema.ts`): a fleet's leases and processes, settings,
 * daily image counts, and job columns added since. Never edit a released step: add one.
 */
import type { SchemaStep } from "./schema-step.js";

/** Versions 7 and on. */
export const FLEET_STEPS: readonly SchemaStep[] = [
  {
    description: {
      sqlite: "job leases, named fleet leases, fleet processes",
      postgres: "job leases, named fleet leases, fleet processes, submission reservations",
    },
    statements: [
      // Which process follows the job, until when (see JobStore.claim); NULL: nobody.
      "ALTER TABLE jobs ADD COLUMN lease_owner TEXT",
      {
        sqlite: "ALTER TABLE jobs ADD COLUMN lease_expires_at INTEGER",
        postgres: "ALTER TABLE jobs ADD COLUMN lease_expires_at BIGINT",
      },
      // When a webhook last named the job (a hint for its owner, see PostgresHints).
      { postgres: "ALTER TABLE jobs ADD COLUMN hinted_at BIGINT" },
      {
        sqlite: "CREATE INDEX jobs_lease_owner ON jobs (lease_owner) WHERE outcome IS NULL OR delivered = 0",
        postgres:
          "CREATE INDEX jobs_lease_owner ON jobs (lease_owner) WHERE outcome IS NULL OR NOT delivered",
      },
      // Fleet-wide usage limits count the jobs in flight per user and per server.
      { postgres: "CREATE INDEX jobs_active_requester ON jobs (requester_id) WHERE outcome IS NULL" },
      { postgres: "CREATE INDEX jobs_active_guild ON jobs (guild_id) WHERE outcome IS NULL" },
      {
        sqlite: `CREATE TABLE fleet_leases (
        name TEXT PRIMARY KEY NOT NULL,
        owner TEXT NOT NULL,
        expires_at INTEGER NOT NULL
      ) STRICT, WITHOUT ROWID`,
        postgres: `CREATE TABLE fleet_leases (
        name TEXT PRIMARY KEY,
        owner TEXT NOT NULL,
        expires_at BIGINT NOT NULL
      )`,
      },
      {
        sqlite: `CREATE TABLE fleet_processes (
        process_id TEXT PRIMARY KEY NOT NULL,
        started_at INTEGER NOT NULL,
        seen_at INTEGER NOT NULL,
        shards TEXT NOT NULL,
        jobs INTEGER NOT NULL
      ) STRICT, WITHOUT ROWID`,
        postgres: `CREATE TABLE fleet_processes (
        process_id TEXT PRIMARY KEY,
        started_at BIGINT NOT NULL,
        seen_at BIGINT NOT NULL,
        shards TEXT NOT NULL,
        jobs INTEGER NOT NULL
      )`,
      },
      // Submissions admitted but not created yet: they count against the limits of every process.
      {
        postgres: `CREATE TABLE submission_reservations (
        ref TEXT PRIMARY KEY,
        user_id TEXT NOT NULL,
        guild_id TEXT,
        -- When it was admitted: it starts the user's cooldown like a submission.
        at BIGINT NOT NULL,
        owner TEXT NOT NULL,
        expires_at BIGINT NOT NULL
      )`,
      },
    ],
  },
  {
    description: "server and member settings, images started per member, server and day",
    statements: [
      // JSON of GuildSettings / MemberSettings, parsed with their schemas when read.
      {
        sqlite: `CREATE TABLE guild_settings (
        guild_id TEXT PRIMARY KEY NOT NULL,
        settings TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT, WITHOUT ROWID`,
        postgres: `CREATE TABLE guild_settings (
        guild_id TEXT PRIMARY KEY,
        settings JSONB NOT NULL,
        updated_at BIGINT NOT NULL
      )`,
      },
      {
        sqlite: `CREATE TABLE member_settings (
        user_id TEXT PRIMARY KEY NOT NULL,
        settings TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT, WITHOUT ROWID`,
        postgres: `CREATE TABLE member_settings (
        user_id TEXT PRIMARY KEY,
        settings JSONB NOT NULL,
        updated_at BIGINT NOT NULL
      )`,
      },
      // guild_id '' for DMs; day is the UTC date (YYYY-MM-DD), so rows of past days can be pruned.
      {
        sqlite: `CREATE TABLE daily_images (
        guild_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        day TEXT NOT NULL,
        images INTEGER NOT NULL,
        PRIMARY KEY (guild_id, user_id, day)
      ) STRICT, WITHOUT ROWID`,
        postgres: `CREATE TABLE daily_images (
        guild_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        day TEXT NOT NULL,
        images INTEGER NOT NULL,
        PRIMARY KEY (guild_id, user_id, day)
      )`,
      },
      "CREATE INDEX daily_images_day ON daily_images (day)",
    ],
  },
  {
    description: "whether a job's result goes to its requester's DMs (/settings delivery)",
    statements: [
      {
        sqlite: "ALTER TABLE jobs ADD COLUMN deliver_by_dm INTEGER NOT NULL DEFAULT 0",
        postgres: "ALTER TABLE jobs ADD COLUMN deliver_by_dm BOOLEAN NOT NULL DEFAULT false",
      },
    ],
  },
  {
    description: "the language of a job's messages, chosen when it was submitted",
    statements: ["ALTER TABLE jobs ADD COLUMN language TEXT NOT NULL DEFAULT 'en'"],
  },
  {
    description: "finding an image's Enhance by image, index and factor (each click on an Enhance button)",
    statements: ["CREATE INDEX jobs_upscale_source ON jobs (parent_id, parent_index, upscale_factor)"],
  },
  {
    description:
      "the nonce each job's result message is posted under (several results may share one message)",
    statements: [
      {
        sqlite: `CREATE TABLE job_post_nonces (
        job_id TEXT NOT NULL,
        action TEXT NOT NULL,
        nonce TEXT NOT NULL,
        claimed_at INTEGER NOT NULL,
        PRIMARY KEY (job_id, action)
      ) STRICT, WITHOUT ROWID`,
        postgres: `CREATE TABLE job_post_nonces (
        job_id TEXT NOT NULL,
        action TEXT NOT NULL,
        nonce TEXT NOT NULL,
        claimed_at BIGINT NOT NULL,
        PRIMARY KEY (job_id, action)
      )`,
      },
      "CREATE INDEX job_post_nonces_claimed_at ON job_post_nonces (claimed_at)",
    ],
  },
];
