/**
 * A server's default parameters (`/imagine-config`, e.g. `--ar 16:9 --q 2`) added to a prompt, each only
 * when the prompt does not set that parameter itself (under any of its names: `--aspect` sets `--ar`).
 */
import { parameterKey } from "./parameter-rules.js";
import { parsePrompt } from "./parse-prompt.js";
import { promptFromParts, type Prompt } from "./prompt.js";

/** `prompt` with each of `defaults`' parameters it does not set appended, in the defaults' order. */
export function withDefaultParameters(prompt: Prompt, defaults: string): Prompt {
  if (defaults.trim() === "") return prompt;
  const set = new Set(prompt.parts.parameters.map((p) => parameterKey(p.name)));
  const added = parsePrompt(defaults).parameters.filter((p) => !set.has(parameterKey(p.name)));
  if (added.length === 0) return prompt;
  const text = `${prompt.text} ${added.map((p) => p.raw).join(" ")}`;
  // Parameters appended after the prompt's own are read as parameters of their own: the parts stay true.
  return promptFromParts(text, { ...prompt.parts, parameters: [...prompt.parts.parameters, ...added] });
}
