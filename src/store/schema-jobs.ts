/** The first steps of the job database's schema (see `schema.ts`). Never edit a released step: add one. */
import type { SchemaStep } from "./schema-step.js";

/** The first text columns of `jobs`, spelled alike by both databases. */
const JOB_TEXT_COLUMNS = `ref TEXT NOT NULL,
        prompt TEXT NOT NULL,
        requester_id TEXT NOT NULL,
        source TEXT NOT NULL,
        application_id TEXT NOT NULL,
        interaction_token TEXT,`;

/** Versions 1 to 6: jobs, submission times, kept prompts and once-claims, posted messages. */
export const JOB_STEPS: readonly SchemaStep[] = [
  {
    description: "jobs, per-user submission times, store metadata",
    statements: [
      {
        sqlite: `CREATE TABLE jobs (
        image_id TEXT PRIMARY KEY NOT NULL,
        ${JOB_TEXT_COLUMNS}
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
        postgres: `CREATE TABLE jobs (
        image_id TEXT PRIMARY KEY,
        -- Save order, which findByRef and unfinished follow (SQLite's rowid); an upsert keeps it.
        seq BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE,
        ${JOB_TEXT_COLUMNS}
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
      },
      { sqlite: "CREATE INDEX jobs_ref ON jobs (ref)", postgres: "CREATE INDEX jobs_ref ON jobs (ref, seq)" },
      "CREATE INDEX jobs_started_at ON jobs (started_at)",
      // Partial indexes whose WHERE matches the store's queries, so the planner can use them.
      {
        sqlite: "CREATE INDEX jobs_unfinished ON jobs (image_id) WHERE outcome IS NULL OR delivered = 0",
        postgres: "CREATE INDEX jobs_unfinished ON jobs (seq) WHERE outcome IS NULL OR NOT delivered",
      },
      {
        sqlite:
          "CREATE INDEX jobs_prunable ON jobs (finished_at) WHERE outcome IS NOT NULL AND delivered = 1",
        postgres: "CREATE INDEX jobs_prunable ON jobs (finished_at) WHERE outcome IS NOT NULL AND delivered",
      },
      {
        sqlite: `CREATE TABLE user_usage (
        user_id TEXT PRIMARY KEY NOT NULL,
        last_submission_at INTEGER NOT NULL
      ) STRICT, WITHOUT ROWID`,
        postgres: `CREATE TABLE user_usage (
        user_id TEXT PRIMARY KEY,
        last_submission_at BIGINT NOT NULL
      )`,
      },
      "CREATE INDEX user_usage_last_submission_at ON user_usage (last_submission_at)",
      {
        sqlite:
          "CREATE TABLE store_meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) STRICT, WITHOUT ROWID",
        postgres: "CREATE TABLE store_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
      },
    ],
  },
  {
    description: "who cancelled a job (outcome cancelled)",
    statements: ["ALTER TABLE jobs ADD COLUMN cancelled_by TEXT"],
  },
  {
    description: "index of each member's jobs by start time, for /history",
    statements: ["CREATE INDEX jobs_requester ON jobs (requester_id, started_at)"],
  },
  {
    description: "prompts kept for Try again, and claims of what happens at most once",
    statements: [
      {
        sqlite: `CREATE TABLE kept_prompts (
        id TEXT PRIMARY KEY NOT NULL,
        user_id TEXT NOT NULL,
        prompt TEXT NOT NULL,
        kept_at INTEGER NOT NULL
      ) STRICT, WITHOUT ROWID`,
        postgres: `CREATE TABLE kept_prompts (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL,
        prompt TEXT NOT NULL,
        kept_at BIGINT NOT NULL
      )`,
      },
      "CREATE INDEX kept_prompts_kept_at ON kept_prompts (kept_at)",
      {
        sqlite:
          "CREATE TABLE once_claims (key TEXT PRIMARY KEY NOT NULL, claimed_at INTEGER NOT NULL) STRICT, WITHOUT ROWID",
        postgres: "CREATE TABLE once_claims (key TEXT PRIMARY KEY, claimed_at BIGINT NOT NULL)",
      },
      "CREATE INDEX once_claims_claimed_at ON once_claims (claimed_at)",
    ],
  },
  {
    description: "job kind, and the grid, image and factor an upscale (Enhance) job enlarges",
    statements: [
      "ALTER TABLE jobs ADD COLUMN kind TEXT NOT NULL DEFAULT 'imagine' CHECK (kind IN ('imagine', 'upscale'))",
      "ALTER TABLE jobs ADD COLUMN parent_id TEXT",
      "ALTER TABLE jobs ADD COLUMN parent_index INTEGER",
      "ALTER TABLE jobs ADD COLUMN upscale_factor TEXT",
    ],
  },
  {
    description: "messages posted per job and action (result, U images), so each is posted once",
    statements: [
      {
        sqlite: `CREATE TABLE job_posts (
        job_id TEXT NOT NULL,
        action TEXT NOT NULL,
        guild_id TEXT,
        channel_id TEXT NOT NULL,
        message_id TEXT NOT NULL,
        posted_at INTEGER NOT NULL,
        PRIMARY KEY (job_id, action)
      ) STRICT, WITHOUT ROWID`,
        postgres: `CREATE TABLE job_posts (
        job_id TEXT NOT NULL,
        action TEXT NOT NULL,
        guild_id TEXT,
        channel_id TEXT NOT NULL,
        message_id TEXT NOT NULL,
        posted_at BIGINT NOT NULL,
        PRIMARY KEY (job_id, action)
      )`,
      },
      "CREATE INDEX job_posts_posted_at ON job_posts (posted_at)",
    ],
  },
];
