import { describe, expect, test } from "vitest";
import {
  checkAspectRatio,
  checkDefaultParameters,
  checkSuffix,
  type DefaultsCheck,
} from "../../src/prompt/check-defaults.js";
import { checkPrompt } from "../../src/prompt/check-prompt.js";
import { english } from "../../src/i18n/translate.js";
import { renderPromptProblems } from "../../src/render/prompt-problems.js";
import type { PromptProblem } from "../../src/prompt/problems.js";

/** The problems `/imagine` finds in a prompt, to compare with. */
function promptProblems(text: string): readonly PromptProblem[] {
  const checked = checkPrompt({ text, maxLength: 2000 });
  return checked.ok ? [] : checked.problems;
}

/** What a member reading English is shown for a refused value ("" when it passes). */
function shown(check: DefaultsCheck): string {
  return check.ok ? "" : renderPromptProblems(check.problems, english);
}

describe("checkSuffix", () => {
  test.each([
    ["parameters only", "--ar 16:9 --v 6", "--ar 16:9 --v 6"],
    ["words and parameters, spaces normalised", "  oil   painting --chaos 20 ", "oil painting --chaos 20"],
  ])("accepts %s", (_name, text, value) => {
    expect(checkSuffix(text, 2000)).toEqual({ ok: true, value });
  });

  test("refuses an invalid parameter with the problem a prompt with it gets", () => {
    expect(checkSuffix("--ar 16:9.5", 2000)).toEqual({
      ok: false,
      problems: promptProblems("a cat --ar 16:9.5"),
    });
  });

  test("refuses --repeat and permutations like a prompt", () => {
    const check = checkSuffix("{red, blue} --repeat 2", 2000);
    expect(check.ok).toBe(false);
    if (!check.ok) {
      expect(shown(check)).toContain("is a permutation");
      expect(shown(check)).toContain("`--repeat`");
    }
  });

  test("refuses a suffix longer than a prompt may be", () => {
    const check = checkSuffix("detailed ".repeat(30), 100);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(shown(check)).toMatch(/over the limit of 100/);
  });
});

describe("checkAspectRatio", () => {
  test.each([
    ["16:9", "16:9"],
    [" 2 : 3 ", "2:3"],
  ])("accepts %j", (text, value) => {
    expect(checkAspectRatio(text)).toEqual({ ok: true, value });
  });

  test.each(["16:9.5", "wide", "0:1"])("refuses %j with the prompt's --ar problem", (text) => {
    expect(checkAspectRatio(text)).toEqual({ ok: false, problems: promptProblems(`a cat --ar ${text}`) });
  });
});

describe("checkDefaultParameters", () => {
  test("accepts parameters", () => {
    expect(checkDefaultParameters("--v 7  --stylize 100", 2000)).toEqual({
      ok: true,
      value: "--v 7 --stylize 100",
    });
  });

  test.each(["highly detailed --v 7", "", "https://x.example/a.png --v 7"])(
    "refuses %j: not only parameters",
    (text) => {
      const check = checkDefaultParameters(text, 2000);
      expect(check.ok).toBe(false);
      if (!check.ok) expect(shown(check)).toMatch(/not a list of parameters/);
    },
  );

  test.each(["--relax", "--v 7 --turbo", "--FAST --q 2"])(
    "refuses %j: speeds are chosen with /imagine-config speeds",
    (text) => {
      const check = checkDefaultParameters(text, 2000);
      expect(check.ok).toBe(false);
      if (!check.ok) expect(shown(check)).toMatch(/`\/imagine-config speeds`/);
    },
  );

  test("refuses an invalid value with the prompt's problem", () => {
    expect(checkDefaultParameters("--chaos 150", 2000)).toEqual({
      ok: false,
      problems: promptProblems("a cat --chaos 150"),
    });
  });
});
