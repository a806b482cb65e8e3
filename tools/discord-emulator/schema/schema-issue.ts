/** What the schema check finds wrong in a body: a leaf that the check and its errata both import. */

/** What is wrong at one place of a body. */
export type SchemaIssueKind =
  /** A key the schema does not have. */
  | "unknown-key"
  /** A required key that is absent. */
  | "missing"
  /** A value of the wrong JSON type. */
  | "wrong-type"
  /** A value that matches none of a union's variants (e.g. a component `type` no component has). */
  | "no-variant"
  /** A value outside the schema's bounds: length, range, pattern, allowed values. */
  | "value";

/** One problem, at a path from the body's root. */
export interface SchemaIssue {
  path: (string | number)[];
  kind: SchemaIssueKind;
  /** What the schema says, e.g. `expected string`, `too big: maximum 25`. */
  detail: string;
}
