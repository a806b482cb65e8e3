import { describe, expect, test } from "vitest";
import {
  isHttpUrl,
  normalizePrompt,
  parseAspectRatio,
  parsePrompt,
  promptAspectRatio,
} from "../../src/prompt/parse-prompt.js";

describe("parsePrompt", () => {
  test.each([
    {
      prompt: "https://a.example/x.png a cat --ar 16:9 --no trees, rocks --tile",
      imageUrls: ["https://a.example/x.png"],
      text: "a cat",
      parameters: [
        ["ar", "16:9"],
        ["no", "trees, rocks"],
        ["tile", ""],
      ],
    },
    { prompt: "a cat", imageUrls: [], text: "a cat", parameters: [] },
    { prompt: "https://a.example/x.png", imageUrls: ["https://a.example/x.png"], text: "", parameters: [] },
    {
      prompt: "http://a.example/1.jpg https://b.example/2.webp two pictures",
      imageUrls: ["http://a.example/1.jpg", "https://b.example/2.webp"],
      text: "two pictures",
      parameters: [],
    },
    {
      prompt: "a cat https://a.example/x.png",
      imageUrls: [],
      text: "a cat https://a.example/x.png",
      parameters: [],
    },
    { prompt: "--ar 1:1", imageUrls: [], text: "", parameters: [["ar", "1:1"]] },
    { prompt: "a -- b --AR 2:3", imageUrls: [], text: "a -- b", parameters: [["ar", "2:3"]] },
    { prompt: "cat::2 dog::-0.5 --v 6", imageUrls: [], text: "cat::2 dog::-0.5", parameters: [["v", "6"]] },
    { prompt: "  spaced\n\tout  --s   250  ", imageUrls: [], text: "spaced out", parameters: [["s", "250"]] },
  ])("reads $prompt into image URLs, text and parameters", ({ prompt, imageUrls, text, parameters }) => {
    const parts = parsePrompt(prompt);
    expect(parts.imageUrls).toEqual(imageUrls);
    expect(parts.text).toBe(text);
    expect(parts.parameters.map((p) => [p.name, p.value])).toEqual(parameters);
  });

  test("keeps each parameter as written, with the user's spelling of the name", () => {
    expect(parsePrompt("cat --AR 2:3 --tile").parameters.map((p) => p.raw)).toEqual(["--AR 2:3", "--tile"]);
  });
});

describe("isHttpUrl", () => {
  test.each([
    ["https://cdn.discordapp.com/attachments/1/2/a.png?ex=1&is=2", true],
    ["http://example.com/a.jpg", true],
    ["HTTPS://EXAMPLE.COM/A.PNG", true],
    ["ftp://example.com/a.png", false],
    ["example.com/a.png", false],
    ["https://", false],
    ["https://exa mple.com/a.png", false],
    ["attachment://a.png", false],
    ["", false],
  ])("%j is an http(s) URL: %s", (token, expected) => {
    expect(isHttpUrl(token)).toBe(expected);
  });
});

describe("normalizePrompt", () => {
  test.each([
    ["  a   cat  ", "a cat"],
    ["a\ncat\r\n--ar 16:9", "a cat --ar 16:9"],
    ["a cat —ar 16:9", "a cat --ar 16:9"],
    ["a cat –v 6 —no dogs", "a cat --v 6 --no dogs"],
    ["—ar 1:1 at the start", "--ar 1:1 at the start"],
    ["a cat — sleeping", "a cat — sleeping"],
    ["well—maybe", "well—maybe"],
    ["\tcat\t\tdog\u00a0bird", "cat dog bird"],
    ["", ""],
    ["a \u200b cat \ufeff", "a cat"],
    ["\u200b --ar 16:9", "--ar 16:9"],
    ["a\u200bcat", "a\u200bcat"],
    ["\u{1f469}\u200d\u{1f3a8} painting", "\u{1f469}\u200d\u{1f3a8} painting"],
    ["\u2764\ufe0f heart", "\u2764\ufe0f heart"],
  ])("turns %j into %j", (input, expected) => {
    expect(normalizePrompt(input)).toBe(expected);
  });
});

describe("parseAspectRatio", () => {
  test.each([
    ["16:9", { width: 16, height: 9 }],
    [" 1:1 ", { width: 1, height: 1 }],
    ["21:9", { width: 21, height: 9 }],
    ["16:9.5", null],
    ["0:1", null],
    ["16:0", null],
    ["a:b", null],
    ["16:9:1", null],
    ["16/9", null],
    ["-16:9", null],
    ["1234567:1", null],
    ["", null],
  ])("reads %j as %j", (value, expected) => {
    expect(parseAspectRatio(value)).toEqual(expected);
  });
});

describe("promptAspectRatio", () => {
  test.each([
    ["cat --ar 2:3", { width: 2, height: 3 }],
    ["cat --ar 2:3 --aspect 16:9", { width: 16, height: 9 }],
    ["cat --ar 2:3 --ar bad", { width: 2, height: 3 }],
    ["cat --ar bad", null],
    ["cat", null],
  ])("finds the aspect ratio of %j", (prompt, expected) => {
    expect(promptAspectRatio(parsePrompt(prompt))).toEqual(expected);
  });
});
