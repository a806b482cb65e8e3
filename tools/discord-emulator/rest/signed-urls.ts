/**
 * Signed attachment links, as Discord's CDN makes them: `?ex=` (expiry, hex unix seconds), `is=` (issued,
 * hex unix seconds) and `hm=` (a signature of the path and both times). An expired or unsigned link is
 * refused with 404, and `POST /attachments/refresh-urls` answers fresh links for attachments that still exist.
 * @see https://discord.com/developers/docs/reference#signed-attachment-cdn-urls
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** Discord's links last about a day. */
export const DEFAULT_ATTACHMENT_URL_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** What a link's signature says at a given time. */
export type SignatureCheck = "valid" | "expired" | "unsigned";

const hexSeconds = (ms: number) => Math.floor(ms / 1000).toString(16);

/** Signs and checks attachment links with a key of its own (new at every start, as nothing outlives it). */
export class AttachmentSigner {
  readonly #key = randomBytes(32);

  constructor(private readonly lifetimeMs: number) {}

  #mac(path: string, ex: string, is: string): string {
    return createHmac("sha256", this.#key).update(`${path}|${ex}|${is}`).digest("hex");
  }

  /** `url` (without a query) signed at `now`. */
  sign(url: string, now: number): string {
    const parsed = new URL(url);
    const is = hexSeconds(now);
    const ex = hexSeconds(now + this.lifetimeMs);
    parsed.search = new URLSearchParams({ ex, is, hm: this.#mac(parsed.pathname, ex, is) }).toString();
    return parsed.toString();
  }

  /** Whether `url` carries this CDN's signature, and whether it still holds at `now`. */
  check(url: URL, now: number): SignatureCheck {
    const ex = url.searchParams.get("ex");
    const is = url.searchParams.get("is");
    const hm = url.searchParams.get("hm");
    if (!ex || !is || !hm) return "unsigned";
    const expected = Buffer.from(this.#mac(url.pathname, ex, is));
    const given = Buffer.from(hm);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return "unsigned";
    return Number.parseInt(ex, 16) * 1000 <= now ? "expired" : "valid";
  }
}
