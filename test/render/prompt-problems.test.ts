import { describe, expect, test } from "vitest";
import { english, translator } from "../../src/i18n/translate.js";
import { checkPrompt } from "../../src/prompt/check-prompt.js";
import type { PromptProblem } from "../../src/prompt/problems.js";
import { renderPromptProblem, renderPromptProblems } from "../../src/render/prompt-problems.js";

const MAX = 2000;
const german = translator("de");

/** Each problem, and what a member reading English or German is shown for it. */
const CASES: readonly (readonly [string, PromptProblem, string, string])[] = [
  [
    "empty",
    { code: "empty" },
    "Your prompt is empty: describe the image you want, e.g. `a lighthouse at dusk, oil painting`.",
    "Dein Prompt ist leer: Beschreibe das Bild, das du möchtest, z. B. `a lighthouse at dusk, oil painting`.",
  ],
  [
    "no-description params",
    { code: "no-description", firstParameter: "--ar 16:9" },
    "Your prompt has only parameters: describe the image before them, e.g. `a lighthouse at dusk --ar 16:9`.",
    "Dein Prompt hat nur Parameter: Beschreibe das Bild vor ihnen, z. B. `a lighthouse at dusk --ar 16:9`.",
  ],
  [
    "no-description image",
    { code: "no-description", firstParameter: null },
    "An image prompt needs words too (or a second image): describe what to make of the image, e.g. `as a watercolor painting`.",
    "Ein Bild-Prompt braucht auch Worte (oder ein zweites Bild): Beschreibe, was aus dem Bild werden soll, z. B. `as a watercolor painting`.",
  ],
  [
    "too-long 2 links",
    { code: "too-long", length: 53, max: 40, imageCount: 2 },
    "Your prompt is 53 characters long, 13 over the limit of 40 (image links count too). Shorten it by at least 13 characters.",
    "Dein Prompt ist 53 Zeichen lang, 13 über der Grenze von 40 (Bild-Links zählen mit). Kürze ihn um mindestens 13 Zeichen.",
  ],
  [
    "permutation",
    { code: "permutation", permutation: "{red, blue}" },
    "`{red, blue}` is a permutation, which is not supported here: it needs a confirmation the bot cannot give and starts one job per option. Run `/imagine` once for each option instead.",
    "`{red, blue}` ist eine Permutation, die hier nicht unterstützt wird: Sie bräuchte eine Bestätigung, die der Bot nicht geben kann, und startet einen Auftrag pro Option. Führe stattdessen `/bild` für jede Option einzeln aus.",
  ],
  [
    "repeat",
    { code: "repeat", parameter: "--r" },
    "`--r` is not supported here: it starts several jobs at once. Run `/imagine` again for another set.",
    "`--r` wird hier nicht unterstützt: Es startet mehrere Aufträge auf einmal. Führe `/bild` erneut aus, um eine weitere Serie zu bekommen.",
  ],
  [
    "missing",
    { code: "missing-value", parameter: "--ar", example: "--ar 16:9" },
    "`--ar` needs a value, e.g. `--ar 16:9`.",
    "`--ar` braucht einen Wert, z. B. `--ar 16:9`.",
  ],
  [
    "single",
    { code: "single-value", parameter: "--ar", value: "--ar 16:9 wide", example: "--ar 16:9" },
    "`--ar 16:9 wide` is not valid: `--ar` takes a single value, e.g. `--ar 16:9`. Put the words that describe the image before the parameters.",
    "`--ar 16:9 wide` ist ungültig: `--ar` nimmt einen einzigen Wert, z. B. `--ar 16:9`. Schreibe die Worte, die das Bild beschreiben, vor die Parameter.",
  ],
  [
    "wholeNumber",
    {
      code: "invalid-value",
      value: "--chaos 150",
      expected: { kind: "whole-number", min: 0, max: 100 },
      example: "--chaos 50",
    },
    "`--chaos 150` is not valid: use a whole number from 0 to 100, e.g. `--chaos 50`.",
    "`--chaos 150` ist ungültig: Verwende eine ganze Zahl von 0 bis 100, z. B. `--chaos 50`.",
  ],
  [
    "number",
    {
      code: "invalid-value",
      value: "--iw 4",
      expected: { kind: "number", min: 0, max: 3 },
      example: "--iw 1.5",
    },
    "`--iw 4` is not valid: use a number from 0 to 3, e.g. `--iw 1.5`.",
    "`--iw 4` ist ungültig: Verwende eine Zahl von 0 bis 3, z. B. `--iw 1.5`.",
  ],
  [
    "oneOf",
    {
      code: "invalid-value",
      value: "--niji 3",
      expected: { kind: "one-of", values: "4, 5, 6, 7" },
      example: "--niji 6",
    },
    "`--niji 3` is not valid: use one of 4, 5, 6, 7, e.g. `--niji 6`.",
    "`--niji 3` ist ungültig: Verwende einen von 4, 5, 6, 7, z. B. `--niji 6`.",
  ],
  [
    "quality",
    { code: "invalid-value", value: "--q 3", expected: { kind: "quality" }, example: "--q 2" },
    "`--q 3` is not valid: use one of .25, .5, 1, 2 or 4, e.g. `--q 2`.",
    "`--q 3` ist ungültig: Verwende einen von .25, .5, 1, 2 oder 4, z. B. `--q 2`.",
  ],
  [
    "image-url",
    { code: "image-url", url: "ftp://x" },
    "The image link `ftp://x` is not a web address (http or https).",
    "Der Bild-Link `ftp://x` ist keine Webadresse (http oder https).",
  ],
  [
    "type",
    { code: "attachment-type", name: "doc.pdf", mimeType: "application/pdf" },
    "`doc.pdf` (`application/pdf`) cannot be used as an image prompt: attach a PNG, JPEG, WebP or GIF image.",
    "`doc.pdf` (`application/pdf`) kann nicht als Bild-Prompt verwendet werden: Hänge ein PNG-, JPEG-, WebP- oder GIF-Bild an.",
  ],
  [
    "type nomime",
    { code: "attachment-type", name: "", mimeType: "" },
    "`attachment` cannot be used as an image prompt: attach a PNG, JPEG, WebP or GIF image.",
    "`Anhang` kann nicht als Bild-Prompt verwendet werden: Hänge ein PNG-, JPEG-, WebP- oder GIF-Bild an.",
  ],
  [
    "large",
    { code: "attachment-too-large", name: "big.png", size: 9_000_000, maxBytes: 8_388_608 },
    "`big.png` is 8.6 MB, which is too large: an image prompt can be at most 8 MB. Attach a smaller image.",
    "`big.png` ist 8.6 MB groß und damit zu groß: Ein Bild-Prompt darf höchstens 8 MB groß sein. Hänge ein kleineres Bild an.",
  ],
  [
    "large unknown",
    { code: "attachment-too-large", name: "big.png", size: NaN, maxBytes: 8_388_608 },
    "`big.png` is too large: an image prompt can be at most 8 MB. Attach a smaller image.",
    "`big.png` ist zu groß: Ein Bild-Prompt darf höchstens 8 MB groß sein. Hänge ein kleineres Bild an.",
  ],
  [
    "unreadable",
    { code: "attachment-unreadable", name: "cat.png" },
    "The attachment `cat.png` could not be read: try uploading it again.",
    "Der Anhang `cat.png` konnte nicht gelesen werden: Lade ihn bitte erneut hoch.",
  ],
  [
    "not-parameters",
    { code: "not-parameters", value: "oil painting" },
    "`oil painting` is not a list of parameters: default parameters start with `--`, e.g. `--v 7 --stylize 100`. Words belong in each prompt.",
    "`oil painting` ist keine Liste von Parametern: Standard-Parameter beginnen mit `--`, z. B. `--v 7 --stylize 100`. Worte gehören in den jeweiligen Prompt.",
  ],
  [
    "blend-count",
    { code: "blend-count", count: 1, min: 2, max: 5 },
    "A blend takes 2 to 5 images; you attached 1. Attach them in the image options, in the order you want them blended.",
    "Eine Mischung braucht 2 bis 5 Bilder; du hast 1 angehängt. Hänge sie in den Bild-Optionen an, in der Reihenfolge, in der sie gemischt werden sollen.",
  ],
  [
    "aspect-twice",
    { code: "aspect-twice", option: "16:9", typed: "--aspect 2:3" },
    "You chose the aspect ratio twice: `16:9` in the aspect option and `--aspect 2:3` in the prompt. Keep one of them.",
    "Du hast das Seitenverhältnis zweimal gewählt: `16:9` in der Format-Option und `--aspect 2:3` in der Beschreibung. Behalte eines davon.",
  ],
];

describe("renderPromptProblem says what to change, in the member's language", () => {
  test.each(CASES)("%s in English", (_name, problem, message) => {
    expect(renderPromptProblem(problem, english)).toBe(message);
  });

  test.each(CASES)("%s in German", (_name, problem, _english, message) => {
    expect(renderPromptProblem(problem, german)).toBe(message);
  });

  test("the table covers every kind of problem", () => {
    const codes = new Set(CASES.map(([, problem]) => problem.code));
    expect(codes.size).toBe(15);
  });
});

describe("renderPromptProblems", () => {
  test("one problem is its message alone", () => {
    expect(renderPromptProblems([{ code: "empty" }], english)).toBe(CASES[0]?.[2]);
  });

  test("identical messages are listed once", () => {
    const problem = { code: "missing-value", parameter: "--ar", example: "--ar 16:9" } as const;
    expect(renderPromptProblems([problem, problem], english)).toBe("`--ar` needs a value, e.g. `--ar 16:9`.");
  });

  test("lists at most five problems and counts the rest, staying under Discord's 2000 characters", () => {
    const text = `a cat ${Array.from({ length: 400 }, (_, i) => `--c ${1000 + i}`).join(" ")}`;
    const result = checkPrompt({ text, maxLength: 6000 });
    expect(!result.ok && result.problems.length).toBe(400);
    const message = result.ok ? "" : renderPromptProblems(result.problems, english);
    expect(message.split("\n").filter((line) => line.startsWith("• "))).toHaveLength(6);
    expect(message).toContain("• …and 395 more.");
    expect(message.length).toBeLessThan(2000);
  });
});

describe("renderPromptProblems speaks the member's language", () => {
  test.each([
    ["de", "Dein Prompt ist leer"],
    ["fr", "Ton prompt est vide"],
    ["es", "Tu prompt está vacío"],
    ["pt-BR", "Seu prompt está vazio"],
    ["ja", "プロンプトが空です"],
  ] as const)("%s: an empty prompt", (language, start) => {
    const result = checkPrompt({ text: "   ", maxLength: MAX });
    expect(!result.ok && renderPromptProblems(result.problems, translator(language))).toMatch(
      new RegExp(`^${start}`),
    );
  });

  test("several problems in German, parameter names and commands kept", () => {
    const result = checkPrompt({ text: "{a, b} cat --ar 16:9.5 --chaos", maxLength: MAX });
    const message = result.ok ? "" : renderPromptProblems(result.problems, german);
    expect(message).toContain("Bitte behebe Folgendes und versuche es erneut:\n• ");
    expect(message).toContain(
      "`--ar 16:9.5` ist ungültig: Verwende ganze Zahlen als Breite:Höhe, z. B. `--ar 16:9`.",
    );
    expect(message).toContain("`--chaos` braucht einen Wert, z. B. `--chaos 50`.");
    expect(message).toContain("Führe stattdessen `/bild` für jede Option einzeln aus.");
  });

  test("a too long prompt in German, numbers written the German way", () => {
    const result = checkPrompt({ text: "a".repeat(2134), maxLength: 1000 });
    expect(!result.ok && renderPromptProblems(result.problems, german)).toBe(
      "Dein Prompt ist 2.134 Zeichen lang, 1.134 über der Grenze von 1.000. Kürze ihn um mindestens 1.134 Zeichen.",
    );
  });
});
