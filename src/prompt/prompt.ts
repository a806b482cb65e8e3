/**
 * A prompt read once, when a job is asked for (or read back from the store): the text sent to the service
 * and shown with the job, its parts, and the speed it asks for. Routing, the waiting line's reasons and the
 * views read this value; nothing downstream parses the text again. Pure.
 */
import { parsePrompt, promptAspectRatio, type AspectRatio, type PromptParts } from "./parse-prompt.js";
import { speedOfParameters, type Speed } from "./speed.js";

/** A prompt with what is read from it. Build it with {@link readPrompt} (or `preparePrompt` for a typed one). */
export interface Prompt {
  /** The prompt as sent to the service and shown with the job. */
  readonly text: string;
  /** Its image URLs, description and parameters. */
  readonly parts: PromptParts;
  /** The speed it asks for (its last `--fast`, `--turbo` or `--relax`); `null` when it names none. */
  readonly speed: Speed | null;
}

/** The prompt `text`, whose parts were already read as `parts` (they must be `parsePrompt(text)`). */
export function promptFromParts(text: string, parts: PromptParts): Prompt {
  return { text, parts, speed: speedOfParameters(parts.parameters) };
}

/** Reads `text` (a prompt that passed the checks, or one the service or the store holds) into a {@link Prompt}. */
export function readPrompt(text: string): Prompt {
  return promptFromParts(text, parsePrompt(text));
}

/** The aspect ratio `prompt` asks for (the last valid `--ar`/`--aspect`), or `null` for the default 1:1. */
export function aspectRatioOf(prompt: Prompt): AspectRatio | null {
  return promptAspectRatio(prompt.parts);
}
