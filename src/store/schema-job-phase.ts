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

/**
 * The schema step that remembers that a job waited in the bot's line before it was sent (`Job.waitedInLine`):
 * its messages keep showing the request id they showed while it waited. Appended at the end of `SCHEMA`.
 */
export const JOB_WAITED_STEPS: readonly SchemaStep[] = [
  {
    description:
      "whether a job waited in the bot's line before it was sent (its shown id stays the request id)",
    statements: [
      {
        sqlite: "ALTER TABLE jobs ADD COLUMN waited_in_line INTEGER NOT NULL DEFAULT 0",
        postgres: "ALTER TABLE jobs ADD COLUMN waited_in_line BOOLEAN NOT NULL DEFAULT false",
      },
    ],
  },
];
