import { describe, expect, test } from "vitest";
import { checkPrompt, type PromptCheck } from "../../src/prompt/check-prompt.js";
import { english } from "../../src/i18n/translate.js";
import { renderPromptProblems } from "../../src/render/prompt-problems.js";

/** What a member reading English is shown for a check's outcome ("" when it passes). */
function shown(result: PromptCheck): string {
  return result.ok ? "" : renderPromptProblems(result.problems, english);
}

const MAX = 2000;
const ATTACHMENT = "https://cdn.discordapp.com/attachments/1/2/photo.png?ex=66&is=67&hm=abc";

describe("checkPrompt accepts prompts the service accepts", () => {
  test.each([
    "a lighthouse at dusk",
    "a lighthouse at dusk, oil painting --ar 16:9 --v 6.1 --style raw",
    "cat::2 dog::-0.5 --s 250",
    "a garden --no plants, flowers, trees",
    "tile pattern of leaves --tile",
    "portrait --sref https://a.example/s1.png https://a.example/s2.png --sw 300",
    "portrait --cref https://a.example/c.png --cw 50",
    "a cat --someNewParameter 42",
    "a {single} brace group",
    "a sign reading -- open",
    "https://a.example/x.png https://a.example/y.png",
    "anime girl --niji 6 --c 10 --q .5 --seed 42 --iw 2 --stop 90 --w 100",
  ])("%s", (text) => {
    const result = checkPrompt({ text, maxLength: MAX });
    expect(result).toMatchObject({ ok: true, prompt: text });
  });
});

describe("checkPrompt normalises what the user typed", () => {
  test.each([
    ["  a   lighthouse  ", "a lighthouse"],
    ["a lighthouse\nat dusk\r\n--ar 16:9", "a lighthouse at dusk --ar 16:9"],
    ["a lighthouse —ar 16:9 —v 6", "a lighthouse --ar 16:9 --v 6"],
    ["a lighthouse – at dusk", "a lighthouse – at dusk"],
  ])("%j is sent as %j", (text, prompt) => {
    expect(checkPrompt({ text, maxLength: MAX })).toMatchObject({ ok: true, prompt });
  });

  test("a phone's em dash is checked as a parameter", () => {
    const result = checkPrompt({ text: "a cat —ar 16:9.5", maxLength: MAX });
    expect(result.ok).toBe(false);
    expect(shown(result)).toContain("`--ar 16:9.5` is not valid");
  });
});

describe("checkPrompt puts image links first", () => {
  test("an attachment's URL goes before the text and the parameters", () => {
    const result = checkPrompt({ text: "as a watercolor --ar 2:3", imageUrls: [ATTACHMENT], maxLength: MAX });
    expect(result).toMatchObject({ ok: true, prompt: `${ATTACHMENT} as a watercolor --ar 2:3` });
    expect(result.ok && result.parts.imageUrls).toEqual([ATTACHMENT]);
    expect(result.ok && result.parts.text).toBe("as a watercolor");
  });

  test("attachment URLs come before URLs the user typed", () => {
    const result = checkPrompt({
      text: "https://a.example/b.png both",
      imageUrls: [ATTACHMENT],
      maxLength: MAX,
    });
    expect(result).toMatchObject({ ok: true, prompt: `${ATTACHMENT} https://a.example/b.png both` });
  });

  test("two images need no words", () => {
    const result = checkPrompt({
      text: " ",
      imageUrls: [ATTACHMENT, "https://a.example/b.png"],
      maxLength: MAX,
    });
    expect(result.ok).toBe(true);
  });

  test.each(["ftp://a.example/x.png", "not a link", ""])("the image link %j is refused", (url) => {
    const result = checkPrompt({ text: "a cat", imageUrls: [url], maxLength: MAX });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems.map((p) => p.code)).toContain("image-url");
  });
});

describe("checkPrompt refuses, saying what to change", () => {
  test.each([
    ["", "empty", "Your prompt is empty: describe the image you want"],
    ["   \n\t ", "empty", "Your prompt is empty"],
    ["--ar 16:9", "no-description", "describe the image before them, e.g. `a lighthouse at dusk --ar 16:9`."],
    ["a {red, blue} car", "permutation", "`{red, blue}` is a permutation, which is not supported here"],
    ["a car in {red,blue,green} --ar {1:1, 16:9}", "permutation", "Run `/imagine` once for each option"],
    ["a cat --repeat 2", "repeat", "starts several jobs at once"],
    ["a cat --video", "video", "can be made here. Remove it."],
    ["a cat --motion high", "video", "`--motion` asks Midjourney for a video"],
    ["a cat --motion high", "video", "Remove it and its value."],
    ["a cat --loop", "video", "`--loop` asks Midjourney for a video"],
    ["a cat --end https://example.com/end.png", "video", "`--end` asks Midjourney for a video"],
    ["a cat --bs 2", "video", "`--bs` asks Midjourney for a video"],
    ["a cat --ar 16:9.5", "invalid-value", "`--ar 16:9.5` is not valid: use whole numbers"],
    ["a cat --ar", "missing-value", "`--ar` needs a value"],
  ])("%j (%s)", (text, code, message) => {
    const result = checkPrompt({ text, maxLength: MAX });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems[0]?.code).toBe(code);
    expect(shown(result)).toContain(message);
  });

  test.each([
    ["zero-width space", "\u200b"],
    ["zero-width non-joiner and joiner", "\u200c\u200d"],
    ["left-to-right and right-to-left marks", "\u200e \u200f"],
    ["word joiner", "\u2060"],
    ["byte order mark", "\ufeff"],
    ["soft hyphen", "\u00ad\u00ad"],
    ["variation selectors", "\ufe0f\ufe0e"],
    ["supplementary variation selector", "\u{e0100}"],
    ["tag characters", "\u{e0041}\u{e0042}"],
    ["Hangul filler", "\u3164"],
    ["halfwidth Hangul filler", "\uffa0"],
    ["Hangul choseong filler", "\u115f"],
    ["braille blank", "\u2800 \u2800"],
    ["combining grapheme joiner", "\u034f"],
    ["Mongolian vowel separator", "\u180e"],
    ["invisible separators between spaces", " \u200b \u2063 \u2064 "],
    ["a mix of all of them, between line breaks", "\n\u200b\u3164\u2800\ufeff\u00ad\n"],
  ])("a prompt of only invisible characters (%s) is empty", (_name, text) => {
    const result = checkPrompt({ text, maxLength: MAX });
    expect(result).toMatchObject({ ok: false, problems: [{ code: "empty" }] });
    expect(shown(result)).toBe(
      "Your prompt is empty: describe the image you want, e.g. `a lighthouse at dusk, oil painting`.",
    );
  });

  test("invisible characters before parameters are no description", () => {
    const result = checkPrompt({ text: "\u200b\u3164 --ar 16:9", maxLength: MAX });
    expect(result).toMatchObject({ ok: false, problems: [{ code: "no-description" }] });
  });

  test("one image and no words asks for a description", () => {
    const result = checkPrompt({ text: "--ar 1:1", imageUrls: [ATTACHMENT], maxLength: MAX });
    expect(result).toMatchObject({ ok: false, problems: [{ code: "no-description" }] });
    expect(shown(result)).toContain("An image prompt needs words too");
  });

  test("a prompt over the limit says by how much", () => {
    const result = checkPrompt({ text: "a".repeat(2134), maxLength: 2000 });
    expect(result).toEqual({
      ok: false,
      problems: [{ code: "too-long", length: 2134, max: 2000, imageCount: 0 }],
    });
    expect(shown(result)).toBe(
      "Your prompt is 2,134 characters long, 134 over the limit of 2,000. Shorten it by at least 134 characters.",
    );
  });

  test("the image link counts towards the limit and the message says so", () => {
    const text = "a".repeat(20);
    const result = checkPrompt({ text, imageUrls: [ATTACHMENT], maxLength: 30 });
    const length = ATTACHMENT.length + 1 + 20;
    expect(shown(result)).toBe(
      `Your prompt is ${length} characters long, ${length - 30} over the limit of 30 (the image link counts too). ` +
        `Shorten it by at least ${length - 30} characters.`,
    );
  });

  test("characters are counted as people see them, so an emoji counts once", () => {
    expect(checkPrompt({ text: "🦊🦊🦊", maxLength: 3 }).ok).toBe(true);
    expect(checkPrompt({ text: "🦊🦊🦊🦊", maxLength: 3 }).ok).toBe(false);
  });

  test("the limit counts the normalised prompt", () => {
    expect(checkPrompt({ text: "  a    cat  \n\n", maxLength: 5 }).ok).toBe(true);
  });

  test("every problem is reported in one message", () => {
    const result = checkPrompt({ text: "a {x, y} cat --c 500 --s 5000", maxLength: MAX });
    expect(!result.ok && result.problems.map((p) => p.code)).toEqual([
      "permutation",
      "invalid-value",
      "invalid-value",
    ]);
    expect(shown(result)).toMatch(/^Please fix these and try again:\n• .*\n• .*`--c 500`.*\n• .*`--s 5000`/);
  });
});

describe("checkPrompt returns codes with the facts a message needs, no text", () => {
  test.each([
    ["", [], [{ code: "empty" }]],
    ["--ar 16:9", [], [{ code: "no-description", firstParameter: "--ar 16:9" }]],
    ["", [ATTACHMENT], [{ code: "no-description", firstParameter: null }]],
    ["a {red, blue} car", [], [{ code: "permutation", permutation: "{red, blue}" }]],
    ["a cat", ["ftp://a.example/x.png"], [{ code: "image-url", url: "ftp://a.example/x.png" }]],
    ["a cat --r 2", [], [{ code: "repeat", parameter: "--r" }]],
    [
      "a cat --VIDEO --motion low",
      [],
      [
        { code: "video", parameter: "--VIDEO" },
        { code: "video", parameter: "--motion" },
      ],
    ],
  ])("%j with images %j", (text, imageUrls, problems) => {
    expect(checkPrompt({ text, imageUrls, maxLength: MAX })).toEqual({ ok: false, problems });
  });
});
