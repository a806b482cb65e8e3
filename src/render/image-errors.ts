/**
 * Turns the `error` text of a failed record into sentences for the user (service-facts.md lists the
 * texts the service sends).
 */
import { NO_USABLE_IMAGE_ERROR } from "../imagine/usable-record.js";

/** Which failure an `error` text describes. */
export type ImageErrorKind =
  /** `Midjourney message: Banned prompt detected...`: refused by the generator's moderation. */
  | "moderation"
  /** `Midjourney message: Invalid parameter...`: the generator could not read a parameter. */
  | "invalid-parameter"
  /** Any other `Midjourney message: ...`. */
  | "generator"
  | "prompt-timeout"
  | "queue-timeout"
  | "completion-timeout"
  | "not-delivered"
  | "unspecified"
  /** The service said `completed` but gave no http(s) image URL (the bot's own text). */
  | "no-image"
  /** The record failed with no error text. */
  | "no-reason"
  /** A text this module does not know: shown as it is. */
  | "unknown";

/** A failure explained for the user. */
export interface ImageErrorDescription {
  readonly kind: ImageErrorKind;
  /** What happened, one sentence. */
  readonly summary: string;
  /** What to do about it. */
  readonly hint: string;
  /** Text from the service or generator to show as it is (not yet escaped), or `null`. */
  readonly detail: string | null;
  /** Whether running the same prompt again can succeed. */
  readonly retryable: boolean;
}

const GENERATOR_PREFIX = /^midjourney message:\s*/i;

type Explanation = Omit<ImageErrorDescription, "detail">;

/** What a `Midjourney message: <text>` means, by its text; the first match wins, the last always matches. */
const GENERATOR_ERRORS: readonly (Explanation & { readonly pattern: RegExp })[] = [
  {
    pattern: /banned|blocked|moderat|community guidelines|not allowed|inappropriate|prohibited|flagged/i,
    kind: "moderation",
    summary: "The image generator's moderation refused this prompt.",
    hint: "Rephrase the prompt without the words it objects to, then try again.",
    retryable: false,
  },
  {
    pattern: /invalid|unrecognized|unknown (?:parameter|argument)|not supported|out of range|incompatible/i,
    kind: "invalid-parameter",
    summary: "The image generator could not accept a parameter of this prompt.",
    hint: "Fix the `--` parameter it names, then try again.",
    retryable: false,
  },
  {
    pattern: /(?:)/,
    kind: "generator",
    summary: "The image generator refused the job.",
    hint: "Change the prompt if its message asks you to, then try again.",
    retryable: true,
  },
];

/** The service's own failure texts, matched at the start, ignoring case. */
const KNOWN_ERRORS: readonly (Explanation & { readonly text: string })[] = [
  {
    text: "timeout after prompt was sent",
    kind: "prompt-timeout",
    summary: "The generator received the prompt but never started the job.",
    hint: "This is usually temporary: try again.",
    retryable: true,
  },
  {
    text: "timeout while waiting to start",
    kind: "queue-timeout",
    summary: "The job waited too long in the generator's queue and was dropped.",
    hint: "The generator is busy: try again in a few minutes.",
    retryable: true,
  },
  {
    text: "timeout while waiting for completion",
    kind: "completion-timeout",
    summary: "The generator started the image but did not finish it in time.",
    hint: "Try again; if it keeps happening, the generator may be overloaded.",
    retryable: true,
  },
  {
    text: "image not sent to api",
    kind: "not-delivered",
    summary: "The generator made the image, but it never reached the image service.",
    hint: "Try again.",
    retryable: true,
  },
  {
    text: NO_USABLE_IMAGE_ERROR.toLowerCase(),
    kind: "no-image",
    summary: "The image service said the image was finished, but sent no image that can be shown.",
    hint: "Try again; if it keeps happening, tell an admin.",
    retryable: true,
  },
  {
    text: "unspecified error",
    kind: "unspecified",
    summary: "The image service failed without saying why.",
    hint: "Try again; if it keeps failing, tell an admin.",
    retryable: true,
  },
];

/** Explains a record's `error` text. Unknown texts are kept as `detail`, to be shown as they are. */
export function describeImageError(error: string | null): ImageErrorDescription {
  const text = (error ?? "").trim();
  if (text === "") {
    return {
      kind: "no-reason",
      summary: "The image service marked the job as failed without giving a reason.",
      hint: "Try again.",
      detail: null,
      retryable: true,
    };
  }
  if (GENERATOR_PREFIX.test(text)) {
    const said = text.replace(GENERATOR_PREFIX, "");
    const match = GENERATOR_ERRORS.find((entry) => entry.pattern.test(said));
    if (match) {
      const { pattern: _pattern, ...explanation } = match;
      return { ...explanation, detail: said === "" ? null : said };
    }
  }
  const lower = text.toLowerCase();
  const known = KNOWN_ERRORS.find((entry) => lower.startsWith(entry.text));
  if (known) {
    const { text: _text, ...description } = known;
    return { ...description, detail: null };
  }
  return {
    kind: "unknown",
    summary: "The image service reported an error.",
    hint: "Try again; if it keeps failing, tell an admin.",
    detail: text,
    retryable: true,
  };
}
