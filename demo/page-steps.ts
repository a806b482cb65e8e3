/**
 * What a person does on the demo page, for the browser tests and the README screenshots: open the page
 * as a user, run /imagine, wait for what the channel shows.
 */
import type { Locator, Page } from "playwright-core";

/** Opens the page as `user` and waits until it has loaded the world and the messages. */
export async function openAs(page: Page, pageUrl: string, user: string): Promise<void> {
  await page.goto(`${pageUrl}?user=${encodeURIComponent(user)}`);
  await page.waitForSelector("body[data-ready]");
}

/** Runs /imagine with `prompt` from the composer. */
export async function imagine(page: Page, prompt: string): Promise<void> {
  await page.getByLabel("Command").selectOption("imagine");
  await page.getByLabel("prompt").fill(prompt);
  await page.getByRole("button", { name: "Send" }).click();
}

/**
 * Runs a command from the composer: `key` as the composer lists it (`quota`, `settings suffix`,
 * `imagine-config limits set`), each option filled in (or chosen) by its name.
 */
export async function runCommand(
  page: Page,
  key: string,
  options: Record<string, string> = {},
): Promise<void> {
  await page.getByLabel("Command").selectOption(key);
  for (const [name, value] of Object.entries(options)) {
    const input = page.getByLabel(name, { exact: true });
    if ((await input.evaluate((e) => e.tagName)) === "SELECT") await input.selectOption(value);
    else await input.fill(value);
  }
  await page.getByRole("button", { name: "Send" }).click();
}

/** The newest message showing `text`. */
export function messageWith(page: Page, text: string | RegExp): Locator {
  return page.locator("article.message").filter({ hasText: text }).last();
}

/** Waits until a message shows `text` (and, with `image`, an embed image that has loaded). */
export async function waitForMessage(
  page: Page,
  text: string | RegExp,
  options: { image?: RegExp; timeoutMs?: number } = {},
): Promise<Locator> {
  const message = messageWith(page, text);
  await message.waitFor({ timeout: options.timeoutMs ?? 20_000 });
  if (options.image) {
    // Runs in the page: some message with the text has an image from that URL, loaded.
    const textPattern = typeof text === "string" ? text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") : text.source;
    await page.waitForFunction(
      `[...document.querySelectorAll("article.message")]
        .filter((a) => new RegExp(${JSON.stringify(textPattern)}).test(a.textContent ?? ""))
        .some((a) => [...a.querySelectorAll("img")].some(
          (img) => new RegExp(${JSON.stringify(options.image.source)}).test(img.src) && img.complete && img.naturalWidth > 0))`,
      undefined,
      { timeout: options.timeoutMs ?? 20_000 },
    );
  }
  return message;
}

/**
 * Waits for the newest message showing `text` (40 s by default) and scrolls it into view, for screenshots; a
 * message caught while the page renders the list again is looked up again.
 */
export async function seeMessage(
  page: Page,
  text: string | RegExp,
  options: { image?: RegExp; timeoutMs?: number } = {},
): Promise<Locator> {
  for (let attempt = 1; ; attempt++) {
    const message = await waitForMessage(page, text, { timeoutMs: 40_000, ...options });
    try {
      await message.scrollIntoViewIfNeeded({ timeout: 5_000 });
      return message;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** Fills in the open modal's fields (by their label) and submits it; waits until it closed. */
export async function submitModal(page: Page, values: Record<string, string>): Promise<void> {
  const dialog = page.locator("dialog.modal[open]");
  await dialog.waitFor();
  for (const [label, value] of Object.entries(values)) await dialog.getByLabel(label).fill(value);
  await dialog.getByRole("button", { name: "Submit" }).click();
  await dialog.waitFor({ state: "detached" });
}
