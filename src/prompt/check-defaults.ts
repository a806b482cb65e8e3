/**
 * Checks of what is added to prompts rather than typed in them: a member's suffix and default aspect ratio
 * (`/settings`) and a server's default parameters (`/imagine-config`). A value is refused with the same
 * problems a prompt containing it would get, so it can never make every later prompt fail.
 */
import { checkPrompt } from "./check-prompt.js";
import { checkParameter } from "./parameter-rules.js";
import { normalizePrompt, parsePrompt } from "./parse-prompt.js";
import type { PromptProblem } from "./problems.js";
import { isSpeed } from "./speed.js";

/** The outcome of a check: the normalised value to store, or the problems that say what to change. */
export type DefaultsCheck =
  | { readonly ok: true; readonly value: string }
  | { readonly ok: false; readonly problems: readonly PromptProblem[] };

/**
 * Checks a suffix (words and parameters, like Midjourney's `/prefer suffix`) with the prompt checks: its
 * parameters, permutations and length. That it has no description of its own is fine.
 */
export function checkSuffix(text: string, maxLength: number): DefaultsCheck {
  const value = normalizePrompt(text);
  const checked = checkPrompt({ text: value, maxLength });
  if (checked.ok) return { ok: true, value };
  const problems = checked.problems.filter((p) => p.code !== "no-description" && p.code !== "empty");
  return problems.length === 0 ? { ok: true, value } : { ok: false, problems };
}

/** Checks a default aspect ratio (`16:9`) as `--ar` would be checked; the value is stored without spaces. */
export function checkAspectRatio(text: string): DefaultsCheck {
  const value = text.replace(/\s+/g, "");
  const problem = checkParameter({ name: "ar", value, raw: `--ar ${value}`.trim() });
  return problem ? { ok: false, problems: [problem] } : { ok: true, value };
}

/**
 * Checks a server's default parameters: only `--` parameters (words belong in the member's prompt), each
 * valid as in a prompt, within the prompt length, and no speed (`/imagine-config speeds` chooses those).
 */
export function checkDefaultParameters(text: string, maxLength: number): DefaultsCheck {
  const value = normalizePrompt(text);
  const parts = parsePrompt(value);
  if (parts.text !== "" || parts.imageUrls.length > 0 || parts.parameters.length === 0) {
    return { ok: false, problems: [{ code: "not-parameters", value: value || text }] };
  }
  // A speed here would be added after admission, past the allowed speeds and what the server can run.
  const speeds = parts.parameters.filter((p) => isSpeed(p.name));
  if (speeds.length > 0) {
    return { ok: false, problems: speeds.map((p) => ({ code: "speed-in-defaults", parameter: p.raw })) };
  }
  return checkSuffix(value, maxLength);
}
