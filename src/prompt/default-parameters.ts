/**
 * A server's default parameters (`/imagine-config`, e.g. `--ar 16:9 --q 2`) added to a prompt, each only
 * when the prompt does not set that parameter itself (under any of its names: `--aspect` sets `--ar`).
 */
import { parameterKey } from "./parameter-rules.js";
import { parsePrompt } from "./parse-prompt.js";

/** `prompt` with each of `defaults`' parameters it does not set appended, in the defaults' order. */
export function withDefaultParameters(prompt: string, defaults: string): string {
  if (defaults.trim() === "") return prompt;
  const set = new Set(parsePrompt(prompt).parameters.map((p) => parameterKey(p.name)));
  const added = parsePrompt(defaults)
    .parameters.filter((p) => !set.has(parameterKey(p.name)))
    .map((p) => p.raw);
  return added.length === 0 ? prompt : `${prompt} ${added.join(" ")}`;
}
