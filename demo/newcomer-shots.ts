/**
 * Screenshots of what a newcomer to the demo tripped on (issue 40, points 1-11), each shown fixed on the demo
 * page at 1280 px, named `s2-40-<point>-<what>.png`. This script runs the demo with one hosted server (Enhance
 * on); `newcomer-pool-shots.ts` the self-hosted pool of points 5 to 7. Saved where `SHOTS_DIR` says (default
 * docs/): `SHOTS_DIR=... npx tsx demo/newcomer-shots.ts [port]`.
 */
import { shootDemo } from "./shot-saver.js";
import { imagine, openAs, runCommand, seeMessage as see } from "./page-steps.js";
import { DEMO_BANNED_WORD } from "./demo-stack.js";

const port = Number(process.argv[2] ?? 0);

await shootDemo({ port, tickMs: 300 }, "s2-40-failed", async (page, shot, demo) => {
  // 10: an empty style list says there are none and how to add one; 4: the starter list is named.
  await openAs(page, demo.pageUrl, "mod");
  await runCommand(page, "imagine-config styles list");
  await see(page, "This server has no styles yet");
  await shot(page, "s2-40-10-empty-style-list");
  await runCommand(page, "imagine-config banned-words list");
  await see(page, "Midjourney's starter list");
  await shot(page, "s2-40-4-moderators-see-starter-list");
  await runCommand(page, "imagine-config styles set", {
    name: "Watercolour",
    text: "soft watercolour, paper texture",
  });
  await see(page, /Watercolour/);

  // 9: /help names the styles, the speeds and what Enhance does.
  await openAs(page, demo.pageUrl, "alice");
  await runCommand(page, "help");
  const help = await see(page, "Buttons under your images");
  await help
    .getByText(/Speeds/)
    .first()
    .scrollIntoViewIfNeeded();
  await shot(page, "s2-40-9-help-styles-speeds");

  // 4: a banned word's refusal names the word and whose list, and repeats the prompt privately.
  await imagine(page, `a ${DEMO_BANNED_WORD} castle at dawn`);
  await see(page, "list of banned words");
  await shot(page, "s2-40-4-banned-word-refusal");

  // 11: --video is refused with "Remove it" (no value to remove).
  await imagine(page, "a cat on a windowsill --video");
  await see(page, /--video.*Remove it\./);
  await shot(page, "s2-40-11-video-remove-it");

  // 11: a style joins the prompt after a comma.
  await runCommand(page, "imagine", { prompt: "a fox in the snow", style: "Watercolour" });
  await see(page, "a fox in the snow, soft watercolour", { image: /grid\.png(\?|$)/ });
  await shot(page, "s2-40-11-style-after-a-comma");

  // 2: 🗑️ Delete asks first, then says what it did.
  await imagine(page, "a lighthouse on a cliff at dusk --ar 3:2");
  const grid = await see(page, "a lighthouse on a cliff at dusk", { image: /grid\.png(\?|$)/ });
  await grid.getByRole("button", { name: "U1" }).click();
  const single = await see(page, "🖼️ Image U1", { image: /u1\.png(\?|$)/ });
  await single.getByRole("button", { name: "🗑️ Delete" }).click();
  await see(page, "Delete this image");
  await shot(page, "s2-40-2-delete-asks-first");
  await page.getByRole("button", { name: "🗑️ Delete" }).last().click();
  await see(page, "Deleted the message of job");
  await shot(page, "s2-40-2-delete-done");

  // 11: an Enhance's progress says it is an Enhance; More like this shows a readable label and prompt.
  await grid.getByRole("button", { name: "U2" }).click();
  const u2 = await see(page, "🖼️ Image U2", { image: /u2\.png(\?|$)/ });
  await u2.getByRole("button", { name: "Enhance 4× (uses credits)" }).click();
  await see(page, "Enhance 4× of image U2", { timeoutMs: 20_000 });
  await shot(page, "s2-40-11-enhance-progress-says-enhance");
  await see(page, "Image U2 enhanced 4×", { image: /u2-4x\.png(\?|$)/ });
  await u2.getByRole("button", { name: "🔁 More like this" }).click();
  await see(page, "More like this image");
  await shot(page, "s2-40-11-more-like-this-label-and-prompt");

  // 11: Notifications say where and when.
  await page.locator("#toggle-notifications").click();
  await page.locator("#notifications li time").first().waitFor();
  await shot(page, "s2-40-11-notifications-where-and-when");
  await page.locator("#toggle-notifications").click();

  // 10: inline code stays whole (a prompt problem quoting parameters) and the composer's placeholder is read
  // whole with the Events drawer open, whose routes wrap after a `/`.
  await imagine(page, "a red car --ar 16:9 --chaos 400");
  await see(page, "--chaos");
  await page.locator("#toggle-events").click();
  await page.getByLabel("Command").selectOption("imagine");
  await page.locator("#events tr").nth(5).waitFor();
  await shot(page, "s2-40-10-layout-events-open");
  await page.locator("#toggle-events").click();

  // 1: the bot's warnings and errors, and where its whole log is, on the page.
  await page.locator("#toggle-botlog").click();
  await page.locator("#botlog li").first().waitFor();
  await shot(page, "s2-40-1-bot-log-drawer");
  await page.locator("#toggle-botlog").click();

  // 3: a DM "/imagine a red car" sends "a red car".
  await openAs(page, demo.pageUrl, "outsider");
  await page.getByTitle("Direct messages").click();
  await page.getByLabel("Command").selectOption("message");
  await page.getByLabel("message").fill("/imagine a red car in the rain");
  await page.getByRole("button", { name: "Send" }).click();
  await see(page, /Prompt\s*a red car in the rain/, { image: /grid\.png(\?|$)/ });
  // The member's DM at the top, the grid of "a red car in the rain" (the prompt sent) below it.
  await page
    .locator("article.message")
    .filter({ hasText: "/imagine a red car in the rain" })
    .first()
    .evaluate((e) => e.scrollIntoView({ block: "start" }));
  await shot(page, "s2-40-3-dm-drops-imagine");

  // 6: /history's entries link with "jump to message", not the markup.
  await openAs(page, demo.pageUrl, "alice");
  await runCommand(page, "history");
  await see(page, "jump to message");
  await shot(page, "s2-40-6-history-jump-links");
});
