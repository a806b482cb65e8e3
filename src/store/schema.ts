/**
 * The job database's schema: one list of versioned migrations for SQLite and Postgres, each statement
 * written once unless the two databases spell it differently (see {@link SchemaStep}). Each database records
 * the versions applied (SQLite's `PRAGMA user_version`, Postgres's `schema_migrations`); never edit a
 * released step: add one.
 */
import { CLAIM_STEPS } from "./schema-claims.js";
import { FLEET_STEPS } from "./schema-fleet.js";
import { JOB_KIND_STEPS } from "./schema-job-kinds.js";
import { JOB_PHASE_STEPS, JOB_WAITED_STEPS } from "./schema-job-phase.js";
import { JOB_STEPS } from "./schema-jobs.js";
import { POOL_STEPS } from "./schema-pool.js";
import { POOL_FLEET_STEPS } from "./schema-pool-fleet.js";
import { REFUSAL_PAUSE_STEPS } from "./schema-refusal-pauses.js";
import { JOB_ORIGIN_STEPS } from "./schema-job-origin.js";
import { KEPT_PROMPT_STYLE_STEPS, STYLE_STEPS } from "./schema-styles.js";
import { SERVER_HOLD_STEPS } from "./schema-server-holds.js";
import { JOB_REMAKE_STEPS } from "./schema-job-remake.js";
import { SERVER_CREATE_STEPS } from "./schema-server-creates.js";
import type { Migration, PerDialect, SchemaStep } from "./schema-step.js";
import type { Dialect } from "./sql-dialect.js";

/** Every step, oldest first: step n is migration version n. */
export const SCHEMA: readonly SchemaStep[] = [
  ...JOB_STEPS,
  ...FLEET_STEPS,
  ...CLAIM_STEPS,
  ...JOB_KIND_STEPS,
  ...REFUSAL_PAUSE_STEPS,
  ...JOB_ORIGIN_STEPS,
  ...POOL_STEPS,
  ...STYLE_STEPS,
  ...POOL_FLEET_STEPS,
  ...KEPT_PROMPT_STYLE_STEPS,
  ...JOB_PHASE_STEPS,
  ...SERVER_HOLD_STEPS,
  ...JOB_WAITED_STEPS,
  ...JOB_REMAKE_STEPS,
  ...SERVER_CREATE_STEPS,
];

/** `text` as `dialect` writes it, or undefined when that database has no such statement. */
function spelled(text: PerDialect, dialect: Dialect): string | undefined {
  return typeof text === "string" ? text : text[dialect];
}

/** The migrations of `dialect`, versions counting up from 1. */
export function migrationsFor(dialect: Dialect, steps: readonly SchemaStep[] = SCHEMA): Migration[] {
  return steps.map((step, i) => ({
    version: i + 1,
    description: spelled(step.description, dialect) ?? "",
    statements: step.statements.flatMap((s) => spelled(s, dialect) ?? []),
  }));
}
