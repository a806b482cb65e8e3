/**
 * The schema step that stores a job's kind whole: beside the `kind` column (its name), `kind_detail` holds the
 * rest of the kind as JSON (`job-rows.ts`), so a kind with new detail needs no new column. Rows written before
 * have no detail: they are read from the `kind` and upscale columns as before. Never edit a released step.
 */
import type { SchemaStep } from "./schema-step.js";

export const JOB_KIND_STEPS: readonly SchemaStep[] = [
  {
    description: "the detail of a job's kind as JSON, beside its name",
    statements: ["ALTER TABLE jobs ADD COLUMN kind_detail TEXT"],
  },
];
