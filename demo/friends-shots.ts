/**
 * Screenshots of members anywhere (issue 41): alice, who installed the app to her account, runs /imagine in
 * "Friends", a server the bot is not in (progress on her command's reply, the grid as its follow-up, with
 * the note that a result after 15 minutes comes by DM), then right-clicks the grid: the Apps menu offers
 * "Imagine from this image", whose modal has her prompt and the grid as the image prompt. Saved where
 * `SHOTS_DIR` says (default docs/). Run: `SHOTS_DIR=/tmp/shots npx tsx demo/friends-shots.ts`.
 */
import { imagine, openAs, submitModal, waitForMessage } from "./page-steps.js";
import { shootDemo } from "./shot-saver.js";

await shootDemo(
  { port: Number(process.env["DEMO_PORT"] ?? 0), tickMs: 400 },
  "friends-failed",
  async (page, shot, demo) => {
    await openAs(page, demo.pageUrl, "alice");
    await page.locator("button.server-icon[title^='Friends']").click();
    await page.locator("#chat-title", { hasText: "chat" }).waitFor();
    await imagine(page, "a lighthouse at dusk");
    await waitForMessage(page, "will come to your DMs");
    await shot(page, "friends-progress");
    const grid = await waitForMessage(page, /U1/, { image: /\.(png|webp)/, timeoutMs: 60_000 });
    await grid.scrollIntoViewIfNeeded();
    await shot(page, "friends-grid");

    await grid.click({ button: "right", position: { x: 200, y: 40 } });
    await page.locator("#context-menu").getByText("Imagine from this image").waitFor();
    await shot(page, "friends-context-menu");
    await page.locator("#context-menu").getByText("Imagine from this image").click();
    await page.locator("dialog.modal[open]").waitFor();
    await page
      .locator("dialog.modal[open]")
      .locator("#modal-field-prompt")
      .fill("the same lighthouse as a watercolor");
    await shot(page, "friends-imagine-from-image-modal");
    await submitModal(page, {});
    await waitForMessage(page, "the same lighthouse as a watercolor");
    await shot(page, "friends-imagine-from-image-started");
  },
);
