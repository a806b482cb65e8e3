/**
 * Whether the browser tests (test/demo/) run: they are skipped, with one warning, only when Chromium is
 * missing outside CI; with CI=true a missing Chromium fails them (`requireChromium` in their `beforeAll`).
 */
import { CHROMIUM_PATH, chromiumInstalled } from "../../demo/headless-chromium.js";

const missing = !chromiumInstalled();
const inCi = process.env["CI"] === "true";

/** True when the browser tests are skipped here (no Chromium, not in CI). */
export const skipBrowserTests = missing && !inCi;

let warned = false;

/** Warns once per worker that the browser tests are skipped, and why. */
export function warnIfBrowserTestsSkipped(): void {
  if (!skipBrowserTests || warned) return;
  warned = true;
  console.warn(
    `Skipping the demo page browser tests: no Chromium at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH).`,
  );
}

/** Fails the suite in CI when Chromium is missing, rather than skipping it. */
export function requireChromium(): void {
  if (missing) throw new Error(`CI=true but Chromium is not installed at ${CHROMIUM_PATH}`);
}
