/**
 * `/blend`: several images blended into one. The images go to the service as one image prompt, their links
 * first in the order given, then the optional description and the chosen aspect ratio as `--ar`.
 * @see /work/shared/spec/service-facts.md (image prompts: several image URLs at the start of one prompt)
 */
import { PromptProblemsError } from "./prompt-problems-error.js";
import { normalizePrompt, parsePrompt } from "./parse-prompt.js";
import type { PromptDefaults } from "./assemble-prompt.js";
import { preparePrompt, type PromptAttachment, type PromptLimits } from "./prepare-prompt.js";
import type { Prompt } from "./prompt.js";

/** Fewest and most images a blend takes (Midjourney's `/blend`: 2 to 5). */
export const BLEND_MIN_IMAGES = 2;
export const BLEND_MAX_IMAGES = 5;

/** The aspect ratios `/blend` offers as choices: name shown to the user, `--ar` value sent. */
export const BLEND_ASPECTS: readonly { readonly name: string; readonly value: string }[] = [
  { name: "Square (1:1)", value: "1:1" },
  { name: "Portrait (2:3)", value: "2:3" },
  { name: "Landscape (3:2)", value: "3:2" },
  { name: "Tall (9:16)", value: "9:16" },
  { name: "Wide (16:9)", value: "16:9" },
];

/** What the user gave `/blend`. */
export interface BlendInput {
  /** The image options in their order; options left empty are `null` and skipped. */
  readonly images: readonly (PromptAttachment | null)[];
  /** Optional description (and parameters) after the images. */
  readonly text: string;
  /** Optional `--ar` value, one of {@link BLEND_ASPECTS}. */
  readonly aspect: string | null;
}

/**
 * Checks a blend and returns the prompt to send: the image links in the order given, then the text, then
 * the parameters (the aspect choice last), with `defaults` added as for `/imagine`. Each image is checked like `/imagine`'s image (type, size, link).
 * @throws {PromptProblemsError} for fewer than {@link BLEND_MIN_IMAGES} or more than {@link BLEND_MAX_IMAGES} images,
 *   an aspect ratio given twice, or any problem `/imagine` would refuse.
 */
export function prepareBlend(input: BlendInput, limits: PromptLimits, defaults: PromptDefaults = {}): Prompt {
  const images = input.images.filter((image): image is PromptAttachment => image !== null);
  if (images.length < BLEND_MIN_IMAGES || images.length > BLEND_MAX_IMAGES) {
    const count = images.length;
    throw new PromptProblemsError([
      { code: "blend-count", count, min: BLEND_MIN_IMAGES, max: BLEND_MAX_IMAGES },
    ]);
  }
  let text = normalizePrompt(input.text);
  if (input.aspect !== null) {
    const typed = parsePrompt(text).parameters.find((p) => p.name === "ar" || p.name === "aspect");
    if (typed)
      throw new PromptProblemsError([{ code: "aspect-twice", option: input.aspect, typed: typed.raw }]);
    text = `${text} --ar ${input.aspect}`.trim();
  }
  return preparePrompt(text, images, limits, defaults);
}
