/**
 * What the person running the bot reads when it cannot start: one paragraph saying what is wrong and what
 * to do, never a stack trace for a problem they caused (configuration, token, database).
 */
import { LoginError } from "./discord/login-error.js";
import { ConfigError } from "./config.js";
import { errorMessage } from "./errors.js";
import { StoreError } from "./store/store-error.js";

/** Whether `err` is a start failure whose message is complete on its own (the owner's to fix). */
export function isOwnerProblem(err: unknown): boolean {
  return err instanceof ConfigError || err instanceof StoreError || err instanceof LoginError;
}

/**
 * The text printed when the bot cannot start. An owner problem (bad configuration, refused token, unusable
 * database) is its own message; anything else is prefixed so it is clear the bot stopped.
 */
export function startFailureMessage(err: unknown): string {
  if (isOwnerProblem(err)) return errorMessage(err);
  return `imagine-bot could not start: ${errorMessage(err)}`;
}
