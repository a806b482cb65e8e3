/**
 * The demo page in headless Chromium against the real demo stack (reference service, emulator, the bot as
 * `npm start` runs it): what a member sees and does. Skipped only when Chromium is missing outside CI.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { DEMO_BANNED_WORD, startDemo, type Demo } from "../../demo/demo-stack.js";
import { launchChromium, type HeadlessBrowser } from "../../demo/headless-chromium.js";
import { imagine, messageWith, openAs, runCommand, waitForMessage } from "../../demo/page-steps.js";
import { requireChromium, skipBrowserTests, warnIfBrowserTestsSkipped } from "../support/browser-tests.js";

warnIfBrowserTestsSkipped();

describe.skipIf(skipBrowserTests)("the demo page in a browser", () => {
  let demo: Demo;
  let browser: HeadlessBrowser;
  let context: BrowserContext;
  const pages: Page[] = [];
  const newPage = async () => {
    const page = await context.newPage();
    pages.push(page);
    return page;
  };

  beforeAll(async () => {
    requireChromium();
    [demo, browser] = await Promise.all([startDemo({ port: 0, tickMs: 500 }), launchChromium()]);
    context = browser.context;
  }, 60_000);
  // Each open page holds an event stream, and Chromium opens at most 6 connections to one host.
  afterEach(async () => {
    for (const page of pages.splice(0)) await page.close();
  });
  afterAll(async () => {
    await browser?.close();
    await demo?.stop();
  }, 30_000);

  test("a prompt shows the waiting message, progress with a preview, the grid, U1 the single image, and Enhance 2× a larger one (once: the used button turns blue)", async () => {
    const page = await newPage();
    await openAs(page, demo.pageUrl, "alice");
    await imagine(page, "a lighthouse at dusk");
    await waitForMessage(page, /Waiting in line|Sending your prompt/);
    await waitForMessage(page, "Generating", { image: /preview/ });
    const grid = await waitForMessage(page, "a lighthouse at dusk", { image: /grid\.png(\?|$)/ });
    await grid.getByRole("button", { name: "U1" }).waitFor();
    expect(await grid.getByRole("button").allTextContents()).toEqual([
      "U1",
      "U2",
      "U3",
      "U4",
      "🔄",
      "🖌️ Remix",
      "📋 Prompt",
      "🗑️ Delete",
    ]);
    await grid.getByRole("button", { name: "U1" }).click();
    const single = await waitForMessage(page, "U1", { image: /u1\.png(\?|$)/ });
    // A new message replying to the grid, mentioning whoever clicked.
    const replyLine = await single.locator(".reply-line").textContent();
    expect(replyLine).toContain("replying to @Imagine Bot");
    // The grid's text mentions alice: the preview shows her name, as Discord does, not `<@id>`.
    expect(replyLine).toContain("@alice");
    expect(replyLine).not.toMatch(/<@!?\d+>/);
    expect(await single.textContent()).toContain("@alice");
    expect(await single.getByRole("button").allTextContents()).toEqual([
      "Enhance 2× (uses credits)",
      "Enhance 4× (uses credits)",
      "🖌️ Remix",
      "🔁 More like this",
      "📋 Prompt",
      "🗑️ Delete",
    ]);
    // Located by its buttons: the enhanced image's message below also says "U1".
    const enhance2x = page
      .locator("article.message")
      .filter({ has: page.getByRole("button", { name: "Enhance 4× (uses credits)" }) })
      .getByRole("button", { name: "Enhance 2× (uses credits)" });
    await enhance2x.click();
    await waitForMessage(page, "Image U1 enhanced 2×", { image: /u1-2x\.png(\?|$)/ });
    // The used button is blue, and a second click only gets a note with the link: no second upscale.
    expect(await enhance2x.getAttribute("class")).toContain("style-1");
    await enhance2x.click();
    const note = await waitForMessage(page, "Enhance 2× was already posted");
    expect(await note.textContent()).toContain("Only you can see this");
    demo.world.emu.assertNoRejectedRequests();
  }, 90_000);

  test("a refused prompt is shown only to its user, and switching user hides it", async () => {
    const page = await newPage();
    await openAs(page, demo.pageUrl, "bob");
    await imagine(page, `a ${DEMO_BANNED_WORD} castle`);
    const refusal = await waitForMessage(page, "list of banned words");
    expect(await refusal.textContent()).toContain("Only you can see this");

    const other = await newPage();
    await openAs(other, demo.pageUrl, "alice");
    expect(await messageWith(other, "list of banned words").count()).toBe(0);

    await page.getByLabel("Acting as").selectOption("mod");
    await page.waitForFunction('!document.body.textContent.includes("list of banned words")');
    await page.getByLabel("Acting as").selectOption("bob");
    await waitForMessage(page, "list of banned words");
  }, 60_000);

  test("a bad parameter is refused with how to fix it", async () => {
    const page = await newPage();
    await openAs(page, demo.pageUrl, "mod");
    await imagine(page, "a red bird --v 99");
    const refusal = await waitForMessage(page, "--v 99");
    expect(await refusal.textContent()).toMatch(/is not valid.*Only you can see this/s);
  }, 60_000);

  test("a moderator sets a server limit from a sub-command group, and the member's /quota shows it with when the day's count starts again", async () => {
    const page = await newPage();
    await openAs(page, demo.pageUrl, "mod");
    await runCommand(page, "imagine-config limits set", { daily_images: "7" });
    const changed = await waitForMessage(page, "Settings changed");
    expect(await changed.textContent()).toMatch(/Images per member per day.*→ 7.*Only you can see this/s);
    await openAs(page, demo.pageUrl, "bob");
    await runCommand(page, "quota");
    const quota = await waitForMessage(page, "Your images in this server");
    // A relative Discord timestamp reads as Discord shows it ("in 8 hours"), not as a clock time.
    expect(await quota.textContent()).toMatch(
      /of 7 a day.*starts again in \d+ (hours?|minutes?|seconds?) \(/s,
    );
  }, 60_000);

  test("a prompt sent as a DM ends in a grid in the DM channel", async () => {
    const page = await newPage();
    await openAs(page, demo.pageUrl, "outsider");
    await page.getByTitle("Direct messages").click();
    await page.getByLabel("Command").selectOption("message");
    await page.getByLabel("message").fill("a paper boat on a pond");
    await page.getByRole("button", { name: "Send" }).click();
    await waitForMessage(page, "a paper boat on a pond", { image: /grid\.png(\?|$)/, timeoutMs: 30_000 });
    expect(await page.locator("#chat-title").textContent()).toBe("Imagine Bot");
  }, 60_000);
});
