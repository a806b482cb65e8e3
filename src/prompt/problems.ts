/** What can be wrong with a prompt or an image attachment before anything is sent to the service. */
export type PromptProblemCode =
  /** Nothing but whitespace and characters that show nothing (zero-width, fillers, variation selectors). */
  | "empty"
  /** Only parameters (or a single image) and no description. */
  | "no-description"
  /** Longer than the configured limit, image links included. */
  | "too-long"
  /** `{a, b}`: needs an interactive confirmation upstream and starts one job per variant. */
  | "permutation"
  /** `--repeat`/`--r`: starts several jobs at once. */
  | "repeat"
  /** A parameter that needs a value was given none, e.g. `--ar` at the end. */
  | "missing-value"
  /** A parameter value the generator refuses, e.g. `--ar 16:9.5` or `--chaos 150`. */
  | "invalid-value"
  /** An image link given by the caller is not an http(s) URL. */
  | "image-url"
  /** An attachment that is not a PNG, JPEG, WebP or GIF image. */
  | "attachment-type"
  /** An attachment larger than the configured limit. */
  | "attachment-too-large"
  /** An attachment Discord sent without a usable link, so the generator could not fetch it. */
  | "attachment-unreadable";

/** One problem, with a message written for the Discord user that says what to change. */
export interface PromptProblem {
  readonly code: PromptProblemCode;
  /** Discord markdown, at most a few hundred characters. */
  readonly message: string;
}

/** Shortens user text quoted inside a problem message so the message stays readable. */
export function quoteForProblem(text: string, max = 80): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join("")}…`;
}

/** Formats a count for people in a language (a BCP 47 tag): `2,134` in English, `2.134` in German. */
export function formatCount(n: number, language = "en-US"): string {
  return new Intl.NumberFormat(language).format(n);
}
