/**
 * The schema step of servers held after a notice about their Midjourney account
 * (`src/pool/account-health/server-holds.ts`). Appended at the end of `SCHEMA`; never edit a released step:
 * add one.
 */
import type { SchemaStep } from "./schema-step.js";

export const SERVER_HOLD_STEPS: readonly SchemaStep[] = [
  {
    description: "image servers held after a notice about their Midjourney account",
    statements: [
      // `until_at` NULL: held until a moderator resumes it.
      {
        sqlite: `CREATE TABLE server_holds (
        server TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        notice TEXT NOT NULL,
        since INTEGER NOT NULL,
        until_at INTEGER
      ) STRICT, WITHOUT ROWID`,
        postgres: `CREATE TABLE server_holds (
        server TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        notice TEXT NOT NULL,
        since BIGINT NOT NULL,
        until_at BIGINT
      )`,
      },
    ],
  },
];
