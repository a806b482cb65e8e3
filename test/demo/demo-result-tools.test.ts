/**
 * The buttons under results on the demo page in headless Chromium: 📋 Prompt's code block, and 🖌️ Remix's
 * modal (a dialog with the prompt prefilled, which a person edits and submits). Skipped only when Chromium
 * is missing outside CI.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startDemo, type Demo } from "../../demo/demo-stack.js";
import { launchChromium, type HeadlessBrowser } from "../../demo/headless-chromium.js";
import { imagine, openAs, submitModal, waitForMessage } from "../../demo/page-steps.js";
import { requireChromium, skipBrowserTests, warnIfBrowserTestsSkipped } from "../support/browser-tests.js";

warnIfBrowserTestsSkipped();

describe.skipIf(skipBrowserTests)("the result tools on the demo page", () => {
  let demo: Demo;
  let browser: HeadlessBrowser;

  beforeAll(async () => {
    requireChromium();
    [demo, browser] = await Promise.all([startDemo({ port: 0, tickMs: 500 }), launchChromium()]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await demo?.stop();
  }, 30_000);

  test("📋 Prompt shows the prompt in a code block; 🖌️ Remix opens a modal with it, and submitting starts the edited prompt", async () => {
    const page = await browser.context.newPage();
    try {
      await openAs(page, demo.pageUrl, "alice");
      await imagine(page, "a lighthouse at dusk --ar 3:2");
      await waitForMessage(page, "✅ Your image is ready", { image: /grid\.png(\?|$)/, timeoutMs: 40_000 });
      const grid = page.locator("article.message").filter({ hasText: "✅ Your image is ready" }).first();

      await grid.getByRole("button", { name: "📋 Prompt" }).click();
      const answer = await waitForMessage(page, "ready to copy");
      expect(await answer.locator("pre.code-block").textContent()).toBe("a lighthouse at dusk --ar 3:2");

      await grid.getByRole("button", { name: "🖌️ Remix" }).click();
      const dialog = page.locator("dialog.modal[open]");
      await dialog.waitFor();
      expect(await dialog.locator(".modal-title").textContent()).toBe("Remix: edit the prompt");
      expect(await dialog.getByLabel("Prompt").inputValue()).toBe("a lighthouse at dusk --ar 3:2");
      await submitModal(page, { Prompt: "a lighthouse at dawn --ar 3:2" });
      const remix = await waitForMessage(page, "Remix of", { timeoutMs: 30_000 });
      expect(await remix.textContent()).toContain("a lighthouse at dawn --ar 3:2");
    } finally {
      await page.close();
    }
  }, 90_000);
});
