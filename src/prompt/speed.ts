/**
 * Midjourney's speeds (midjourney-facts.md, "Speeds"): chosen in a prompt with `--fast`, `--turbo` or
 * `--relax` (the last one wins), else the account's own mode. Pure.
 */
import { parsePrompt } from "./parse-prompt.js";

/** The speeds, fastest last but one: fast, turbo (about twice fast's GPU time), relax (none, but minutes). */
export const SPEEDS = ["fast", "turbo", "relax"] as const;
export type Speed = (typeof SPEEDS)[number];

/** Whether `name` (a parameter's name without dashes, any case) is a speed. */
export function isSpeed(name: string): name is Speed {
  return (SPEEDS as readonly string[]).includes(name.toLowerCase());
}

/** The speed a prompt asks for: its last `--fast`, `--turbo` or `--relax`; `null` when it names none. */
export function speedOfPrompt(prompt: string): Speed | null {
  let speed: Speed | null = null;
  for (const { name } of parsePrompt(prompt).parameters) if (isSpeed(name)) speed = name;
  return speed;
}

/**
 * `prompt` with exactly one speed parameter, `speed`, at its end (any other one removed); the prompt as
 * it is when it already says `speed` last.
 */
export function withSpeed(prompt: string, speed: Speed): string {
  if (speedOfPrompt(prompt) === speed) return prompt;
  const kept = prompt
    .split(/(\s+)/)
    .filter((token) => !/^--(?:fast|turbo|relax)$/i.test(token))
    .join("")
    .replace(/\s+/g, " ")
    .trim();
  return `${kept} --${speed}`;
}
