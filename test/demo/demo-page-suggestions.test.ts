/**
 * The demo page's suggestions and Discord-like details, in headless Chromium against the real demo stack:
 * typing `/` picks a command, a style is picked from the bot's autocomplete choices, mentions in the
 * Notifications drawer read as names, a message link is a chip that jumps to its message, "(edited)" never
 * sits alone on a line, and at 800 px the newest message stays above the composer.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startDemo, type Demo } from "../../demo/demo-stack.js";
import { launchChromium, type HeadlessBrowser } from "../../demo/headless-chromium.js";
import { openAs, runCommand, waitForMessage } from "../../demo/page-steps.js";
import { pickCommand, pickSuggestion } from "../../demo/page-suggestion-steps.js";
import { requireChromium, skipBrowserTests, warnIfBrowserTestsSkipped } from "../support/browser-tests.js";

/** Whether the newest message's bottom is inside the message list (not under the composer). */
function newestMessageInView(page: Page): Promise<boolean> {
  // Runs in the page.
  return page.evaluate(`(() => {
    const box = document.getElementById("messages").getBoundingClientRect();
    const last = [...document.querySelectorAll("article.message")].at(-1)?.getBoundingClientRect();
    return last !== undefined && last.bottom <= box.bottom + 1 && last.bottom > box.top;
  })()`);
}

warnIfBrowserTestsSkipped();

describe.skipIf(skipBrowserTests)("the demo page's suggestions", () => {
  let demo: Demo;
  let browser: HeadlessBrowser;
  let context: BrowserContext;

  beforeAll(async () => {
    requireChromium();
    [demo, browser] = await Promise.all([startDemo({ port: 0, tickMs: 200 }), launchChromium()]);
    context = browser.context;
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await demo?.stop();
  }, 30_000);

  test("typing / lists the commands with their descriptions; a moderator names a style, a member picks it from the bot's suggestions and the result shows it", async () => {
    const page = await context.newPage();
    await openAs(page, demo.pageUrl, "mod");
    await page.getByLabel("Type / here").fill("/");
    const list = page.getByRole("listbox", { name: "Suggestions" });
    await expect.poll(() => list.getByRole("option").count()).toBeGreaterThan(10);
    expect(await list.textContent()).toContain("/imagineCreate an image from a text prompt");
    await page.getByLabel("Type / here").fill("/imagine-config sty");
    expect(await list.getByRole("option").allTextContents()).toEqual([
      "/imagine-config styles setAdd a style, or change the text of one",
      "/imagine-config styles removeRemove a style",
      "/imagine-config styles listThis server's styles and their texts",
    ]);
    await page.getByLabel("Type / here").press("Enter");
    expect(await page.getByLabel("Command").inputValue()).toBe("imagine-config styles set");
    await page.getByLabel("name", { exact: true }).fill("Watercolour");
    await page.getByLabel("text", { exact: true }).fill("soft watercolour, paper texture");
    await page.getByRole("button", { name: "Send" }).click();
    await waitForMessage(page, "Style “Watercolour”");

    await openAs(page, demo.pageUrl, "alice");
    await pickCommand(page, "/imag", "/imagine");
    await page.getByLabel("prompt").fill("a fox in the snow");
    await page.getByLabel("style").fill("wat");
    await pickSuggestion(page, "Watercolour — soft watercolour, paper texture");
    expect(await page.getByLabel("style").inputValue()).toBe("Watercolour");
    await page.getByRole("button", { name: "Send" }).click();
    const grid = await waitForMessage(page, "a fox in the snow, soft watercolour, paper texture", {
      image: /grid\.png(\?|$)/,
      timeoutMs: 30_000,
    });
    expect(await grid.textContent()).toMatch(/Style\s*Watercolour/);
    demo.world.emu.assertNoRejectedRequests();
    await page.close();
  }, 90_000);

  test("mentions in the Notifications drawer read as names, a message link is a chip that jumps to its message, and (edited) never stands alone", async () => {
    const page = await context.newPage();
    await openAs(page, demo.pageUrl, "alice");
    await pickCommand(page, "/imagine", "/imagine");
    await page.getByLabel("prompt").fill("a paper crane");
    await page.getByRole("button", { name: "Send" }).click();
    const grid = await waitForMessage(page, "a paper crane", { image: /grid\.png(\?|$)/, timeoutMs: 30_000 });

    await page.locator("#toggle-notifications").click();
    const drawer = page.locator("#notifications");
    await expect.poll(() => drawer.textContent()).toContain("@alice");
    expect(await drawer.textContent()).not.toMatch(/<@[!&]?\d+>/);
    // Each says where (a chip naming the channel, jumping to the message) and when it was sent.
    const first = drawer.locator("li").first();
    expect(await first.locator("a.message-link").textContent()).toBe("#general › 💬");
    expect(await first.locator("time").textContent()).toMatch(/^Today at \d/);
    await page.locator("#toggle-notifications").click();

    await grid.getByRole("button", { name: "U2" }).click();
    await waitForMessage(page, "U2", { image: /u2\.png(\?|$)/ });
    const enhance = page
      .locator("article.message")
      .filter({ has: page.getByRole("button", { name: "Enhance 4× (uses credits)" }) })
      .getByRole("button", { name: "Enhance 2× (uses credits)" });
    await enhance.waitFor();
    await enhance.click();
    const enhanced = await waitForMessage(page, "Image U2 enhanced 2×", { image: /u2-2x\.png(\?|$)/ });
    await enhance.click();
    const note = await waitForMessage(page, "Enhance 2× was already posted");
    // A click on a message's button is not a scroll: the list still follows to the newest message.
    await expect.poll(() => newestMessageInView(page), { timeout: 5000 }).toBe(true);
    expect(await note.textContent()).not.toContain("discord.com/channels");
    const chip = note.locator("a.message-link");
    expect(await chip.textContent()).toBe("#general › 💬");
    await page.locator("#messages").evaluate((box) => (box.scrollTop = 0));
    await chip.click();
    const target = await enhanced.getAttribute("data-message-id");
    await expect
      .poll(() => page.locator(`article[data-message-id="${target}"].jumped`).isVisible())
      .toBe(true);

    // "(edited)" follows a message's text, or its time when it has none (/imagine-status, refreshed in
    // place, is embeds only): never a line of its own.
    await openAs(page, demo.pageUrl, "mod");
    await runCommand(page, "imagine-status");
    const status = await waitForMessage(page, "Image service:");
    await status.getByRole("button", { name: "Refresh" }).click();
    const edited = page.locator("article.message").filter({ hasText: "Image service:" }).locator(".edited");
    await edited.first().waitFor();
    expect(await edited.first().evaluate((e) => e.parentElement?.classList.contains("content"))).toBe(false);
    const lonely = await page.$$eval(
      ".content",
      (nodes) => nodes.filter((n) => n.textContent?.trim() === "(edited)").length,
    );
    expect(lonely).toBe(0);
    demo.world.emu.assertNoRejectedRequests();
    await page.close();
  }, 90_000);

  test("at 1280 px with the Events drawer open, each option's placeholder is read whole and each route wraps only after a /", async () => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await openAs(page, demo.pageUrl, "alice");
    await pickCommand(page, "/imagine", "/imagine");
    await page.locator("#toggle-events").click();
    await page.locator("#events tr").first().waitFor();
    // Runs in the page: the placeholder's width in the box's font against the room inside the box.
    const cut = await page.evaluate(`[...document.querySelectorAll(".options input[placeholder]")]
      .filter((e) => e.placeholder !== "")
      .filter((e) => {
        const s = getComputedStyle(e);
        const c = document.createElement("canvas").getContext("2d");
        c.font = s.font;
        return c.measureText(e.placeholder).width > e.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
      })
      .map((e) => e.name)`);
    expect(cut).toEqual([]);
    // Runs in the page: every part of a route between slashes lies on one line.
    const split =
      await page.evaluate(`[...document.querySelectorAll("#events td:nth-child(3)")].flatMap((td) =>
      [...td.childNodes].filter((n) => n.nodeType === 3).filter((n) => {
        const r = document.createRange();
        r.selectNodeContents(n);
        return new Set([...r.getClientRects()].map((rect) => Math.round(rect.top))).size > 1;
      }).map((n) => n.textContent))`);
    expect(split).toEqual([]);
    await page.close();
  }, 60_000);

  test("at 800 px the newest message stays above the composer, also when a command with many options is picked", async () => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 800, height: 700 });
    await openAs(page, demo.pageUrl, "mod");
    await expect.poll(() => newestMessageInView(page), { timeout: 5000 }).toBe(true);
    await pickCommand(page, "/imagine-config limits s", "/imagine-config limits set");
    await expect.poll(() => newestMessageInView(page), { timeout: 5000 }).toBe(true);
    await pickCommand(page, "/quota", "/quota");
    await expect.poll(() => newestMessageInView(page), { timeout: 5000 }).toBe(true);
    await page.close();
  }, 60_000);
});
