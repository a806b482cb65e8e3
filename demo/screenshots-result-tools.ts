/**
 * Screenshots of the buttons under results on the demo page, in headless Chromium: the grid and single
 * image with their tools, 📋 Prompt's answer, the 🖌️ Remix modal and its job, 🔁 More like this, 🗑️ Delete
 * (done, refused, and U1 pointing at a deleted image) and /help's explanation. Saved into the directory
 * given as the first argument (default docs/): `npx tsx demo/screenshots-result-tools.ts <dir>`.
 */
import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { startDemo } from "./demo-stack.js";
import { launchChromium } from "./headless-chromium.js";
import { imagine, openAs, runCommand, submitModal, waitForMessage } from "./page-steps.js";

const out = resolve(process.argv[2] ?? join(import.meta.dirname, "..", "docs"));
await mkdir(out, { recursive: true });
const [demo, browser] = await Promise.all([startDemo({ port: 0, tickMs: 500 }), launchChromium()]);
const page = await browser.context.newPage();
await page.setViewportSize({ width: 1280, height: 900 });
const shot = (name: string) => page.screenshot({ path: join(out, `${name}.png`) });
/** Waits for the message showing `text` and scrolls it into view (a click higher up scrolled away). */
const see = async (text: string | RegExp, options: Parameters<typeof waitForMessage>[2] = {}) => {
  const message = await waitForMessage(page, text, options);
  // The page redraws its messages on every change: try again when the element was just replaced.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      await message.scrollIntoViewIfNeeded({ timeout: 2000 });
      break;
    } catch {
      await page.waitForTimeout(100);
    }
  }
  return message;
};
const GRID = "✅ Your image is ready";
const SINGLE = "🖼️ Image U1";
try {
  await openAs(page, demo.pageUrl, "alice");
  await imagine(page, "a lighthouse on a cliff at dusk, oil painting --ar 3:2");
  const grid = page.locator("article.message").filter({ hasText: GRID }).first();
  await see(GRID, { image: /grid\.png(\?|$)/, timeoutMs: 40_000 });
  await shot("result-tools-grid");
  await grid.getByRole("button", { name: "📋 Prompt" }).click();
  await see("ready to copy");
  await shot("result-tools-prompt");
  await grid.getByRole("button", { name: "U1" }).click();
  const single = page.locator("article.message").filter({ hasText: SINGLE }).first();
  await see(SINGLE, { image: /u1\.png(\?|$)/ });
  await shot("result-tools-single");
  await grid.getByRole("button", { name: "🖌️ Remix" }).click();
  await page.locator("dialog.modal[open]").waitFor();
  await shot("result-tools-remix-modal");
  await submitModal(page, { Prompt: "a lighthouse on a cliff at dawn, watercolor --ar 3:2" });
  await see("Remix of", { timeoutMs: 30_000 });
  await shot("result-tools-remix-started");
  await single.getByRole("button", { name: "🔁 More like this" }).click();
  await see("More like", { timeoutMs: 30_000 });
  await shot("result-tools-more-like-this");
  await openAs(page, demo.pageUrl, "bob");
  await see(SINGLE);
  await single.getByRole("button", { name: "🗑️ Delete" }).click();
  await see("Only the person this image was posted for");
  await shot("result-tools-delete-refused");
  await openAs(page, demo.pageUrl, "alice");
  await see(SINGLE);
  await single.getByRole("button", { name: "🗑️ Delete" }).click();
  await see("Delete this image");
  await shot("result-tools-delete-question");
  // The question's own Delete button: the last one on the page.
  await page.getByRole("button", { name: "🗑️ Delete" }).last().click();
  await see("Deleted the message of job");
  await shot("result-tools-deleted");
  await grid.getByRole("button", { name: "U1" }).click();
  await see("U1 was posted, then deleted.");
  await shot("result-tools-deleted-pointer");
  await runCommand(page, "help");
  await see("Buttons under your images");
  await shot("result-tools-help");
  console.log(`Screenshots saved in ${out}`);
} catch (error) {
  await shot("result-tools-failed");
  console.error(`Failed; see ${join(out, "result-tools-failed.png")}.`);
  throw error;
} finally {
  await browser.close();
  await demo.stop();
}
