/** Test helper: an asymmetric matcher for one error of Discord's 50035 `errors` tree. */
import { expect } from "vitest";

/** Matches an errors tree holding an error with `code` at `path`, e.g. `["embeds", 0, "url"]`. */
export function formError(path: readonly (string | number)[], code: string): Record<string, unknown> {
  let tree: Record<string, unknown> = { _errors: [expect.objectContaining({ code })] };
  for (const key of [...path].reverse()) tree = { [String(key)]: tree };
  return tree;
}
