/**
 * Checks a `/imagine` prompt before anything is sent to the image service, and builds the final prompt
 * in the order the service expects: image URLs, then the description, then parameters.
 */
import { english, type Translator } from "../i18n/translate.js";
import { inlineCode } from "../render/markdown.js";
import { checkParameter } from "./parameter-rules.js";
import { isHttpUrl, normalizePrompt, parsePrompt, type PromptParts } from "./parse-prompt.js";
import { formatCount, quoteForProblem, type PromptProblem } from "./problems.js";

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
      /** Every problem found, at least one. */
      readonly problems: readonly PromptProblem[];
      /** All problems as one message for the user (Discord markdown, under 2000 characters). */
      readonly message: string;
    };

/** At most this many problems are listed in one message; the rest are counted. */
const MAX_LISTED_PROBLEMS = 5;
/** `{a, b}`: a brace group with at least one comma. */
const PERMUTATION = /\{[^{}]*,[^{}]*\}/;

/** Joins problems into one message for the user, in `t`'s language. */
export function formatPromptProblems(problems: readonly PromptProblem[], t: Translator = english): string {
  const messages = [...new Set(problems.map((p) => p.message))];
  if (messages.length === 1) return messages[0] ?? "";
  const listed = messages.slice(0, MAX_LISTED_PROBLEMS).map((m) => `• ${m}`);
  const rest = messages.length - listed.length;
  if (rest > 0) listed.push(`• ${t("check.andMore", { n: rest })}`);
  return `${t("check.fixThese")}\n${listed.join("\n")}`;
}

function descriptionProblem(t: Translator, parts: PromptParts): PromptProblem | null {
  if (parts.text !== "" || parts.imageUrls.length >= 2) return null;
  if (parts.imageUrls.length === 1) {
    return {
      code: "no-description",
      message: t("check.imageNeedsWords", { example: inlineCode("as a watercolor painting") }),
    };
  }
  const firstParameter = parts.parameters[0]?.raw ?? "";
  return {
    code: "no-description",
    message: t("check.onlyParameters", {
      example: inlineCode(quoteForProblem(`a lighthouse at dusk ${firstParameter}`.trim())),
    }),
  };
}

function lengthProblem(
  t: Translator,
  prompt: string,
  maxLength: number,
  imageCount: number,
): PromptProblem | null {
  const length = Array.from(prompt).length;
  if (length <= maxLength) return null;
  const over = length - maxLength;
  const links = imageCount === 0 ? "" : imageCount === 1 ? t("check.tooLongLink") : t("check.tooLongLinks");
  return {
    code: "too-long",
    message: t("check.tooLong", {
      length: formatCount(length, t.language),
      over: formatCount(over, t.language),
      cut: formatCount(over, t.language),
      max: formatCount(maxLength, t.language),
      links,
    }),
  };
}

/**
 * Normalises and checks a prompt. Refuses an empty prompt, a prompt without description, one longer than
 * `maxLength`, permutations `{a, b}`, `--repeat`, and values of common parameters the generator refuses.
 * Everything else (unknown parameters, `::` weights, `--no a, b`, ...) passes unchanged. Messages are in
 * `t`'s language (English by default).
 */
export function checkPrompt(input: PromptInput, t: Translator = english): PromptCheck {
  const text = normalizePrompt(input.text);
  const imageUrls = (input.imageUrls ?? []).map((url) => url.trim());
  const problems: PromptProblem[] = [];

  for (const url of imageUrls) {
    if (!isHttpUrl(url)) {
      problems.push({
        code: "image-url",
        message: t("check.imageUrl", { url: inlineCode(quoteForProblem(url)) }),
      });
    }
  }
  if (text === "" && imageUrls.length === 0) {
    problems.push({
      code: "empty",
      message: t("check.empty", { example: inlineCode("a lighthouse at dusk, oil painting") }),
    });
    return { ok: false, problems, message: formatPromptProblems(problems, t) };
  }

  const prompt = [...imageUrls, text].filter((part) => part !== "").join(" ");
  const parts = parsePrompt(prompt);
  const description = descriptionProblem(t, parts);
  if (description) problems.push(description);

  const permutation = PERMUTATION.exec(text);
  if (permutation) {
    problems.push({
      code: "permutation",
      message: t("check.permutation", { permutation: inlineCode(quoteForProblem(permutation[0])) }),
    });
  }
  for (const parameter of parts.parameters) {
    const problem = checkParameter(parameter, t);
    if (problem) problems.push(problem);
  }
  const tooLong = lengthProblem(t, prompt, input.maxLength, parts.imageUrls.length);
  if (tooLong) problems.push(tooLong);

  return problems.length === 0
    ? { ok: true, prompt, parts }
    : { ok: false, problems, message: formatPromptProblems(problems, t) };
}
