/**
 * Schema violations seen by every emulator of this process since the test hook last collected them
 * (test/support/schema-violation-hook.ts fails the test that caused any). Kept apart from the schemas, so
 * the hook loads nothing heavy in test files that start no emulator.
 */

/** A request body or an answer that its operation's schema in Discord's API description refuses. */
export interface SchemaViolation {
  /** "request": the client sent it; "answer": the emulator answered it. */
  side: "request" | "answer";
  method: string;
  /** The path without /api/v10. */
  path: string;
  /** E.g. `POST /channels/{channel_id}/messages`. */
  operation: string;
  /** The type checked against, e.g. `MessageCreateRequest`. */
  type: string;
  /** The answer's status (for a request: what the emulator answered it). */
  status: number;
  /** E.g. `embeds.0.colour: unknown key`. */
  issues: string[];
  /** The body checked (JSON), cut to 400 characters. */
  body: string;
}

const pending = new Set<SchemaViolation>();

/** Describes a violation on one line. */
export function describeViolation(v: SchemaViolation): string {
  const what =
    v.side === "request"
      ? `request body of ${v.method} ${v.path}`
      : `${v.status} answer to ${v.method} ${v.path}`;
  return `${what} is not a valid ${v.type} (${v.operation}): ${v.issues.join("; ")}\n    body: ${v.body}`;
}

/** Records a violation for the test hook. */
export function reportSchemaViolation(violation: SchemaViolation): void {
  pending.add(violation);
}

/** Marks violations as expected by the test that caused them (a test of the emulator's own refusals). */
export function forgetSchemaViolations(violations: Iterable<SchemaViolation>): void {
  for (const v of violations) pending.delete(v);
}

/**
 * Forgets the request violations that the emulator refused (4xx) as Discord does: for a test that sends
 * bodies Discord refuses on purpose. Answer violations and refused bodies the emulator accepted stay.
 */
export function forgiveRefusedRequests(): void {
  for (const v of pending) if (v.side === "request" && v.status >= 400 && v.status < 500) pending.delete(v);
}

/** The violations reported since the last call, oldest first; clears them. */
export function takePendingSchemaViolations(): SchemaViolation[] {
  const all = [...pending];
  pending.clear();
  return all;
}
