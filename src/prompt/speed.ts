/**
 * Midjourney's speeds (midjourney-facts.md, "Speeds"): chosen in a prompt with `--fast`, `--turbo` or
 * `--relax` (the last one wins), else the account's own mode. Pure.
 */
import type { PromptParameter } from "./parse-prompt.js";

/** The speeds, fastest last but one: fast, turbo (about twice fast's GPU time), relax (none, but minutes). */
export const SPEEDS = ["fast", "turbo", "relax"] as const;
export type Speed = (typeof SPEEDS)[number];

/** Whether `name` (a parameter's name without dashes, any case) is a speed. */
export function isSpeed(name: string): name is Speed {
  return (SPEEDS as readonly string[]).includes(name.toLowerCase());
}

/**
 * The speed a prompt's parameters ask for: the last `--fast`, `--turbo` or `--relax`; `null` when they name
 * none. Read once into a `Prompt` (`prompt.ts`), whose `speed` everything else reads.
 */
export function speedOfParameters(parameters: readonly PromptParameter[]): Speed | null {
  let speed: Speed | null = null;
  for (const { name } of parameters) if (isSpeed(name)) speed = name;
  return speed;
}

/**
 * Parameters without their speeds: a server's default parameters saved before speeds had their own
 * setting may hold one, which would get past the speed rules (`/imagine-config speeds` chooses those).
 */
export function withoutSpeeds(parameters: string): string {
  return parameters
    .split(/\s+/)
    .filter((token) => token !== "" && !/^--(?:fast|turbo|relax)$/i.test(token))
    .join(" ");
}
