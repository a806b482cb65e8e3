/**
 * The schema step of styles (see `schema.ts`): the name of the server's style a job's prompt was given
 * with, shown with its messages. Never edit a released step: add one.
 */
import type { SchemaStep } from "./schema-step.js";

/** The style step (appended at the end of `SCHEMA`). */
export const STYLE_STEPS: readonly SchemaStep[] = [
  {
    description: "the style a job's prompt was given with",
    // NULL: no style (every job before this step).
    statements: ["ALTER TABLE jobs ADD COLUMN style TEXT"],
  },
];

/** The kept prompts' style, a later step (appended after the pool's, at the end of `SCHEMA`). */
export const KEPT_PROMPT_STYLE_STEPS: readonly SchemaStep[] = [
  {
    description: "the style a kept prompt was given with (Try again shows it again)",
    // NULL: no style (every kept prompt before this step).
    statements: ["ALTER TABLE kept_prompts ADD COLUMN style TEXT"],
  },
];
