/**
 * The schema of claims (the `Claims` port): one table for everything started at most once, replacing
 * `once_claims` (private notes) and `job_post_nonces` (the nonce each post is made under). Their rows are
 * copied into it under the keys the code now claims, so a note shown or a nonce recorded before the upgrade
 * still counts after it. The two old tables are left in place, unread: processes of the previous version
 * still running during a fleet's rolling upgrade write there, and would fail to deliver without them. A later
 * step may drop them.
 */
import type { SchemaStep } from "./schema-step.js";

/** The key a post's nonce is claimed under: `post-nonce:<job id>:<action>` (see `postNonceKey`). */
const POST_NONCE_KEY = "'post-nonce:' || job_id || ':' || action";

export const CLAIM_STEPS: readonly SchemaStep[] = [
  {
    description: "claims of what is started at most once (clicks, Enhance, private notes, post nonces)",
    statements: [
      // expires_at NULL: held for good (until pruned with other old records).
      {
        sqlite: `CREATE TABLE claims (
        key TEXT PRIMARY KEY NOT NULL,
        holder TEXT NOT NULL,
        claimed_at INTEGER NOT NULL,
        expires_at INTEGER
      ) STRICT, WITHOUT ROWID`,
        postgres: `CREATE TABLE claims (
        key TEXT PRIMARY KEY,
        holder TEXT NOT NULL,
        claimed_at BIGINT NOT NULL,
        expires_at BIGINT
      )`,
      },
      "CREATE INDEX claims_claimed_at ON claims (claimed_at)",
      "CREATE INDEX claims_expires_at ON claims (expires_at)",
      "INSERT INTO claims (key, holder, claimed_at, expires_at) SELECT key, '', claimed_at, NULL FROM once_claims",
      `INSERT INTO claims (key, holder, claimed_at, expires_at) SELECT ${POST_NONCE_KEY}, nonce, claimed_at, NULL FROM job_post_nonces`,
    ],
  },
];
