/**
 * The prompt checks' problems (`src/prompt/problems.ts`) as messages for a member, in their language: the
 * one place where a problem becomes text.
 */
import type { Translator } from "../i18n/translate.js";
import { formatCount, quoteForProblem, type ExpectedValue, type PromptProblem } from "../prompt/problems.js";
import { inlineCode } from "./markdown.js";

/** At most this many problems are listed in one message; the rest are counted. */
const MAX_LISTED_PROBLEMS = 5;
const BYTES_PER_MB = 1024 * 1024;

/**
 * A size in MB with at most one decimal (KB below 0.1 MB), rounded up for a file and down for a limit so
 * a file over the limit never shows the same number as the limit.
 */
function formatSize(bytes: number, round: "up" | "down"): string {
  const rounded = round === "up" ? Math.ceil : Math.floor;
  if (bytes < BYTES_PER_MB / 10) return `${rounded(bytes / 1024)} KB`;
  return `${rounded((bytes / BYTES_PER_MB) * 10) / 10} MB`;
}

/** What names an attachment in a message: its file name, or "attachment" when it has none. */
function attachmentName(t: Translator, name: string): string {
  return inlineCode(quoteForProblem(name === "" ? t("check.attachment") : name, 60));
}

function expectedValue(t: Translator, expected: ExpectedValue): string {
  switch (expected.kind) {
    case "whole-number":
      return t("check.expected.wholeNumber", { min: expected.min, max: expected.max });
    case "number":
      return t("check.expected.number", { min: expected.min, max: expected.max });
    case "one-of":
      return t("check.expected.oneOf", { values: expected.values });
    case "aspect-ratio":
      return t("check.expected.aspectRatio");
    case "quality":
      return t("check.expected.quality");
  }
}

function tooLongLinks(t: Translator, imageCount: number): string {
  if (imageCount === 0) return "";
  return imageCount === 1 ? t("check.tooLongLink") : t("check.tooLongLinks");
}

/** One problem as a message (Discord markdown, at most a few hundred characters) in `t`'s language. */
export function renderPromptProblem(problem: PromptProblem, t: Translator): string {
  switch (problem.code) {
    case "empty":
      return t("check.empty", { example: inlineCode("a lighthouse at dusk, oil painting") });
    case "no-description":
      return problem.firstParameter === null
        ? t("check.imageNeedsWords", { example: inlineCode("as a watercolor painting") })
        : t("check.onlyParameters", {
            example: inlineCode(quoteForProblem(`a lighthouse at dusk ${problem.firstParameter}`.trim())),
          });
    case "too-long": {
      const over = formatCount(problem.length - problem.max, t.language);
      return t("check.tooLong", {
        length: formatCount(problem.length, t.language),
        over,
        cut: over,
        max: formatCount(problem.max, t.language),
        links: tooLongLinks(t, problem.imageCount),
      });
    }
    case "permutation":
      return t("check.permutation", { permutation: inlineCode(quoteForProblem(problem.permutation)) });
    case "repeat":
      return t("check.repeat", { parameter: inlineCode(problem.parameter) });
    case "video":
      // `--video` and `--loop` take no value: "remove it and its value" would send the member looking for one.
      return t(
        /^--(?:video|loop)$/i.test(problem.parameter) ? "accountSafety.videoFlag" : "accountSafety.video",
        {
          parameter: inlineCode(problem.parameter),
        },
      );
    case "missing-value":
      return t("check.missingValue", {
        parameter: inlineCode(problem.parameter),
        example: inlineCode(problem.example),
      });
    case "single-value":
      return t("check.singleValue", {
        value: inlineCode(quoteForProblem(problem.value)),
        parameter: inlineCode(problem.parameter),
        example: inlineCode(problem.example),
      });
    case "invalid-value":
      return t("check.invalidValue", {
        value: inlineCode(quoteForProblem(problem.value)),
        expected: expectedValue(t, problem.expected),
        example: inlineCode(problem.example),
      });
    case "image-url":
      return t("check.imageUrl", { url: inlineCode(quoteForProblem(problem.url)) });
    case "attachment-type": {
      const type = problem.mimeType === "" ? "" : ` (${inlineCode(quoteForProblem(problem.mimeType, 40))})`;
      return t("check.attachmentType", { name: attachmentName(t, problem.name), type });
    }
    case "attachment-too-large": {
      const name = attachmentName(t, problem.name);
      const max = formatSize(problem.maxBytes, "down");
      return Number.isFinite(problem.size)
        ? t("check.attachmentTooLarge", { name, size: formatSize(problem.size, "up"), max })
        : t("check.attachmentTooLargeUnknown", { name, max });
    }
    case "attachment-unreadable":
      return t("check.attachmentUnreadable", { name: attachmentName(t, problem.name) });
    case "not-parameters":
      return t("check.notParameters", {
        value: inlineCode(quoteForProblem(problem.value)),
        example: inlineCode("--v 7 --stylize 100"),
      });
    case "speed-in-defaults":
      return t("check.speedInDefaults", {
        parameter: inlineCode(quoteForProblem(problem.parameter)),
        command: inlineCode(
          `/${t("command.imagine-config.name")} ${t("command.imagine-config.speeds.name")}`,
        ),
      });
    case "blend-count":
      return t("blend.count", { min: problem.min, max: problem.max, count: problem.count });
    case "aspect-twice":
      return t("blend.aspectTwice", {
        option: inlineCode(quoteForProblem(problem.option)),
        typed: inlineCode(quoteForProblem(problem.typed)),
      });
  }
}

/**
 * Problems as one message in `t`'s language (Discord markdown, under 2000 characters): a single problem as
 * it is, several as a list of at most {@link MAX_LISTED_PROBLEMS} with the rest counted. Problems that read
 * the same are listed once.
 */
export function renderPromptProblems(problems: readonly PromptProblem[], t: Translator): string {
  const messages = [...new Set(problems.map((problem) => renderPromptProblem(problem, t)))];
  if (messages.length === 1) return messages[0] ?? "";
  const listed = messages.slice(0, MAX_LISTED_PROBLEMS).map((m) => `• ${m}`);
  const rest = messages.length - listed.length;
  if (rest > 0) listed.push(`• ${t("check.andMore", { n: rest })}`);
  return `${t("check.fixThese")}\n${listed.join("\n")}`;
}
