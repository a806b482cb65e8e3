/**
 * Screenshots of what a newcomer to the demo tripped on, fixed (issue "every answer fits Discord"): /help for
 * a German moderator (commands, styles, speeds, buttons, limits in embeds), 🗑️ Delete's question and answer,
 * a banned word's refusal naming the word and the list with the prompt, and the moderators' banned-words
 * list naming Midjourney's starter list. Saved where `SHOTS_DIR` says (default docs/):
 * `SHOTS_DIR=... npx tsx demo/newcomer-shots.ts [port]`.
 */
import { shootDemo } from "./shot-saver.js";
import { imagine, openAs, runCommand, waitForMessage } from "./page-steps.js";
import { DEMO_BANNED_WORD } from "./demo-stack.js";

const port = Number(process.argv[2] ?? 0);
await shootDemo({ port, tickMs: 300 }, "newcomer-failed", async (page, shot, demo) => {
  await openAs(page, demo.pageUrl, "mod");
  await runCommand(page, "settings language", { language: "de" });
  await waitForMessage(page, /Sprache/);
  await runCommand(page, "help");
  const help = await waitForMessage(page, "Für Moderatoren");
  await help.scrollIntoViewIfNeeded();
  await shot(page, "help-moderator-de");
  await runCommand(page, "imagine-config banned-words list");
  (await waitForMessage(page, "Startliste")).scrollIntoViewIfNeeded();
  await shot(page, "banned-words-list-starter-list");

  await openAs(page, demo.pageUrl, "alice");
  await imagine(page, `a ${DEMO_BANNED_WORD} castle at dawn`);
  (await waitForMessage(page, "list of banned words")).scrollIntoViewIfNeeded();
  await shot(page, "banned-word-refusal");
  await imagine(page, "a lighthouse on a cliff at dusk --ar 3:2");
  const grid = page.locator("article.message").filter({ hasText: "Your image is ready" }).first();
  await waitForMessage(page, "Your image is ready", { timeoutMs: 40_000 });
  await grid.getByRole("button", { name: "🗑️ Delete" }).click();
  (await waitForMessage(page, "Delete this image")).scrollIntoViewIfNeeded();
  await shot(page, "delete-question");
  await page.getByRole("button", { name: "🗑️ Delete" }).last().click();
  (await waitForMessage(page, "Deleted the message of job")).scrollIntoViewIfNeeded();
  await shot(page, "delete-done");
});
