import { describe, expect, test } from "vitest";
import { escapeMarkdown, inlineCode } from "../../src/render/markdown.js";

describe("escapeMarkdown", () => {
  test.each([
    ["*bold* and _italic_", "\\*bold\\* and \\_italic\\_"],
    ["~~strike~~ ||spoiler||", "\\~\\~strike\\~\\~ \\|\\|spoiler\\|\\|"],
    ["`code`", "\\`code\\`"],
    ["<@123456789012345678> <t:1:R>", "\\<@123456789012345678\\> \\<t:1:R\\>"],
    ["[link](https://a.example)", "\\[link\\](https://a.example)"],
    ["# heading", "\\# heading"],
    ["- item", "\\- item"],
    ["> quote", "\\> quote"],
    ["a - b # c", "a - b # c"],
    ["back\\slash", "back\\\\slash"],
    ["cat::2 dog::-0.5 --ar 16:9", "cat::2 dog::-0.5 --ar 16:9"],
    ["https://a.example/x_y*z.png *big*", "https://a.example/x_y*z.png \\*big\\*"],
    ["see http://a.example/a_b.png and _this_", "see http://a.example/a_b.png and \\_this\\_"],
    ["", ""],
  ])("escapes %j as %j", (text, expected) => {
    expect(escapeMarkdown(text)).toBe(expected);
  });
});

describe("inlineCode", () => {
  test.each([
    ["--ar 16:9", "`--ar 16:9`"],
    ["a `b` c", "`a ˋbˋ c`"],
    ["two\nlines", "`two lines`"],
    ["", "` `"],
  ])("wraps %j as %j", (text, expected) => {
    expect(inlineCode(text)).toBe(expected);
  });
});
