/**
 * The schema step of Midjourney's refusals and the pauses they start (`src/moderation/refusal-pauses.ts`).
 * Appended at the end of `SCHEMA`; never edit a released step: add one.
 */
import type { SchemaStep } from "./schema-step.js";

export const REFUSAL_PAUSE_STEPS: readonly SchemaStep[] = [
  {
    description: "Midjourney's refusals per member and the pauses they start",
    statements: [
      // One row per refusal; DMs under the server id ''.
      {
        sqlite: `CREATE TABLE midjourney_refusals (
        guild_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        at INTEGER NOT NULL
      ) STRICT`,
        postgres: `CREATE TABLE midjourney_refusals (
        guild_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        at BIGINT NOT NULL
      )`,
      },
      "CREATE INDEX midjourney_refusals_member ON midjourney_refusals (guild_id, user_id, at)",
      {
        sqlite: `CREATE TABLE member_pauses (
        guild_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        paused_at INTEGER NOT NULL,
        until INTEGER NOT NULL,
        refusals INTEGER NOT NULL,
        PRIMARY KEY (guild_id, user_id)
      ) STRICT, WITHOUT ROWID`,
        postgres: `CREATE TABLE member_pauses (
        guild_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        paused_at BIGINT NOT NULL,
        until BIGINT NOT NULL,
        refusals INTEGER NOT NULL,
        PRIMARY KEY (guild_id, user_id)
      )`,
      },
    ],
  },
];
