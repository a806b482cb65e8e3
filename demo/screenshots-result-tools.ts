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
try {
  await openAs(page, demo.pageUrl, "alice");
  await imagine(page, "a lighthouse on a cliff at dusk, oil painting --ar 3:2");
  const grid = await waitForMessage(page, "your image is ready", { image: /grid\.png$/, timeoutMs: 40_000 });
  await shot("result-tools-grid");
  await grid.getByRole("button", { name: "📋 Prompt" }).click();
  await waitForMessage(page, "ready to copy");
  await shot("result-tools-prompt");
  await grid.getByRole("button", { name: "U1" }).click();
  const single = await waitForMessage(page, "here is image U1", { image: /u1\.png$/ });
  await shot("result-tools-single");
  await grid.getByRole("button", { name: "🖌️ Remix" }).click();
  await page.locator("dialog.modal[open]").waitFor();
  await shot("result-tools-remix-modal");
  await submitModal(page, { Prompt: "a lighthouse on a cliff at dawn, watercolor --ar 3:2" });
  await waitForMessage(page, "Remix of", { timeoutMs: 30_000 });
  await shot("result-tools-remix-started");
  await single.getByRole("button", { name: "🔁 More like this" }).click();
  await waitForMessage(page, "More like", { timeoutMs: 30_000 });
  await shot("result-tools-more-like-this");
  await openAs(page, demo.pageUrl, "bob");
  await waitForMessage(page, "here is image U1");
  await page
    .locator("article.message")
    .filter({ hasText: "here is image U1" })
    .last()
    .getByRole("button", { name: "🗑️ Delete" })
    .click();
  await waitForMessage(page, "Only the person this image was posted for");
  await shot("result-tools-delete-refused");
  await openAs(page, demo.pageUrl, "alice");
  await page
    .locator("article.message")
    .filter({ hasText: "here is image U1" })
    .last()
    .getByRole("button", { name: "🗑️ Delete" })
    .click();
  await waitForMessage(page, "Deleted.");
  await shot("result-tools-deleted");
  await page
    .locator("article.message")
    .filter({ hasText: "your image is ready" })
    .first()
    .getByRole("button", { name: "U1" })
    .click();
  await waitForMessage(page, "U1 was posted, then deleted.");
  await shot("result-tools-deleted-pointer");
  await runCommand(page, "help");
  await waitForMessage(page, "Buttons under your images");
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
