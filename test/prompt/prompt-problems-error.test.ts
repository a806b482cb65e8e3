import { describe, expect, test } from "vitest";
import { UserError } from "../../src/errors.js";
import { translator } from "../../src/i18n/translate.js";
import { preparePrompt } from "../../src/prompt/prepare-prompt.js";
import { PromptProblemsError } from "../../src/prompt/prompt-problems-error.js";

const LIMITS = { maxLength: 2000, attachmentMaxBytes: 1024 * 1024 };

function refusal(text: string): PromptProblemsError {
  try {
    preparePrompt(text, [], LIMITS);
  } catch (err) {
    if (err instanceof PromptProblemsError) return err;
  }
  throw new Error(`${text} was not refused`);
}

describe("a refused prompt is written in the language of whoever reads it", () => {
  test("its codes go to the log, its text in English to the log message", () => {
    const err = refusal("a cat --ar");
    expect(err).toBeInstanceOf(UserError);
    expect(err.problems).toEqual([{ code: "missing-value", parameter: "--ar", example: "--ar 16:9" }]);
    expect(err.detail).toEqual({ codes: ["missing-value"] });
    expect(err.message).toBe("`--ar` needs a value, e.g. `--ar 16:9`.");
  });

  test.each([
    ["en", "`--ar` needs a value, e.g. `--ar 16:9`."],
    ["de", "`--ar` braucht einen Wert, z. B. `--ar 16:9`."],
  ] as const)("in %s", (language, text) => {
    expect(refusal("a cat --ar").textIn(translator(language))).toBe(text);
  });
});
