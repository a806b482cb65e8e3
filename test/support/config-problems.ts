/** The problems `parseConfig` names for `env`, in order; none when it parses. */
import { ConfigError, parseConfig } from "../../src/config.js";

export function problemsOf(env: Record<string, string | undefined>): string[] {
  try {
    parseConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}
