/**
 * Headless Chromium for the browser tests and the README screenshots: Debian's `chromium` driven by
 * playwright-core, with a fresh profile and no network of its own (no updates, sync or QUIC).
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext } from "playwright-core";

/** Where Debian's `chromium` package puts the browser (`CHROMIUM_PATH` overrides). */
export const CHROMIUM_PATH = process.env["CHROMIUM_PATH"] ?? "/usr/bin/chromium";

/** Whether the browser is installed. */
export function chromiumInstalled(): boolean {
  return existsSync(CHROMIUM_PATH);
}

/** A browser with its own throwaway profile. */
export interface HeadlessBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** Starts headless Chromium with a fresh user-data-dir, removed at close. */
export async function launchChromium(viewport = { width: 1280, height: 800 }): Promise<HeadlessBrowser> {
  const profile = await mkdtemp(join(tmpdir(), "imagine-bot-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    viewport,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  return {
    context,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
