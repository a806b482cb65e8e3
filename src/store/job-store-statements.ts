/**
 * The SQL of the job store (jobs, posts, submissions, kept prompts, claims, pruning), each statement
 * written once with `$n` parameters for both dialects (`forDialect` in `sql-dialect.ts` spells them).
 * The SQL of leases is `lease-statements.ts`.
 */
import type { SqlDialect } from "./sql-dialect.js";
import { JOB_COLUMNS } from "./job-rows.js";
import { POST_COLUMNS } from "./post-rows.js";

/** `$1`, `$2`, … for `count` parameters. */
export function parameters(count: number): string {
  return Array.from({ length: count }, (_v, i) => `$${i + 1}`).join(", ");
}

/** Every statement of the store, with `$n` parameters, before {@link forDialect}. */
export function jobStoreStatements({ rowOrder: order, pending }: SqlDialect) {
  const jobUpdates = JOB_COLUMNS.filter((c) => c !== "image_id").map((c) => `${c} = excluded.${c}`);
  const newestFirst = `ORDER BY started_at DESC, ${order} DESC`;
  return {
    upsertJob:
      `INSERT INTO jobs (${JOB_COLUMNS.join(", ")}) VALUES (${parameters(JOB_COLUMNS.length)}) ` +
      `ON CONFLICT (image_id) DO UPDATE SET ${jobUpdates.join(", ")}`,
    byImageId: "SELECT * FROM jobs WHERE image_id = $1",
    removeJob: "DELETE FROM jobs WHERE image_id = $1",
    // Row order is save order: an upsert keeps the row, like a Map keeps a key's place.
    byRef: `SELECT * FROM jobs WHERE ref = $1 ORDER BY ${order} LIMIT 1`,
    unfinished: `SELECT * FROM jobs WHERE ${pending} ORDER BY ${order}`,
    startedSince: `SELECT * FROM jobs WHERE started_at >= $1 ${newestFirst}`,
    ofRequester: `SELECT * FROM jobs WHERE requester_id = $1 ${newestFirst} LIMIT $2 OFFSET $3`,
    ofRequesterInGuild: `SELECT * FROM jobs WHERE requester_id = $1 AND guild_id = $4 ${newestFirst} LIMIT $2 OFFSET $3`,
    latestUpscale:
      "SELECT * FROM jobs WHERE parent_id = $1 AND parent_index = $2 AND upscale_factor = $3 " +
      `${newestFirst} LIMIT 1`,
    insertPost: `INSERT INTO job_posts (${POST_COLUMNS.join(", ")}) VALUES (${parameters(POST_COLUMNS.length)}) ON CONFLICT DO NOTHING`,
    getPost: "SELECT * FROM job_posts WHERE job_id = $1 AND action = $2",
    lastSubmission: "SELECT last_submission_at FROM user_usage WHERE user_id = $1",
    recordSubmission:
      "INSERT INTO user_usage (user_id, last_submission_at) VALUES ($1, $2) " +
      "ON CONFLICT (user_id) DO UPDATE SET last_submission_at = excluded.last_submission_at",
    keepPrompt:
      "INSERT INTO kept_prompts (id, user_id, prompt, kept_at, style) VALUES ($1, $2, $3, $4, $5) " +
      "ON CONFLICT (id) DO UPDATE SET user_id = excluded.user_id, prompt = excluded.prompt, " +
      "kept_at = excluded.kept_at, style = excluded.style",
    getKeptPrompt: "SELECT * FROM kept_prompts WHERE id = $1",
    // ($1 key, $2 holder, $3 now, $4 expiry or NULL) Takes the key when free or run out; a row when taken.
    claim:
      "INSERT INTO claims (key, holder, claimed_at, expires_at) VALUES ($1, $2, $3, $4) " +
      "ON CONFLICT (key) DO UPDATE SET holder = excluded.holder, claimed_at = excluded.claimed_at, " +
      "expires_at = excluded.expires_at WHERE claims.expires_at IS NOT NULL AND claims.expires_at <= $3 " +
      "RETURNING key",
    claimHolder: "SELECT holder FROM claims WHERE key = $1 AND (expires_at IS NULL OR expires_at > $2)",
    releaseClaim: "DELETE FROM claims WHERE key = $1 AND (CAST($2 AS TEXT) IS NULL OR holder = $2)",
  };
}

/** Writes the open time (`$1`) and returns what was written. */
export const MARK_OPENED =
  "INSERT INTO store_meta (key, value) VALUES ('opened_at', $1) " +
  "ON CONFLICT (key) DO UPDATE SET value = excluded.value RETURNING value";

/**
 * What `prune` deletes (`$1` the cutoff, its UTC day for `daily_images`, or the time now for claims that ran
 * out), in one transaction. The first
 * statement removes the jobs and is the one counted. Posts stay while their job is unfinished or undelivered.
 */
export function pruneStatements({ pending, done }: SqlDialect): readonly PruneStatement[] {
  return [
    { sql: `DELETE FROM jobs WHERE ${done} AND finished_at < $1`, by: "cutoff" },
    { sql: "DELETE FROM user_usage WHERE last_submission_at < $1", by: "cutoff" },
    { sql: "DELETE FROM kept_prompts WHERE kept_at < $1", by: "cutoff" },
    { sql: "DELETE FROM claims WHERE expires_at IS NULL AND claimed_at < $1", by: "cutoff" },
    { sql: "DELETE FROM claims WHERE expires_at <= $1", by: "now" },
    {
      sql: `DELETE FROM job_posts WHERE posted_at < $1 AND job_id NOT IN (SELECT image_id FROM jobs WHERE ${pending})`,
      by: "cutoff",
    },
    { sql: "DELETE FROM fleet_processes WHERE seen_at < $1", by: "cutoff" },
    { sql: "DELETE FROM fleet_leases WHERE expires_at < $1", by: "cutoff" },
    { sql: "DELETE FROM daily_images WHERE day < $1", by: "day" },
  ];
}

/** A statement of `prune`, and whether its `$1` is the cutoff or the cutoff's UTC day. */
export interface PruneStatement {
  sql: string;
  by: "cutoff" | "day" | "now";
}
