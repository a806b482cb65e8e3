/**
 * Fresh links for Discord's signed attachment links, asked of Discord with the bot token; which links a
 * prompt needs refreshed, and when, is the prompt's own (`src/prompt/prompt-to-send.ts`).
 * @see https://discord.com/developers/docs/reference#signed-attachment-cdn-urls
 */
import { type REST } from "discord.js";
import type { RefreshLinks } from "../prompt/prompt-to-send.js";

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
