import { describe, expect, test } from "vitest";
import { checkAttachmentLink, checkImageAttachment } from "../../src/prompt/check-attachment.js";
import { english, translator, type Translator } from "../../src/i18n/translate.js";
import type { PromptProblem } from "../../src/prompt/problems.js";
import { renderPromptProblem } from "../../src/render/prompt-problems.js";

/** What a member is shown for a problem ("" for none). */
function shown(problem: PromptProblem | null, t: Translator = english): string {
  return problem === null ? "" : renderPromptProblem(problem, t);
}

const MB = 1024 * 1024;
const MAX = 10 * MB;

describe("checkImageAttachment", () => {
  test.each([
    ["image/png", "a.png"],
    ["image/jpeg", "a.jpg"],
    ["image/webp", "a.webp"],
    ["image/gif", "a.gif"],
    ["IMAGE/PNG; charset=binary", "a.png"],
    ["image/png", "renamed.txt"],
    [null, "photo.JPG"],
    [undefined, "photo.jpeg"],
    ["", "photo.webp"],
  ])("accepts %j named %j", (contentType, name) => {
    expect(checkImageAttachment({ contentType, size: 1000, name }, MAX)).toBeNull();
  });

  test("accepts an image of exactly the limit", () => {
    expect(checkImageAttachment({ contentType: "image/png", size: MAX, name: "a.png" }, MAX)).toBeNull();
  });

  test.each([
    ["image/heic", "x.heic", "`x.heic` (`image/heic`) cannot be used as an image prompt"],
    ["application/pdf", "doc.pdf", "`doc.pdf` (`application/pdf`) cannot be used"],
    ["image/svg+xml", "logo.png", "`logo.png` (`image/svg+xml`) cannot be used"],
    [null, "notes.txt", "`notes.txt` cannot be used as an image prompt"],
    [null, "", "`attachment` cannot be used"],
  ])("refuses %j named %j", (contentType, name, message) => {
    const problem = checkImageAttachment({ contentType, size: 1000, name }, MAX);
    expect(problem).toEqual({ code: "attachment-type", name, mimeType: contentType?.split(";")[0] ?? "" });
    expect(shown(problem)).toContain(message);
    expect(shown(problem)).toContain("attach a PNG, JPEG, WebP or GIF image.");
  });

  test.each([
    [12 * MB + 1, MAX, "`big.png` is 12.1 MB, which is too large: an image prompt can be at most 10 MB."],
    [MAX + 1, MAX, "`big.png` is 10.1 MB, which is too large: an image prompt can be at most 10 MB."],
    [26 * MB, 25 * MB, "`big.png` is 26 MB, which is too large: an image prompt can be at most 25 MB."],
    [60_000, 50_000, "`big.png` is 59 KB, which is too large: an image prompt can be at most 48 KB."],
    [Number.NaN, MAX, "`big.png` is too large: an image prompt can be at most 10 MB."],
  ])("refuses %d bytes over a limit of %d bytes, saying the limit", (size, maxBytes, message) => {
    const problem = checkImageAttachment({ contentType: "image/png", size, name: "big.png" }, maxBytes);
    expect(problem).toEqual({ code: "attachment-too-large", name: "big.png", size, maxBytes });
    expect(shown(problem)).toBe(`${message} Attach a smaller image.`);
  });

  test("a very long file name is shortened in the message", () => {
    const problem = checkImageAttachment(
      { contentType: "text/plain", size: 1, name: `${"n".repeat(500)}.txt` },
      MAX,
    );
    expect(shown(problem).length).toBeLessThan(200);
  });
});

describe("checkAttachmentLink", () => {
  test("accepts an attachment with a web link", () => {
    const url = "https://cdn.discordapp.com/attachments/1/2/cat.png?ex=66";
    expect(checkAttachmentLink({ url, name: "cat.png" })).toBeNull();
  });

  test.each([
    ["no url", { name: "cat.png" }, "`cat.png`"],
    ["a null url", { url: null, name: "cat.png" }, "`cat.png`"],
    ["an empty url", { url: "", name: "cat.png" }, "`cat.png`"],
    ["a url that is not a web link", { url: "attachment://cat.png", name: "cat.png" }, "`cat.png`"],
    ["no url and no name", { url: undefined, name: "" }, "`attachment`"],
  ])("asks to upload again an attachment with %s", (_what, attachment, name) => {
    const problem = checkAttachmentLink(attachment);
    expect(problem).toEqual({ code: "attachment-unreadable", name: attachment.name });
    expect(shown(problem)).toBe(`The attachment ${name} could not be read: try uploading it again.`);
  });
});

describe("attachment problems in the member's language", () => {
  test("a file too large, in French", () => {
    const problem = checkImageAttachment({ contentType: "image/png", size: 12 * MB, name: "a.png" }, MAX);
    expect(shown(problem, translator("fr"))).toBe(
      "`a.png` fait 12 MB, c’est trop lourd : un prompt image peut faire au plus 10 MB. Joins une image plus petite.",
    );
  });

  test("an unreadable attachment without a name, in Spanish", () => {
    expect(shown(checkAttachmentLink({ url: null, name: "" }), translator("es"))).toBe(
      "No se pudo leer el adjunto `adjunto`: prueba a subirlo de nuevo.",
    );
  });
});
