/**
 * Turns the `error` text of a failed record into sentences for the user (service-facts.md lists the
 * texts the service sends).
 */
import { english, type Translator } from "../i18n/translate.js";
import { NO_USABLE_IMAGE_ERROR } from "../imagine/usable-record.js";
import { accountNoticeOf } from "../service/account-notices.js";

/**
 * What a job whose record the service no longer knows ends with (stored as the record's `error`, in English);
 * shown as the service's words in the reader's language.
 */
export const LOST_JOB_ERROR: string = english("imageError.lostDetail");

/**
 * What a waiting job ends with (stored as its `error`, in English; shown in the reader's language) when its
 * create was claimed before the bot restarted and no server could tell whether it arrived: it is not sent
 * again (a second create could make two).
 */
export const NOT_STARTED_ERROR: string = english("imageError.notStartedDetail");

/**
 * What a job that waited in the bot's line for its whole time limit ends with (stored as its `error`, in
 * English): nothing was sent for it. Moderators read it in `/imagine-status` and the audit channel.
 */
export const WAIT_EXPIRED_ERROR: string = english("imageError.waitExpiredDetail");

/** Which failure an `error` text describes. */
export type ImageErrorKind =
  /**
   * `Midjourney message: You have been blocked from accessing Midjourney...`: a notice about the server's
   * account, not the prompt (`ACCOUNT_NOTICES`). The member is not blamed and never shown its text.
   */
  | "account"
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
  /**
   * A waiting job whose create may have been sent just before the bot restarted: ended, not sent again (the
   * bot's own text, {@link NOT_STARTED_ERROR}).
   */
  | "not-started"
  /** A job that waited in the bot's line its whole time limit, never sent ({@link WAIT_EXPIRED_ERROR}). */
  | "wait-expired"
  /**
   * Midjourney's progress line of a job in relax mode (`**a cat** - <@1> (0%) (relaxed)`): a self-hosted
   * ImagineAPI fails such jobs with the line as its error (midjourney-facts.md, "Speeds").
   */
  | "relaxed"
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

/** The progress line of a relax-mode job as a self-hosted ImagineAPI stores it: `**<prompt>** - <@id> (0%) (relaxed)`. */
const RELAXED_LINE = /^\*\*[\s\S]*\*\*\s*-\s*<@!?\d+>[\s\S]*\(relaxed\)\s*$/i;

/** Whether a record's `error` is the relax-mode progress line (the account or the prompt asked for relax). */
export function isRelaxedLine(error: string | null): boolean {
  return error !== null && RELAXED_LINE.test(error.trim());
}

type Explanation = Omit<ImageErrorDescription, "detail" | "summary" | "hint">;

/** What a `Midjourney message: <text>` means, by its text; the first match wins, the last always matches. */
const GENERATOR_ERRORS: readonly (Explanation & { readonly pattern: RegExp })[] = [
  {
    pattern: /banned|blocked|moderat|community guidelines|not allowed|inappropriate|prohibited|flagged/i,
    kind: "moderation",
    retryable: false,
  },
  {
    pattern: /invalid|unrecognized|unknown (?:parameter|argument)|not supported|out of range|incompatible/i,
    kind: "invalid-parameter",
    retryable: false,
  },
  {
    pattern: /(?:)/,
    kind: "generator",
    retryable: true,
  },
];

/** The service's own failure texts, matched at the start, ignoring case. */
const KNOWN_ERRORS: readonly (Explanation & { readonly text: string })[] = [
  {
    text: "timeout after prompt was sent",
    kind: "prompt-timeout",
    retryable: true,
  },
  {
    text: "timeout while waiting to start",
    kind: "queue-timeout",
    retryable: true,
  },
  {
    text: "timeout while waiting for completion",
    kind: "completion-timeout",
    retryable: true,
  },
  {
    text: "image not sent to api",
    kind: "not-delivered",
    retryable: true,
  },
  {
    text: NO_USABLE_IMAGE_ERROR.toLowerCase(),
    kind: "no-image",
    retryable: true,
  },
  {
    text: NOT_STARTED_ERROR.toLowerCase(),
    kind: "not-started",
    retryable: true,
  },
  {
    text: WAIT_EXPIRED_ERROR.toLowerCase(),
    kind: "wait-expired",
    retryable: true,
  },
  {
    text: "unspecified error",
    kind: "unspecified",
    retryable: true,
  },
];

/** Explains a record's `error` text in `t`'s language. Unknown texts are kept as `detail`, shown as they are. */
export function describeImageError(t: Translator, error: string | null): ImageErrorDescription {
  const found = classifyImageError(error);
  return {
    ...found,
    // The bot's own text stored in English: written again in the reader's language.
    detail: found.detail === LOST_JOB_ERROR ? t("imageError.lostDetail") : found.detail,
    summary: t(`imageError.${found.kind}.summary`),
    hint: t(`imageError.${found.kind}.hint`),
  };
}

/**
 * The failures an out-of-date self-hosted server's jobs end with, one after another (midjourney-facts.md,
 * "When a self-hosted server falls behind Midjourney").
 */
const OUT_OF_DATE_KINDS: ReadonlySet<ImageErrorKind> = new Set([
  "not-delivered",
  "prompt-timeout",
  "queue-timeout",
]);

/** Whether a record's `error` is one an out-of-date self-hosted server ends jobs with. */
export function isOutOfDateFailure(error: string | null): boolean {
  return OUT_OF_DATE_KINDS.has(classifyImageError(error).kind);
}

/** Which failure a record's `error` text is, without the sentences. */
export function classifyImageError(error: string | null): Omit<ImageErrorDescription, "summary" | "hint"> {
  const text = (error ?? "").trim();
  if (text === "") {
    return {
      kind: "no-reason",
      detail: null,
      retryable: true,
    };
  }
  // Never shown as it is: the line quotes the prompt and a Discord mention of the operator's account.
  if (isRelaxedLine(text)) return { kind: "relaxed", detail: null, retryable: false };
  if (GENERATOR_PREFIX.test(text)) {
    const said = text.replace(GENERATOR_PREFIX, "");
    // Before the moderation pattern: "blocked" there is the account's, not the prompt's; its text is the
    // operator's, never shown to the member.
    if (accountNoticeOf(said)) return { kind: "account", detail: null, retryable: true };
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
    detail: text,
    retryable: true,
  };
}
