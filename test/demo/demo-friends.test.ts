/**
 * The demo page's Friends server (issue 41) in headless Chromium: a server the bot is not in, where alice's
 * installed app answers /imagine, and a right-click on a message offers "Imagine from this image".
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startDemo, type Demo } from "../../demo/demo-stack.js";
import { launchChromium, type HeadlessBrowser } from "../../demo/headless-chromium.js";
import { imagine, openAs, submitModal, waitForMessage } from "../../demo/page-steps.js";
import { requireChromium, skipBrowserTests, warnIfBrowserTestsSkipped } from "../support/browser-tests.js";

warnIfBrowserTestsSkipped();

describe.skipIf(skipBrowserTests)("the demo page's Friends server", () => {
  let demo: Demo;
  let browser: HeadlessBrowser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    requireChromium();
    [demo, browser] = await Promise.all([startDemo({ port: 0, tickMs: 300 }), launchChromium()]);
    context = browser.context;
    page = await context.newPage();
  }, 60_000);
  afterAll(async () => {
    await page?.close();
    await browser?.close();
    await demo?.stop();
  }, 30_000);

  test("alice runs /imagine in Friends and gets the grid; a right-click on it imagines from its image", async () => {
    await openAs(page, demo.pageUrl, "alice");
    await page.locator("button.server-icon[title^='Friends']").click();
    await page.locator("#chat-title", { hasText: "chat" }).waitFor();
    await imagine(page, "a lighthouse at dusk");
    await waitForMessage(page, "will come to your DMs");
    const grid = await waitForMessage(page, /U1/, { image: /grid\.png(\?|$)/, timeoutMs: 40_000 });

    await grid.click({ button: "right", position: { x: 200, y: 40 } });
    const item = page.locator("#context-menu").getByText("Imagine from this image");
    await item.click();
    const dialog = page.locator("dialog.modal[open]");
    await dialog.waitFor();
    expect(await dialog.locator("#modal-field-image").inputValue()).toMatch(
      /\/attachments\/.+grid\.png\?ex=/,
    );
    await dialog.locator("#modal-field-prompt").fill("the same lighthouse as a watercolor");
    await submitModal(page, {});
    await waitForMessage(page, "the same lighthouse as a watercolor");
    // Nothing the bot did in Friends was refused, nor was it a channel call.
    const friends = [...demo.world.emu.world.guilds.values()].find((g) => g.name === "Friends");
    const chat = demo.world.emu.world.guildChannels(friends!.id)[0]!;
    expect(demo.world.emu.requests.filter((r) => r.path.startsWith(`/channels/${chat.id}`))).toEqual([]);
  }, 90_000);

  test("the bot's own server offers the same menu, and a message without an image answers privately", async () => {
    await openAs(page, demo.pageUrl, "alice");
    await imagine(page, "a tiny robot");
    const waiting = await waitForMessage(page, "a tiny robot");
    await waiting.click({ button: "right", position: { x: 200, y: 40 } });
    await page.locator("#context-menu").getByText("Imagine from this image").click();
    await waitForMessage(page, "no image to imagine from");
  }, 60_000);

  test("a group DM is listed under Direct Messages and /imagine there gives the grid; the clock control moves Discord's clock", async () => {
    // outsider, alice's friend in the group DM, who installed the app too (alice just used /imagine).
    await openAs(page, demo.pageUrl, "outsider");
    await page.locator("#dm-home").click();
    await page.locator("#channels li", { hasText: "weekend plans" }).click();
    await page.locator("#chat-title", { hasText: "weekend plans" }).waitFor();
    await imagine(page, "a picnic by the lake");
    await waitForMessage(page, /U1/, { image: /grid\.png(\?|$)/, timeoutMs: 40_000 });
    const group = [...demo.world.emu.world.channels.values()].find((c) => c.name === "weekend plans");
    expect(demo.world.emu.requests.filter((r) => r.path.startsWith(`/channels/${group!.id}`))).toEqual([]);

    const before = demo.world.emu.clock.now();
    await page.locator("#clock-advance").click();
    await page.locator("#clock-advance", { hasText: "clock +25 h" }).waitFor();
    expect(demo.world.emu.clock.now() - before).toBeGreaterThanOrEqual(25 * 60 * 60 * 1000);
  }, 90_000);
});
