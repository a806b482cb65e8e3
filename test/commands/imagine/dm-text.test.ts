import { expect, test } from "vitest";
import { withoutTypedCommand } from "../../../commands/imagine/dm-text.js";

test.each([
  ["/imagine a red car", "a red car"],
  ["/Imagine prompt: a red car --ar 16:9", "a red car --ar 16:9"],
  ["/bild beschreibung: ein rotes Auto", "ein rotes Auto"],
  ["/画像生成 赤い車", "赤い車"],
  ["/imagine", ""],
  ["a red car", "a red car"],
  ["/imagined worlds", "/imagined worlds"],
  ["draw /imagine a car", "draw /imagine a car"],
])("a DM of %j is the prompt %j", (typed, prompt) => {
  expect(withoutTypedCommand(typed)).toBe(prompt);
});
