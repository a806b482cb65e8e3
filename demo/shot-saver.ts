/** How the demo's screenshot scripts save their PNGs. */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "playwright-core";

/**
 * Makes the folder `SHOTS_DIR` names (default docs/) and returns a function that saves the page there as
 * `<name>.png`, saying so on stdout.
 */
export async function shotSaver(): Promise<(page: Page, name: string) => Promise<void>> {
  const out = process.env["SHOTS_DIR"] ?? join(import.meta.dirname, "..", "docs");
  await mkdir(out, { recursive: true });
  return async (page, name) => {
    await page.screenshot({ path: join(out, `${name}.png`) });
    console.log(`saved ${name}.png`);
  };
}
