/**
 * Discord's attachment links are signed and stop working after about a day (`ex`, hex unix seconds). A kept
 * prompt (🔄, Try again, Remix, a refused prompt sent again) holds its image-prompt links as they were, so
 * before it is sent again each link of Discord's that is expired, or about to, is exchanged for a fresh one
 * (`POST /attachments/refresh-urls`); the generator could not fetch the old one, and the job would fail
 * with Midjourney's error. A link Discord no longer refreshes (its message was deleted) ends with a clear
 * message instead.
 * @see https://discord.com/developers/docs/reference#signed-attachment-cdn-urls
 */
import { type REST } from "discord.js";
import { UserError } from "../errors.js";
import { isPrivateHost } from "../imagine/delivery/image-source.js";
import { readPrompt, type Prompt } from "../prompt/prompt.js";

/** Discord refreshes at most this many links per request. */
const REFRESH_BATCH = 50;

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

/** Asks Discord for fresh links of `urls` with the bot token (`POST /attachments/refresh-urls`). */
export function restRefreshLinks(rest: REST): RefreshLinks {
  return async (urls) => {
    const fresh = new Map<string, string>();
    for (let i = 0; i < urls.length; i += REFRESH_BATCH) {
      const answer = (await rest.post("/attachments/refresh-urls", {
        body: { attachment_urls: urls.slice(i, i + REFRESH_BATCH) },
      })) as { refreshed_urls?: { original?: unknown; refreshed?: unknown }[] };
      for (const { original, refreshed } of answer.refreshed_urls ?? []) {
        if (typeof original === "string" && typeof refreshed === "string") fresh.set(original, refreshed);
      }
    }
    return fresh;
  };
}

/**
 * `prompt` with each of its image links of Discord's that expires within {@link REFRESH_MARGIN_MS} of
 * `now` exchanged for a fresh one; the same prompt when none does (then nothing is asked).
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
  for (const url of stale) {
    const replacement = fresh.get(url);
    if (replacement !== undefined) text = text.replace(url, replacement);
    else if ((signedLinkExpiry(url) ?? 0) <= now)
      throw new UserError((t) => t("imageLink.expired"), `Discord did not refresh the image link ${url}`);
  }
  return readPrompt(text);
}

/**
 * Whether the generator, which fetches image prompts from the internet, can reach `url`: a signed
 * attachment link of Discord's, or a link to a public host (not loopback, a private range, `localhost` or a
 * single-label name, see `isPrivateHost`).
 */
export function fetchableByGenerator(url: string): boolean {
  if (signedLinkExpiry(url) !== null) return true;
  try {
    return !isPrivateHost(new URL(url).hostname);
  } catch {
    return false;
  }
}

/**
 * Checks that the generator can fetch every image link of `prompt` (see {@link fetchableByGenerator}).
 * @throws {UserError} naming the first host it cannot reach, before anything is sent: the job would only
 *   fail with Midjourney's error after waiting its turn.
 */
export function requireFetchableImageLinks(prompt: Prompt): void {
  const unreachable = prompt.parts.imageUrls.find((url) => !fetchableByGenerator(url));
  if (unreachable === undefined) return;
  let host = unreachable;
  try {
    host = new URL(unreachable).host;
  } catch {
    // not a URL: shown as it is
  }
  throw new UserError(
    (t) => t("imageLink.unreachable", { host }),
    `the image link ${unreachable} is on a host the generator cannot reach`,
  );
}
