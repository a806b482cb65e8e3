import { describe, expect, test } from "vitest";
import { assemblePrompt } from "../../src/prompt/assemble-prompt.js";

describe("assemblePrompt", () => {
  test.each([
    ["nothing to add leaves the prompt as typed", "a cat  --ar 3:2", {}, "a cat  --ar 3:2"],
    [
      "a style's words join the description after a comma, before the suffix's; its parameters before the suffix's",
      "a cat --chaos 20",
      { style: "watercolour, soft --stylize 250 --ar 3:2", suffix: "by night --stylize 50 --v 6" },
      "a cat, watercolour, soft by night --chaos 20 --stylize 250 --ar 3:2 --v 6",
    ],
    [
      "the prompt's own parameter wins over the style's",
      "a cat --ar 1:2",
      { style: "noir --ar 16:9" },
      "a cat, noir --ar 1:2",
    ],
    [
      "a description that already ends a phrase takes the style's words without another comma",
      "a cat.",
      { style: "noir" },
      "a cat. noir",
    ],
    [
      "a suffix of parameters follows the prompt",
      "a cat",
      { suffix: "--ar 16:9 --v 6" },
      "a cat --ar 16:9 --v 6",
    ],
    [
      "a suffix's words join the description, before the prompt's parameters",
      "a cat --chaos 20",
      { suffix: "oil painting --v 6" },
      "a cat oil painting --chaos 20 --v 6",
    ],
    [
      "the prompt's own parameter wins over the suffix's",
      "a cat --ar 1:2",
      { suffix: "--ar 16:9" },
      "a cat --ar 1:2",
    ],
    [
      "an alias counts as the same parameter",
      "a cat --aspect 1:2",
      { aspectRatio: "16:9" },
      "a cat --aspect 1:2",
    ],
    [
      "the default aspect ratio is used when the prompt has none",
      "a cat",
      { aspectRatio: "16:9" },
      "a cat --ar 16:9",
    ],
    [
      "the suffix's aspect ratio wins over the default one",
      "a cat",
      { suffix: "--ar 2:3", aspectRatio: "16:9" },
      "a cat --ar 2:3",
    ],
    [
      "image links stay first",
      "https://x.example/a.png a cat",
      { suffix: "sketch" },
      "https://x.example/a.png a cat sketch",
    ],
    [
      "a prompt of only parameters gets nothing (the checks refuse it as typed)",
      "--ar 3:2",
      { suffix: "a dog" },
      "--ar 3:2",
    ],
  ])("%s", (_name, text, defaults, expected) => {
    expect(assemblePrompt(text, defaults)).toBe(expected);
  });

  test("attached images count as a subject: a prompt of only parameters gets the suffix", () => {
    expect(assemblePrompt("--ar 3:2", { suffix: "watercolor" }, true)).toBe("watercolor --ar 3:2");
  });
});
