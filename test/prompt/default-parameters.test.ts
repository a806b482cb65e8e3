import { expect, test } from "vitest";
import { withDefaultParameters } from "../../src/prompt/default-parameters.js";
import { readPrompt } from "../../src/prompt/prompt.js";

test.each([
  ["a fox", "--ar 16:9 --q 2", "a fox --ar 16:9 --q 2"],
  ["a fox --ar 1:1", "--ar 16:9 --q 2", "a fox --ar 1:1 --q 2"],
  ["a fox --aspect 1:1", "--ar 16:9", "a fox --aspect 1:1"],
  ["a fox --AR 3:2", "--ar 16:9", "a fox --AR 3:2"],
  ["a fox --quality 4", "--q 2 --stylize 100", "a fox --quality 4 --stylize 100"],
  ["a fox --niji 6", "--v 7", "a fox --niji 6"],
  ["a fox --no trees", "--no text, watermark", "a fox --no trees"],
  ["a fox --tile", "--ar 16:9", "a fox --tile --ar 16:9"],
  ["a fox", "", "a fox"],
  ["a fox", "just words, no parameters", "a fox"],
  ["https://example.com/a.png a fox", "--iw 2", "https://example.com/a.png a fox --iw 2"],
])("%j with server defaults %j becomes %j", (prompt, defaults, expected) => {
  const sent = withDefaultParameters(readPrompt(prompt), defaults);
  expect(sent.text).toBe(expected);
  // Read once: the parts carried with it are those of the text sent.
  expect(sent).toEqual(readPrompt(expected));
});
