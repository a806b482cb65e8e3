import { describe, expect, test } from "vitest";
import { checkParameter, MIDJOURNEY_VERSIONS, NIJI_VERSIONS } from "../../src/prompt/parameter-rules.js";
import { parsePrompt } from "../../src/prompt/parse-prompt.js";
import { english } from "../../src/i18n/translate.js";
import { renderPromptProblem } from "../../src/render/prompt-problems.js";

/** Problems of every parameter of `prompt`, as codes. */
function codesOf(prompt: string) {
  return parsePrompt(prompt)
    .parameters.map((parameter) => checkParameter(parameter))
    .filter((p) => p !== null);
}

/** Problems of every parameter of `prompt`: their codes and what a member reading English is shown. */
function problemsOf(prompt: string) {
  return codesOf(prompt).map((problem) => ({
    code: problem.code,
    message: renderPromptProblem(problem, english),
  }));
}

describe("checkParameter accepts what the generator accepts", () => {
  test.each([
    "cat --ar 16:9",
    "cat --aspect 2:3",
    "cat --AR 21:9",
    "cat --c 0 --chaos 100",
    "cat --s 0 --stylize 1000",
    "cat --w 0 --weird 3000",
    "cat --seed 0",
    "cat --seed 4294967295",
    "cat --iw 0 --iw 3 --iw 1.5 --iw .5",
    "cat --q .25 --q 0.5 --q 1 --q 2 --q 4 --quality 2",
    "cat --stop 10 --stop 100",
    "cat --sw 0 --sw 1000 --cw 0 --cw 100",
    "cat --niji --niji 4 --niji 5 --niji 6 --niji 7",
    "cat --no plants, flowers, trees",
    "cat --style raw",
    "cat --sref https://a.example/s1.png https://a.example/s2.png --sw 300",
    "cat --sref random",
    "cat --cref https://a.example/c.png --cw 50",
    "cat --tile --fast --relax --turbo --p",
    "cat --unknownparam whatever value here",
    "cat --exp 50 --oref https://a.example/o.png --ow 100",
  ])("%s passes", (prompt) => {
    expect(problemsOf(prompt)).toEqual([]);
  });

  test.each([...MIDJOURNEY_VERSIONS])("--v %s passes", (version) => {
    expect(problemsOf(`cat --v ${version} --version ${version}`)).toEqual([]);
  });

  test.each([...NIJI_VERSIONS])("--niji %s passes", (version) => {
    expect(problemsOf(`cat --niji ${version}`)).toEqual([]);
  });
});

describe("checkParameter refuses values the generator refuses, saying what to use", () => {
  test.each([
    ["cat --ar 16:9.5", "`--ar 16:9.5` is not valid: use whole numbers as width:height, e.g. `--ar 16:9`."],
    ["cat --ar 0:1", "`--ar 0:1` is not valid: use whole numbers as width:height, e.g. `--ar 16:9`."],
    [
      "cat --aspect 16/9",
      "`--aspect 16/9` is not valid: use whole numbers as width:height, e.g. `--aspect 16:9`.",
    ],
    ["cat --c 101", "`--c 101` is not valid: use a whole number from 0 to 100, e.g. `--c 50`."],
    ["cat --chaos -1", "`--chaos -1` is not valid: use a whole number from 0 to 100, e.g. `--chaos 50`."],
    ["cat --c abc", "`--c abc` is not valid: use a whole number from 0 to 100, e.g. `--c 50`."],
    ["cat --c 50.5", "`--c 50.5` is not valid: use a whole number from 0 to 100, e.g. `--c 50`."],
    ["cat --s 1001", "`--s 1001` is not valid: use a whole number from 0 to 1000, e.g. `--s 250`."],
    [
      "cat --stylize 5000",
      "`--stylize 5000` is not valid: use a whole number from 0 to 1000, e.g. `--stylize 250`.",
    ],
    ["cat --w 3001", "`--w 3001` is not valid: use a whole number from 0 to 3000, e.g. `--w 250`."],
    [
      "cat --weird 9999",
      "`--weird 9999` is not valid: use a whole number from 0 to 3000, e.g. `--weird 250`.",
    ],
    [
      "cat --seed 4294967296",
      "`--seed 4294967296` is not valid: use a whole number from 0 to 4294967295, e.g. `--seed 1234`.",
    ],
    [
      "cat --seed 1.5",
      "`--seed 1.5` is not valid: use a whole number from 0 to 4294967295, e.g. `--seed 1234`.",
    ],
    ["cat --iw 3.1", "`--iw 3.1` is not valid: use a number from 0 to 3, e.g. `--iw 1.5`."],
    ["cat --iw -0.5", "`--iw -0.5` is not valid: use a number from 0 to 3, e.g. `--iw 1.5`."],
    ["cat --q 3", "`--q 3` is not valid: use one of .25, .5, 1, 2 or 4, e.g. `--q 2`."],
    [
      "cat --quality 0.75",
      "`--quality 0.75` is not valid: use one of .25, .5, 1, 2 or 4, e.g. `--quality 2`.",
    ],
    ["cat --stop 9", "`--stop 9` is not valid: use a whole number from 10 to 100, e.g. `--stop 80`."],
    ["cat --stop 101", "`--stop 101` is not valid: use a whole number from 10 to 100, e.g. `--stop 80`."],
    ["cat --sw 1001", "`--sw 1001` is not valid: use a whole number from 0 to 1000, e.g. `--sw 100`."],
    ["cat --cw 101", "`--cw 101` is not valid: use a whole number from 0 to 100, e.g. `--cw 50`."],
    ["cat --niji 3", "`--niji 3` is not valid: use one of 4, 5, 6, 7, e.g. `--niji 6`."],
  ])("%s", (prompt, message) => {
    expect(problemsOf(prompt)).toEqual([{ code: "invalid-value", message }]);
  });

  test.each(["9", "5.3", "six", "6.2", "0"])("--v %s is refused with the list of versions", (version) => {
    const [problem] = problemsOf(`cat --v ${version}`);
    expect(problem?.code).toBe("invalid-value");
    expect(problem?.message).toContain(
      `\`--v ${version}\` is not valid: use one of 1, 2, 3, 4, 5, 5.1, 5.2, 6, 6.1, 7`,
    );
    expect(problem?.message).toContain("e.g. `--v 7`");
  });

  test.each([
    ["cat --ar", "`--ar` needs a value, e.g. `--ar 16:9`."],
    ["cat --ar --s 100", "`--ar` needs a value, e.g. `--ar 16:9`."],
    ["cat --c", "`--c` needs a value, e.g. `--c 50`."],
    ["cat --seed", "`--seed` needs a value, e.g. `--seed 1234`."],
    ["cat --v", "`--v` needs a value, e.g. `--v 7`."],
    ["cat --no", "`--no` needs a value, e.g. `--no plants, text`."],
    ["cat --style", "`--style` needs a value, e.g. `--style raw`."],
    ["cat --sref", "`--sref` needs a value, e.g. `--sref https://example.com/style.png`."],
    ["cat --cref --cw 50", "`--cref` needs a value, e.g. `--cref https://example.com/character.png`."],
  ])("%s is refused: a value is missing", (prompt, message) => {
    expect(problemsOf(prompt)).toEqual([{ code: "missing-value", message }]);
  });

  test.each([
    ["cat --repeat 3", "`--repeat`"],
    ["cat --r 3", "`--r`"],
    ["cat --r", "`--r`"],
  ])("%s is refused because it starts several jobs", (prompt, name) => {
    expect(problemsOf(prompt)).toEqual([
      {
        code: "repeat",
        message: `${name} is not supported here: it starts several jobs at once. Run \`/imagine\` again for another set.`,
      },
    ]);
  });

  test("a single-value parameter followed by words says to put the words first", () => {
    expect(problemsOf("cat --ar 16:9 wide shot")).toEqual([
      {
        code: "single-value",
        message:
          "`--ar 16:9 wide shot` is not valid: `--ar` takes a single value, e.g. `--ar 16:9`. " +
          "Put the words that describe the image before the parameters.",
      },
    ]);
  });

  test("a backtick in a value cannot break the code span of the message", () => {
    const [problem] = problemsOf("cat --ar `1`");
    expect(problem?.message).toBe(
      "`--ar ˋ1ˋ` is not valid: use whole numbers as width:height, e.g. `--ar 16:9`.",
    );
  });

  test("a very long value is shortened in the message", () => {
    const [problem] = problemsOf(`cat --c ${"9".repeat(500)}`);
    expect(problem?.message.length).toBeLessThan(200);
    expect(problem?.message).toContain("…");
  });

  test.each([
    ["cat --repeat 3", { code: "repeat", parameter: "--repeat" }],
    ["cat --ar", { code: "missing-value", parameter: "--ar", example: "--ar 16:9" }],
    [
      "cat --ar 16:9 wide",
      { code: "single-value", parameter: "--ar", value: "--ar 16:9 wide", example: "--ar 16:9" },
    ],
    [
      "cat --ar 16:9.5",
      {
        code: "invalid-value",
        value: "--ar 16:9.5",
        expected: { kind: "aspect-ratio" },
        example: "--ar 16:9",
      },
    ],
    [
      "cat --chaos 150",
      {
        code: "invalid-value",
        value: "--chaos 150",
        expected: { kind: "whole-number", min: 0, max: 100 },
        example: "--chaos 50",
      },
    ],
    [
      "cat --iw 4",
      {
        code: "invalid-value",
        value: "--iw 4",
        expected: { kind: "number", min: 0, max: 3 },
        example: "--iw 1.5",
      },
    ],
    [
      "cat --niji 3",
      {
        code: "invalid-value",
        value: "--niji 3",
        expected: { kind: "one-of", values: "4, 5, 6, 7" },
        example: "--niji 6",
      },
    ],
    ["cat --q 3", { code: "invalid-value", value: "--q 3", expected: { kind: "quality" }, example: "--q 2" }],
  ])("%s is refused with a code and the facts a message needs, no text", (prompt, problem) => {
    expect(codesOf(prompt)).toEqual([problem]);
  });
});
