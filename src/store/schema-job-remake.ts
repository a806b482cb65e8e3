/**
 * The schema step that stores what a job was made again from (`Job.remadeFrom`: its first record, that
 * record's server, and why), so a job is made again at most once, also after a restart. Rows written before
 * it were never made again. Never edit a released step: add one.
 */
import type { SchemaStep } from "./schema-step.js";

export const JOB_REMAKE_STEPS: readonly SchemaStep[] = [
  {
    description: "what a job was made again from (its first record, that record's server, and why)",
    statements: [
      "ALTER TABLE jobs ADD COLUMN remade_from TEXT",
      "ALTER TABLE jobs ADD COLUMN remade_from_server TEXT",
      "ALTER TABLE jobs ADD COLUMN remade_why TEXT",
    ],
  },
];
