/**
 * The schema step that stores a job's phase (`JobPhase`) in its own column: `waiting` in the bot's line, or
 * `sent` to an image server. Rows written before it are `sent`, except a waiting job's, whose stand-in image id
 * was made from its ref (`line/stand-in.ts`). Never edit a released step.
 */
import type { SchemaStep } from "./schema-step.js";

export const JOB_PHASE_STEPS: readonly SchemaStep[] = [
  {
    description: "a job's phase (waiting in the bot's line, or sent) in its own column",
    statements: [
      "ALTER TABLE jobs ADD COLUMN phase TEXT NOT NULL DEFAULT 'sent'",
      // The one time the stand-in's spelling is read: rows of jobs that waited before this step.
      "UPDATE jobs SET phase = 'waiting' WHERE image_id = 'q-' || ref",
    ],
  },
];
