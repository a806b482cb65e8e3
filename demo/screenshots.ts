/**
 * `npm run screenshots`: starts the demo, drives the page in headless Chromium and saves what a member
 * sees into docs/ (the README embeds them): progress, the grid, a refusal, /imagine-status, a moderator's
 * /imagine-config, a member's /quota, and a member who chose German.
 */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { DEMO_BANNED_WORD, startDemo } from "./demo-stack.js";
import { launchChromium } from "./headless-chromium.js";
import { imagine, openAs, runCommand, waitForMessage } from "./page-steps.js";

const DOCS = join(import.meta.dirname, "..", "docs");

await mkdir(DOCS, { recursive: true });
const [demo, browser] = await Promise.all([startDemo({ port: 0, tickMs: 1500 }), launchChromium()]);
const page = await browser.context.newPage();
try {
  await openAs(page, demo.pageUrl, "alice");
  await imagine(page, "a lighthouse on a cliff at dusk, oil painting");
  await waitForMessage(page, "Generating", { image: /preview/, timeoutMs: 30_000 });
  await page.screenshot({ path: join(DOCS, "demo-progress.png") });
  await waitForMessage(page, "lighthouse", { image: /grid\.png(\?|$)/, timeoutMs: 40_000 });
  await page.screenshot({ path: join(DOCS, "demo-grid.png") });
  await page.getByRole("button", { name: "U1" }).click();
  await waitForMessage(page, "U1", { image: /u1\.png(\?|$)/ });
  await imagine(page, `a ${DEMO_BANNED_WORD} ritual`);
  await waitForMessage(page, "does not allow");
  await page.screenshot({ path: join(DOCS, "demo-refusal.png") });
  await page.getByLabel("Acting as").selectOption("mod");
  await page.getByLabel("Command").selectOption("imagine-status");
  await page.getByRole("button", { name: "Send" }).click();
  await waitForMessage(page, "used /imagine-status");
  await page.locator("#toggle-events").click();
  await page.waitForSelector("#events tr");
  await page.screenshot({ path: join(DOCS, "demo-status.png") });
  await page.locator("#toggle-events").click();
  await runCommand(page, "imagine-config limits set", { daily_images: "5" });
  await waitForMessage(page, /→ 5/);
  await runCommand(page, "imagine-config show");
  await waitForMessage(page, "Settings in force");
  await page.screenshot({ path: join(DOCS, "demo-config.png") });
  await openAs(page, demo.pageUrl, "alice");
  await runCommand(page, "quota");
  await waitForMessage(page, "Your images in this server");
  await page.screenshot({ path: join(DOCS, "demo-quota.png") });
  await runCommand(page, "settings language", { language: "de" });
  await waitForMessage(page, /Deutsch/);
  await imagine(page, "ein Leuchtturm im Nebel");
  await waitForMessage(page, "Wird erzeugt", { image: /preview/, timeoutMs: 30_000 });
  await page.screenshot({ path: join(DOCS, "demo-german.png") });
  console.log(`Screenshots saved in ${DOCS}`);
} catch (error) {
  await page.screenshot({ path: join(DOCS, "failed.png") });
  console.error(
    `Failed; see docs/failed.png. The composer says: "${await page.locator("#composer-error").textContent()}"`,
  );
  throw error;
} finally {
  await browser.close();
  await demo.stop();
}
