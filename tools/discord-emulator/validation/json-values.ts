/** Type guards for request bodies, which arrive as untyped JSON. */

/** Whether a JSON value is an object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
