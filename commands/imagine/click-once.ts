/**
 * A button whose click starts a job (🔄, Try again) starts it once per double click: the click claims what it
 * starts in the job store (`Claims`), shared by every process of a fleet, so a second click within
 * {@link DOUBLE_CLICK_WINDOW_MS}, delivered to this process or another, starts nothing and is told so. A
 * later click is a new start.
 */
import type { BotContext } from "../../src/bot-context.js";
import type { HandlerContext } from "../../src/discord/command.js";
import { UserError } from "../../src/errors.js";
import type { LocalText } from "../../src/i18n/translate.js";

/**
 * How long a click keeps the same thing from being started again: Discord delivers each click of a double
 * click as its own interaction, often a few hundred milliseconds apart.
 * @see https://discord.com/developers/docs/interactions/receiving-and-responding#receiving-an-interaction
 */
export const DOUBLE_CLICK_WINDOW_MS = 10_000;

/**
 * Runs `start` for the click `interaction` unless another click claimed `key` within the window. When
 * nothing started (`start` was refused, resolving with null, or threw), the claim is freed at once: a click
 * after it tries again.
 * @param startedText what a repeat click is told (only the clicker sees it)
 * @throws {UserError} with `startedText` for a repeat click; what `start` throws.
 */
export async function startOncePerClick<T>(
  interaction: { id: string },
  { app, log }: Pick<HandlerContext<BotContext>, "app" | "log">,
  key: string,
  startedText: LocalText,
  start: () => Promise<T | null>,
): Promise<T | null> {
  const holder = interaction.id;
  if (!(await app.store.claimOnce(key, { holdMs: DOUBLE_CLICK_WINDOW_MS, holder }))) {
    throw new UserError(startedText);
  }
  const release = () =>
    app.store.releaseClaim(key, holder).catch((err: unknown) => {
      log.warn({ err, key }, "could not release the claim of a click; it runs out by itself");
    });
  let started: T | null;
  try {
    started = await start();
  } catch (err) {
    await release();
    throw err;
  }
  if (started === null) await release();
  return started;
}
