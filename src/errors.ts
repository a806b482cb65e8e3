/**
 * An error whose message is written for the Discord user who caused it. Anything else that reaches the
 * command error handler is logged with context and shown as a generic apology.
 */
export class UserError extends Error {
  constructor(
    message: string,
    /** Extra detail for the log, never shown to the user. */
    readonly detail?: unknown,
  ) {
    super(message);
    this.name = "UserError";
  }
}

/** Reads a message from anything thrown. */
export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
