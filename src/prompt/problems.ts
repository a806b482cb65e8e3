/**
 * What can be wrong with a prompt or an image attachment before anything is sent to the service: codes
 * with the facts a message needs, never text. `src/render/prompt-problems.ts` writes them in a member's
 * language, once, where they are shown.
 */

/** What a parameter's value should have been, completing "use …" in a message. */
export type ExpectedValue =
  | { readonly kind: "whole-number"; readonly min: number; readonly max: number }
  | { readonly kind: "number"; readonly min: number; readonly max: number }
  | { readonly kind: "one-of"; readonly values: string }
  | { readonly kind: "aspect-ratio" }
  | { readonly kind: "quality" };

/** One problem, with what a message needs to say what to change. */
export type PromptProblem =
  /** Nothing but whitespace and characters that show nothing (zero-width, fillers, variation selectors). */
  | { readonly code: "empty" }
  /**
   * Only parameters (or a single image) and no description. `firstParameter` is the first parameter as
   * written, or `null` when the prompt is one image and no words.
   */
  | { readonly code: "no-description"; readonly firstParameter: string | null }
  /** Longer than the configured limit, image links included (lengths in Unicode code points). */
  | { readonly code: "too-long"; readonly length: number; readonly max: number; readonly imageCount: number }
  /** `{a, b}`: needs an interactive confirmation upstream and starts one job per variant. */
  | { readonly code: "permutation"; readonly permutation: string }
  /** `--repeat`/`--r` (`parameter`, as written): starts several jobs at once. */
  | { readonly code: "repeat"; readonly parameter: string }
  /** A video parameter (`--video`, `--motion`, `--loop`, `--end`, `--bs`; `parameter` as written): no image server returns video. */
  | { readonly code: "video"; readonly parameter: string }
  /** A parameter that needs a value was given none, e.g. `--ar` at the end; `example` is a valid one. */
  | { readonly code: "missing-value"; readonly parameter: string; readonly example: string }
  /** A parameter that takes one word was given several, e.g. `--ar 16:9 a cat` (`value`: all of it). */
  | {
      readonly code: "single-value";
      readonly parameter: string;
      readonly value: string;
      readonly example: string;
    }
  /** A parameter value the generator refuses, e.g. `--ar 16:9.5` or `--chaos 150` (`value`: all of it). */
  | {
      readonly code: "invalid-value";
      readonly value: string;
      readonly expected: ExpectedValue;
      readonly example: string;
    }
  /** An image link given by the caller is not an http(s) URL. */
  | { readonly code: "image-url"; readonly url: string }
  /** An attachment (by file name, possibly empty) that is not a PNG, JPEG, WebP or GIF image. */
  | { readonly code: "attachment-type"; readonly name: string; readonly mimeType: string }
  /** An attachment larger than the limit; `size` is not finite when Discord did not say it. */
  | {
      readonly code: "attachment-too-large";
      readonly name: string;
      readonly size: number;
      readonly maxBytes: number;
    }
  /** An attachment Discord sent without a usable link, so the generator could not fetch it. */
  | { readonly code: "attachment-unreadable"; readonly name: string }
  /** Server default parameters that are not only `--` parameters (`value` as typed). */
  | { readonly code: "not-parameters"; readonly value: string }
  /** A speed (`--fast`, `--turbo`, `--relax`; `parameter` as written) in server default parameters: speeds have their own rules. */
  | { readonly code: "speed-in-defaults"; readonly parameter: string }
  /** `/blend` given `count` images, outside `min` to `max`. */
  | { readonly code: "blend-count"; readonly count: number; readonly min: number; readonly max: number }
  /** `/blend`'s aspect option chosen (`option`) and an `--ar` typed in its prompt too (`typed`, as written). */
  | { readonly code: "aspect-twice"; readonly option: string; readonly typed: string };

/** The kinds of problem. */
export type PromptProblemCode = PromptProblem["code"];

/** Shortens user text quoted inside a problem message so the message stays readable. */
export function quoteForProblem(text: string, max = 80): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join("")}…`;
}

/** Formats a count for people in a language (a BCP 47 tag): `2,134` in English, `2.134` in German. */
export function formatCount(n: number, language = "en-US"): string {
  return new Intl.NumberFormat(language).format(n);
}
