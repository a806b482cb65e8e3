/** Steps of the schema for the pool of ImagineAPI servers (appended after the fleet's). */
import type { SchemaStep } from "./schema-step.js";

export const POOL_STEPS: readonly SchemaStep[] = [
  {
    description: "the ImagineAPI server holding each job's record (its name; null: server 1)",
    statements: ["ALTER TABLE jobs ADD COLUMN server TEXT"],
  },
];
