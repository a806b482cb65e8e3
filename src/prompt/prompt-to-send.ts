/**
 * The prompt a job is sent with, made from the admitted {@link Prompt} without reading its text again: the
 * server's default parameters added (`withDefaultParameters`), and Discord's image links made fresh.
 *
 * Discord's attachment links are signed and stop working after about a day (`ex`, hex unix seconds). A kept
 * prompt (🔄, Try again, Remix, a refused prompt sent again) holds its image-prompt links as they were, so
 * before it is sent again each link of Discord's that is expired, or about to, is exchanged for a fresh one
 * (`POST /attachments/refresh-urls`, asked by the Discord adapter: `restRefreshLinks`); the generator could
 * not fetch the old one, and the job would fail with Midjourney's error. A link Discord no longer refreshes
 * (its message was deleted) ends with a clear message instead.
 * @see https://discord.com/developers/docs/reference#signed-attachment-cdn-urls
 */
import { UserError } from "../errors.js";
import { withDefaultParameters } from "./default-parameters.js";
import { promptFromParts, type Prompt } from "./prompt.js";

/**
 * A link used within this long of its expiry is refreshed first: the generator fetches it after the job
 * waited (in the bot's line, at the service), which can take a while.
 */
export const REFRESH_MARGIN_MS = 60 * 60 * 1000;

/** Refreshes links: the fresh link for each it could refresh (a link it could not is left out). */
export type RefreshLinks = (urls: readonly string[]) => Promise<ReadonlyMap<string, string>>;

/** When a signed attachment link of Discord's expires (ms epoch); `null` for any other link. */
export function signedLinkExpiry(url: string): number | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const ex = parsed.searchParams.get("ex");
  if (!parsed.pathname.includes("/attachments/") || !ex || !parsed.searchParams.has("hm")) return null;
  const seconds = Number.parseInt(ex, 16);
  return Number.isFinite(seconds) ? seconds * 1000 : null;
}

/**
 * `prompt` with each of its image links of Discord's that expires within {@link REFRESH_MARGIN_MS} of
 * `now` exchanged for a fresh one, in its text and its parts; the same prompt when none does (then nothing is
 * asked).
 * @throws {UserError} when Discord does not refresh a link that has expired (its message was deleted).
 */
export async function withFreshImageLinks(
  prompt: Prompt,
  refresh: RefreshLinks,
  now: number,
): Promise<Prompt> {
  const stale = prompt.parts.imageUrls.filter((url) => {
    const expiry = signedLinkExpiry(url);
    return expiry !== null && expiry - REFRESH_MARGIN_MS <= now;
  });
  if (stale.length === 0) return prompt;
  let fresh: ReadonlyMap<string, string>;
  try {
    fresh = await refresh(stale);
  } catch (err) {
    // Links that still work can go as they are; an expired one cannot.
    if (stale.every((url) => (signedLinkExpiry(url) ?? 0) > now)) return prompt;
    throw err;
  }
  let text = prompt.text;
  const imageUrls = [...prompt.parts.imageUrls];
  for (const url of stale) {
    const replacement = fresh.get(url);
    if (replacement !== undefined) {
      // The image links lead the prompt: the first of its text is the one in the parts.
      text = text.replace(url, replacement);
      imageUrls[imageUrls.indexOf(url)] = replacement;
    } else if ((signedLinkExpiry(url) ?? 0) <= now)
      throw new UserError((t) => t("imageLink.expired"), `Discord did not refresh the image link ${url}`);
  }
  return promptFromParts(text, { ...prompt.parts, imageUrls });
}

/** How an admitted prompt is made ready to send. */
export interface SendingPrompt {
  /** The server's default parameters (with the speed chosen), added to a prompt that does not set them. */
  readonly defaultParameters: string;
  /** Asks Discord for fresh image links. */
  readonly refreshLinks: RefreshLinks;
  readonly now: number;
}

/**
 * The prompt to send for the admitted `prompt`: {@link withDefaultParameters}, then
 * {@link withFreshImageLinks}. Nothing reads its text again.
 * @throws {UserError} when an expired image link cannot be refreshed.
 */
export function promptToSend(prompt: Prompt, how: SendingPrompt): Promise<Prompt> {
  return withFreshImageLinks(withDefaultParameters(prompt, how.defaultParameters), how.refreshLinks, how.now);
}
