/**
 * Fresh links for Discord's signed attachment links, asked of Discord with the bot token; which links a
 * prompt needs refreshed, and when, is the prompt's own (`src/prompt/prompt-to-send.ts`). And whether the
 * generator, which fetches image prompts from the internet, can reach a prompt's links at all (see
 * docs/image-links.md).
 * @see https://discord.com/developers/docs/reference#signed-attachment-cdn-urls
 */
import { type REST } from "discord.js";
import { UserError } from "../errors.js";
import { isPrivateHost } from "../imagine/delivery/image-source.js";
import type { Prompt } from "../prompt/prompt.js";
import { signedLinkExpiry, type RefreshLinks } from "../prompt/prompt-to-send.js";

/** Discord refreshes at most this many links per request. */
const REFRESH_BATCH = 50;

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

/** A prompt's image link the generator cannot reach: the same prompt meets it again at once. */
export class UnreachableImageLinkError extends UserError {}

/**
 * Checks that the generator can fetch every image link of `prompt` (see {@link fetchableByGenerator}).
 * @throws {UnreachableImageLinkError} naming the first host it cannot reach, before anything is sent: the job would only
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
  throw new UnreachableImageLinkError(
    (t) => t("imageLink.unreachable", { host }),
    `the image link ${unreachable} is on a host the generator cannot reach`,
  );
}
