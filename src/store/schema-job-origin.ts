/**
 * The step that remembers what a job was made from: a 🖌️ Remix or 🔁 More like this of another job's
 * message, so its messages link to the original also after a restart.
 */
import type { SchemaStep } from "./schema-step.js";

export const JOB_ORIGIN_STEPS: readonly SchemaStep[] = [
  {
    description: "jobs remember the job (and message) a Remix or More like this was made from",
    statements: [
      "ALTER TABLE jobs ADD COLUMN origin_kind TEXT",
      "ALTER TABLE jobs ADD COLUMN origin_job_id TEXT",
      "ALTER TABLE jobs ADD COLUMN origin_link TEXT",
    ],
  },
];
