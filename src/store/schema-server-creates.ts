/**
 * The schema step of the creates sent to each image server (`src/pool/account-health/server-creates.ts`),
 * for its daily budget across restarts and a fleet. Appended at the end of `SCHEMA`; never edit a released
 * step: add one.
 */
import type { SchemaStep } from "./schema-step.js";

export const SERVER_CREATE_STEPS: readonly SchemaStep[] = [
  {
    description: "the creates sent to each image server, for its daily budget",
    statements: [
      {
        sqlite: "CREATE TABLE server_creates (server TEXT NOT NULL, at INTEGER NOT NULL) STRICT",
        postgres: "CREATE TABLE server_creates (server TEXT NOT NULL, at BIGINT NOT NULL)",
      },
      "CREATE INDEX server_creates_at ON server_creates (at)",
    ],
  },
];
