/**
 * Checks a `/imagine` prompt before anything is sent to the image service, and builds the final prompt
 * in the order the service expects: image URLs, then the description, then parameters.
 */
import { checkParameter } from "./parameter-rules.js";
import { isHttpUrl, normalizePrompt, parsePrompt, type PromptParts } from "./parse-prompt.js";
import type { PromptProblem } from "./problems.js";

/** What the user asked for. */
export interface PromptInput {
  /** The text as typed, before normalisation. */
  readonly text: string;
  /** Image links (e.g. of an attached image) that go at the start of the prompt, in this order. */
  readonly imageUrls?: readonly string[];
  /** Longest final prompt accepted, in characters (Unicode code points), image links included. */
  readonly maxLength: number;
}

/** The outcome of {@link checkPrompt}. */
export type PromptCheck =
  | {
      readonly ok: true;
      /** The normalised prompt to send, image links first. */
      readonly prompt: string;
      readonly parts: PromptParts;
    }
  | {
      readonly ok: false;
      /** Every problem found, at least one, in the order a message lists them. */
      readonly problems: readonly PromptProblem[];
    };

/** `{a, b}`: a brace group with at least one comma. */
const PERMUTATION = /\{[^{}]*,[^{}]*\}/;

function descriptionProblem(parts: PromptParts): PromptProblem | null {
  if (parts.text !== "" || parts.imageUrls.length >= 2) return null;
  if (parts.imageUrls.length === 1) return { code: "no-description", firstParameter: null };
  return { code: "no-description", firstParameter: parts.parameters[0]?.raw ?? "" };
}

function lengthProblem(prompt: string, max: number, imageCount: number): PromptProblem | null {
  const length = Array.from(prompt).length;
  return length <= max ? null : { code: "too-long", length, max, imageCount };
}

/**
 * Normalises and checks a prompt. Refuses an empty prompt, a prompt without description, one longer than
 * `maxLength`, permutations `{a, b}`, `--repeat`, and values of common parameters the generator refuses.
 * Everything else (unknown parameters, `::` weights, `--no a, b`, ...) passes unchanged.
 */
export function checkPrompt(input: PromptInput): PromptCheck {
  const text = normalizePrompt(input.text);
  const imageUrls = (input.imageUrls ?? []).map((url) => url.trim());
  const problems: PromptProblem[] = [];

  for (const url of imageUrls) {
    if (!isHttpUrl(url)) problems.push({ code: "image-url", url });
  }
  if (text === "" && imageUrls.length === 0) {
    problems.push({ code: "empty" });
    return { ok: false, problems };
  }

  const prompt = [...imageUrls, text].filter((part) => part !== "").join(" ");
  const parts = parsePrompt(prompt);
  const description = descriptionProblem(parts);
  if (description) problems.push(description);

  const permutation = PERMUTATION.exec(text);
  if (permutation) problems.push({ code: "permutation", permutation: permutation[0] });
  for (const parameter of parts.parameters) {
    const problem = checkParameter(parameter);
    if (problem) problems.push(problem);
  }
  const tooLong = lengthProblem(prompt, input.maxLength, parts.imageUrls.length);
  if (tooLong) problems.push(tooLong);

  return problems.length === 0 ? { ok: true, prompt, parts } : { ok: false, problems };
}
