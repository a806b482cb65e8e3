/**
 * How far V8 lets the JavaScript heap grow before a full collection. On a machine with much memory V8 lets
 * the old generation reach up to four times its live size, so a bot following thousands of jobs (whose
 * poll objects are promoted, then die) holds hundreds of MB it does not need. A growth of 40 % kept 10,000
 * followed jobs near 200 MB for about the same CPU per poll (bench/README.md → Changes made for performance).
 */
import { setFlagsFromString } from "node:v8";

/**
 * Sets V8's heap growing factor to `1 + percent / 100` for every later collection (the flag is read at
 * each one, so setting it at start-up is enough); 0 leaves V8's own rule.
 * @see https://v8.dev/blog/trash-talk
 */
export function limitHeapGrowth(
  percent: number,
  setFlags: (flags: string) => void = setFlagsFromString,
): void {
  if (!Number.isInteger(percent) || percent < 0)
    throw new RangeError(`heap growth must be a whole number >= 0, got ${percent}`);
  if (percent > 0) setFlags(`--heap-growing-percent=${percent}`);
}
