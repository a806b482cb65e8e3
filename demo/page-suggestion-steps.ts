/**
 * What a person does with the demo page's suggestions, for the browser tests and the screenshots: type `/`
 * and pick a command, pick one of the choices an autocomplete option offers.
 */
import type { Page } from "playwright-core";

/** Types `typed` (starting with `/`) into the composer's command box and clicks the suggestion `label`. */
export async function pickCommand(page: Page, typed: string, label: string): Promise<void> {
  await page.getByLabel("Type / here").fill(typed);
  await pickSuggestion(page, label, true);
}

/** Clicks the suggestion whose title is `title` (exactly) in the list above the composer. */
export async function pickSuggestion(page: Page, title: string, exact = true): Promise<void> {
  const option = page
    .getByRole("listbox", { name: "Suggestions" })
    .getByRole("option")
    .filter({
      has: page.locator(".suggestion-title", { hasText: exact ? new RegExp(`^${escape(title)}$`) : title }),
    });
  await option.first().waitFor({ timeout: 10_000 });
  await option.first().dispatchEvent("mousedown");
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
