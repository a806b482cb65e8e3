/** Steps of the schema for a fleet's shared count of each image server's slots (appended after the pool's). */
import type { SchemaStep } from "./schema-step.js";

export const POOL_FLEET_STEPS: readonly SchemaStep[] = [
  {
    description: {
      sqlite: "(nothing for SQLite: one process counts its own slots)",
      postgres: "slots of image servers held by creates under way, counted by the whole fleet",
    },
    statements: [
      {
        postgres:
          "CREATE TABLE server_slot_holds (ref TEXT PRIMARY KEY, server TEXT NOT NULL, owner TEXT NOT NULL, " +
          "expires_at BIGINT NOT NULL)",
      },
      { postgres: "CREATE INDEX jobs_active_server ON jobs (server) WHERE outcome IS NULL" },
    ],
  },
];
