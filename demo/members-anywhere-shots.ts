/**
 * Screenshots of members anywhere and links that last (issue 41), on the demo page in headless Chromium:
 * alice in "Friends", a server the bot is not in (progress, grid, U1), the right-click Apps menu and the
 * "Imagine from this image" form, a grid in a group DM, 🔄 on an image-prompt job after the clock control
 * moved Discord's clock a day on (its link refreshed, the grid comes), and, on a self-hosted image server,
 * More like this delivered (its image prompt is Discord's copy of the image). Saved where `SHOTS_DIR` says
 * (default docs/), named `<PREFIX><what>.png` (`SHOT_PREFIX`, default `members-anywhere-`).
 * Run: `SHOTS_DIR=/tmp/shots DEMO_PORT=7301 npx tsx demo/members-anywhere-shots.ts`.
 */
import type { Locator, Page } from "playwright-core";
import { imagine, openAs, seeMessage, submitModal, waitForMessage } from "./page-steps.js";
import { shootDemo, type Shot } from "./shot-saver.js";

const prefix = process.env["SHOT_PREFIX"] ?? "members-anywhere-";
const port = Number(process.env["DEMO_PORT"] ?? 0);
const named =
  (shot: Shot): Shot =>
  (page, name) =>
    shot(page, `${prefix}${name}`);

/** The newest grid showing `text`, with its image loaded, scrolled into view. */
async function grid(page: Page, text: string | RegExp): Promise<Locator> {
  await waitForMessage(page, text, { image: /\.(png|webp)/, timeoutMs: 60_000 });
  const found = page
    .locator("article.message")
    .filter({ hasText: text })
    .filter({ has: page.getByRole("button", { name: "U1" }) })
    .last();
  await found.waitFor({ timeout: 60_000 });
  await found.scrollIntoViewIfNeeded();
  return found;
}

/** Scrolls `message` so that its top (the prompt, with its image link) is in view. */
async function showTop(message: Locator): Promise<void> {
  // A person scrolling up: the page stops following new messages.
  await message.page().mouse.move(640, 300);
  await message.page().mouse.wheel(0, -200);
  await message.page().waitForTimeout(300);
  await message.evaluate((el) =>
    (el as unknown as { scrollIntoView(o: object): void }).scrollIntoView({ block: "start" }),
  );
}

/** Waits until at least `count` grids (messages with a U1 button) show `text`. */
async function gridsShowing(page: Page, text: string, count: number): Promise<void> {
  await page.waitForFunction(
    `[...document.querySelectorAll("article.message")].filter((a) => (a.textContent ?? "").includes(${JSON.stringify(text)}) && [...a.querySelectorAll("button")].some((b) => b.textContent === "U1")).length >= ${count}`,
    undefined,
    { timeout: 60_000 },
  );
}

await shootDemo({ port, tickMs: 300 }, `${prefix}failed`, async (page, saved, demo) => {
  const shot = named(saved);
  await openAs(page, demo.pageUrl, "alice");
  await page.locator("button.server-icon[title^='Friends']").click();
  await page.locator("#chat-title", { hasText: "chat" }).waitFor();
  await imagine(page, "a lighthouse at dusk");
  await waitForMessage(page, "will come to your DMs");
  await shot(page, "friends-progress");
  const friendsGrid = await grid(page, "a lighthouse at dusk");
  await shot(page, "friends-grid");
  await friendsGrid.getByRole("button", { name: "U1" }).click();
  await seeMessage(page, /Image U1/, { image: /u1\.png/, timeoutMs: 30_000 });
  await shot(page, "friends-u1");

  await friendsGrid.scrollIntoViewIfNeeded();
  await friendsGrid.click({ button: "right", position: { x: 200, y: 40 } });
  await page.locator("#context-menu").getByText("Imagine from this image").waitFor();
  await shot(page, "context-menu");
  await page.locator("#context-menu").getByText("Imagine from this image").click();
  await page.locator("dialog.modal[open]").waitFor();
  await page
    .locator("dialog.modal[open]")
    .locator("#modal-field-prompt")
    .fill("the lighthouse as a watercolor");
  await shot(page, "context-form");
  await submitModal(page, {});
  const fromImage = await grid(page, "the lighthouse as a watercolor");

  await page.locator("#clock-advance").click();
  await page.waitForFunction(`/ahead/.test(document.getElementById("clock-advance")?.title ?? "")`);
  await fromImage.scrollIntoViewIfNeeded();
  await fromImage.getByRole("button", { name: "🔄" }).click();
  await gridsShowing(page, "the lighthouse as a watercolor", 2);
  const refreshed = page
    .locator("article.message")
    .filter({ hasText: "the lighthouse as a watercolor" })
    .last();
  // The exact prompt the new job sent: its image link is a fresh one, signed after the clock moved.
  await refreshed.getByRole("button", { name: "📋 Prompt" }).click();
  await waitForMessage(page, "The exact prompt sent");
  await shot(page, "expired-link-refreshed");

  await page.locator("#dm-home").click();
  await page.locator("#channels li", { hasText: "weekend plans" }).click();
  await page.locator("#chat-title", { hasText: "weekend plans" }).waitFor();
  await imagine(page, "a picnic by the lake");
  await grid(page, "a picnic by the lake");
  await shot(page, "group-dm");
});

await shootDemo(
  { port, tickMs: 300, profile: "self-hosted" },
  `${prefix}self-hosted-failed`,
  async (page, saved, demo) => {
    const shot = named(saved);
    await openAs(page, demo.pageUrl, "alice");
    await imagine(page, "a red fox in the snow");
    const first = await grid(page, "a red fox in the snow");
    await first.getByRole("button", { name: "U2" }).click();
    const single = await seeMessage(page, /Image U2/, { image: /\.png/, timeoutMs: 30_000 });
    await single.getByRole("button", { name: "🔁 More like this" }).click();
    await gridsShowing(page, "More like", 1);
    const more = page
      .locator("article.message")
      .filter({ hasText: /More like/ })
      .filter({ has: page.getByRole("button", { name: "U1" }) })
      .last();
    await showTop(more);
    await shot(page, "more-like-this-self-hosted");
    // The exact prompt it sent: Discord's copy of the image (an attachment link), not the server's address.
    await more.getByRole("button", { name: "📋 Prompt" }).click();
    await waitForMessage(page, "The exact prompt sent");
    await shot(page, "more-like-this-prompt");
  },
);
