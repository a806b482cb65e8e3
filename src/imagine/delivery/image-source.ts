/**
 * Decides how an image reaches Discord: by URL (Discord fetches it) or uploaded as an attachment.
 * Discord fetches http(s) images itself, so a URL that is not publicly reachable shows no image.
 * @see https://discord.com/developers/docs/reference#uploading-files
 */
import { isIP } from "node:net";

export type ImageDeliveryMode = "auto" | "link" | "attach";

/** Whether a host name or address can only be reached from here (loopback, private, link-local, ...). */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    host.endsWith(".local") ||
    host.endsWith(".internal")
  ) {
    return true;
  }
  const version = isIP(host);
  if (version === 4) {
    const [a = 0, b = 0] = host.split(".").map(Number);
    return (
      a === 127 ||
      a === 10 ||
      a === 0 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (version === 6) {
    if (host === "::1" || host === "::") return true;
    if (host.startsWith("::ffff:")) return isPrivateHost(host.slice(7));
    return /^(fc|fd|fe8|fe9|fea|feb)/.test(host);
  }
  // A single-label name (e.g. `imagine-service` in a Docker network) is not resolvable by Discord.
  return !host.includes(".");
}

/** Whether the image at `url` must be downloaded and uploaded rather than linked. */
export function shouldAttach(mode: ImageDeliveryMode, url: string): boolean {
  if (mode !== "auto") return mode === "attach";
  try {
    const parsed = new URL(url);
    return parsed.protocol !== "https:" && parsed.protocol !== "http:"
      ? true
      : isPrivateHost(parsed.hostname);
  } catch {
    return true;
  }
}

/** The attachment file name for an image URL, keeping a known extension (`grid.png`, `preview.webp`). */
export function attachmentName(base: string, url: string, contentType?: string): string {
  const fromType = contentType?.match(/^image\/(png|jpeg|webp|gif)/)?.[1];
  const fromUrl = /\.(png|jpe?g|webp|gif)(?:$|[?#])/i.exec(url)?.[1]?.toLowerCase();
  const ext = (fromType ?? fromUrl ?? "png").replace("jpeg", "jpg");
  return `${base}.${ext}`;
}
