/** How the demo's screenshot scripts save their PNGs, and run a demo with a browser around their steps. */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { startDemo, type Demo, type DemoOptions } from "./demo-stack.js";
import { launchChromium } from "./headless-chromium.js";

/** Saves the page as `<name>.png`. */
export type Shot = (page: Page, name: string) => Promise<void>;

/**
 * Makes the folder `SHOTS_DIR` names (default docs/) and returns a function that saves the page there as
 * `<name>.png`, saying so on stdout.
 */
export async function shotSaver(): Promise<Shot> {
  const out = process.env["SHOTS_DIR"] ?? join(import.meta.dirname, "..", "docs");
  await mkdir(out, { recursive: true });
  return async (page, name) => {
    await page.screenshot({ path: join(out, `${name}.png`) });
    console.log(`saved ${name}.png`);
  };
}

/**
 * Starts the demo with `options` and headless Chromium (1280 × 900), runs `steps` on a new page, and always
 * stops both; when a step fails, the page is saved as `<failedShot>.png` first, to see where it stood.
 */
export async function shootDemo(
  options: DemoOptions,
  failedShot: string,
  steps: (page: Page, shot: Shot, demo: Demo) => Promise<void>,
): Promise<void> {
  const shot = await shotSaver();
  const [demo, browser] = await Promise.all([
    startDemo(options),
    launchChromium({ width: 1280, height: 900 }),
  ]);
  const page = await browser.context.newPage();
  try {
    await steps(page, shot, demo);
  } catch (error) {
    await shot(page, failedShot);
    throw error;
  } finally {
    await browser.close();
    await demo.stop();
  }
}
