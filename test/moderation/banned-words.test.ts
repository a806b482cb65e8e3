import { describe, expect, test } from "vitest";
import { BannedWords, foldForMatching, parseBannedWords } from "../../src/moderation/banned-words.js";

const LIST = new BannedWords([
  "ass",
  "Red Room",
  "gore",
  "c++",
  "$money",
  "a.b",
  "(x)",
  "crème brûlée",
  "naïve",
]);

describe("parseBannedWords", () => {
  test.each<[string, string, string[]]>([
    ["a comma-separated env value", "ass, gore ,red room", ["ass", "gore", "red room"]],
    ["one entry per line", "ass\ngore\r\nred room\r", ["ass", "gore", "red room"]],
    ["comment lines and blank lines", "# banned words\n\n  # indented comment\nass\n\n", ["ass"]],
    ["a comment after an entry", "gore # added after the incident\nass", ["gore", "ass"]],
    ["a # inside an entry", "c#", ["c#"]],
    ["empty entries between commas", ",,ass,, ,gore,", ["ass", "gore"]],
    ["nothing", "", []],
    ["only comments", "# nothing here\n#", []],
  ])("reads %s", (_name, text, expected) => {
    expect(parseBannedWords(text)).toEqual(expected);
  });
});

describe("BannedWords.find", () => {
  test.each<[string, string]>([
    ["ass", "ass"],
    ["what an ASS.", "ass"],
    ["Ass", "ass"],
    ["a Red  Room here", "Red Room"],
    ["red\nroom", "Red Room"],
    ["red\troom", "Red Room"],
    ["red_room", "Red Room"],
    ["red-room", "Red Room"],
    ["blood::2 gore::1.5", "gore"],
    ["a castle (gore) at night", "gore"],
    ["a castle --no gore", "gore"],
    ["a castle --no trees, gore --ar 16:9", "gore"],
    ["{gore, blood}", "gore"],
    ["[gore]", "gore"],
    ["gore?", "gore"],
    ['"gore"', "gore"],
    ["https://example.com/gore.png a castle", "gore"],
    ["GÖRE", "gore"],
    ["gôré", "gore"],
    ["g\u200bore", "gore"],
    ["go\u200dre", "gore"],
    ["g\u00adore", "gore"],
    ["\ufeffgore", "gore"],
    ["ｇｏｒｅ", "gore"],
    ["𝐠𝐨𝐫𝐞", "gore"],
    ["ＲＥＤ　ＲＯＯＭ", "Red Room"],
    ["creme brulee", "crème brûlée"],
    ["CRÈME BRÛLÉE", "crème brûlée"],
    ["naive", "naïve"],
    ["I write C++ daily", "c++"],
    ["make$money fast", "$money"],
    ["a.b testing", "a.b"],
    ["the (x) marks", "(x)"],
  ])("finds a banned entry in %j", (prompt, entry) => {
    expect(LIST.find(prompt)).toBe(entry);
  });

  test.each<string>([
    "class",
    "passage",
    "assassin",
    "bass guitar",
    "ass1",
    "gored",
    "gorey",
    "ogre",
    "red",
    "room",
    "redroom",
    "red roomy",
    "bored room",
    "c+",
    "axb",
    "a-b",
    "x",
    "crème",
    "a lighthouse at dusk --ar 16:9",
    "",
  ])("does not match %j", (prompt) => {
    expect(LIST.find(prompt)).toBeNull();
  });

  test("names the longer entry when a phrase starts with a banned word", () => {
    const list = new BannedWords(["red", "red room"]);
    expect(list.find("the red room")).toBe("red room");
    expect(list.find("the red roof")).toBe("red");
  });

  test.each<[string, string, string | null]>([
    ["血", "流血了", "血"],
    ["ナイフ", "大きなナイフを", "ナイフ"],
    ["血x", "流血xyz", null],
    ["血x", "流血x yz", "血x"],
  ])("matches %j inside a run of a script written without spaces: %j", (entry, prompt, expected) => {
    expect(new BannedWords([entry]).find(prompt)).toBe(expected);
  });

  test("treats regex metacharacters in entries literally", () => {
    const list = new BannedWords(["a.c", "x*", "(y)", "[z]", "q?", "^p$", "b|c", "\\d", "{2}", "e+f"]);
    for (const prompt of ["abc", "xxx", "y", "z", "q", "p", "b", "c", "5", "ee", "eef"]) {
      expect(list.find(prompt)).toBeNull();
    }
    for (const entry of ["a.c", "x*", "(y)", "[z]", "q?", "^p$", "b|c", "\\d", "{2}", "e+f"]) {
      expect(list.find(`before ${entry} after`)).toBe(entry);
    }
  });

  test.each<[string, readonly string[]]>([
    ["an empty list", []],
    ["a list of blank entries", ["", "  ", "\u200b", "-", "_ _"]],
  ])("matches nothing with %s", (_name, entries) => {
    const list = new BannedWords(entries);
    expect(list.size).toBe(0);
    expect(list.find("anything at all, even ass")).toBeNull();
    expect(list.find("")).toBeNull();
  });

  test("merges entries that differ only in case, accents or spacing, keeping the first as written", () => {
    const list = new BannedWords(["Gore", "gore", "GÖRE", "red room", "Red   Room"]);
    expect(list.size).toBe(2);
    expect(list.find("gore")).toBe("Gore");
  });

  test("builds from env and file texts together", () => {
    const list = BannedWords.fromTexts("ass, gore", undefined, "# file\nred room\n", null, "");
    expect(list.size).toBe(3);
    expect(list.find("RED ROOM")).toBe("red room");
  });

  test("handles 1,000 entries and a long prompt, matching the right one", () => {
    const entries = Array.from({ length: 1000 }, (_, i) => `word${i}${i % 3 === 0 ? " phrase" : ""}`);
    const list = new BannedWords(entries);
    const clean = "a lighthouse at dusk, dramatic clouds, word10000, words999 ".repeat(100);
    expect(list.find(clean)).toBeNull();
    expect(list.find(`${clean} WORD999 phrase`)).toBe("word999 phrase");
    expect(list.find(`${clean} word998`)).toBe("word998");
  });
});

describe("foldForMatching", () => {
  test.each<[string, string]>([
    ["ÀÉÎÕÜ", "aeiou"],
    ["ﬁne", "fine"],
    ["Ｈｅｌｌｏ", "hello"],
    ["İstanbul", "istanbul"],
    ["zero\u200bwidth\u2060joined", "zerowidthjoined"],
  ])("folds %j to %j", (text, folded) => {
    expect(foldForMatching(text)).toBe(folded);
  });
});
