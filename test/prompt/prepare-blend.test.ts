import { describe, expect, test } from "vitest";
import { UserError } from "../../src/errors.js";
import { prepareBlend, type BlendInput } from "../../src/prompt/prepare-blend.js";
import type { PromptAttachment } from "../../src/prompt/prepare-prompt.js";

const limits = { maxLength: 1000, attachmentMaxBytes: 1_000_000 };

function png(name: string): PromptAttachment {
  return { name, url: `https://cdn.example/${name}`, contentType: "image/png", size: 1000 };
}

function blend(input: Partial<BlendInput>): string {
  return prepareBlend({ images: [png("a.png"), png("b.png")], text: "", aspect: null, ...input }, limits)
    .text;
}

function refusal(input: Partial<BlendInput>): string {
  try {
    blend(input);
  } catch (err) {
    if (err instanceof UserError) return err.message;
    throw err;
  }
  throw new Error("the blend was accepted");
}

describe("prepareBlend", () => {
  test("two images without words become their links in the order given", () => {
    expect(blend({})).toBe("https://cdn.example/a.png https://cdn.example/b.png");
  });

  test("empty options in between are skipped; the text and the aspect follow the links", () => {
    const images = [png("1.png"), null, png("3.png"), null, png("5.png")];
    expect(blend({ images, text: "  as a mosaic --chaos 10 ", aspect: "16:9" })).toBe(
      "https://cdn.example/1.png https://cdn.example/3.png https://cdn.example/5.png as a mosaic --chaos 10 --ar 16:9",
    );
  });

  test.each([
    ["one image", [png("a.png"), null], /A blend takes 2 to 5 images; you attached 1\./],
    ["no image", [null, null], /you attached 0\./],
    ["six images", ["1", "2", "3", "4", "5", "6"].map((n) => png(`${n}.png`)), /you attached 6\./],
  ])("%s is refused, saying how many it takes", (_what, images, says) => {
    expect(refusal({ images })).toMatch(says);
  });

  test("a non-image is refused with /imagine's reason, naming the file", () => {
    const notes = {
      name: "notes.txt",
      url: "https://cdn.example/notes.txt",
      contentType: "text/plain",
      size: 5,
    };
    expect(refusal({ images: [png("a.png"), notes] })).toMatch(
      /`notes\.txt` \(`text\/plain`\) cannot be used as an image prompt/,
    );
  });

  test("an aspect chosen both as option and as --ar in the prompt is refused, naming both", () => {
    expect(refusal({ text: "a mosaic --AR 4:3", aspect: "1:1" })).toBe(
      "You chose the aspect ratio twice: `1:1` in the aspect option and `--AR 4:3` in the prompt. Keep one of them.",
    );
  });

  test("the prompt's own checks apply to the text (here an invalid parameter)", () => {
    expect(refusal({ text: "--chaos 500" })).toMatch(/`--chaos 500` is not valid/);
  });
});
