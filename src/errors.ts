import { english, type LocalText, type Translator } from "./i18n/translate.js";

/**
 * An error whose message is written for the Discord user who caused it, in their language: `text` is given
 * the reader's translator when it is shown; `message` is the English text (for the log). Anything else that
 * reaches the command error handler is logged with context and shown as a generic apology.
 */
export class UserError extends Error {
  readonly #text: LocalText;

  constructor(
    /** The text for the user: a function of their translator, or a fixed (untranslated) text. */
    text: LocalText | string,
    /** Extra detail for the log, never shown to the user. */
    readonly detail?: unknown,
  ) {
    const local = typeof text === "string" ? () => text : text;
    super(local(english));
    this.#text = local;
    this.name = "UserError";
  }

  /** The message in `t`'s language. */
  textIn(t: Translator): string {
    return this.#text(t);
  }
}

/** Reads a message from anything thrown. */
export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
