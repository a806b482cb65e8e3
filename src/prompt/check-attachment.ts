/** Checks a Discord attachment that the user wants to use as an image prompt. */
import { isHttpUrl } from "./parse-prompt.js";
import type { PromptProblem } from "./problems.js";

/** The attachment fields that matter (a discord.js `Attachment` has them). */
export interface AttachmentInfo {
  /** MIME type as Discord reports it; Discord leaves it out for some uploads. */
  readonly contentType?: string | null | undefined;
  /** Size in bytes. */
  readonly size: number;
  /** File name as uploaded. */
  readonly name: string;
}

/** An attachment's link as it arrived from Discord: typed as a string, but nothing guarantees one. */
export interface AttachmentLink {
  readonly url?: string | null | undefined;
  readonly name: string;
}

/**
 * Checks that an attachment has a web link the generator can fetch: Discord always sends one, but a
 * missing or broken link must read as "upload it again", not as a failure of the bot.
 */
export function checkAttachmentLink(attachment: AttachmentLink): PromptProblem | null {
  if (typeof attachment.url === "string" && isHttpUrl(attachment.url.trim())) return null;
  return { code: "attachment-unreadable", name: attachment.name };
}

/** Image types the generator reads (service-facts.md: .png .gif .webp .jpg .jpeg). */
const IMAGE_TYPES: ReadonlyMap<string, string> = new Map([
  ["image/png", "png"],
  ["image/jpeg", "jpeg"],
  ["image/jpg", "jpeg"],
  ["image/webp", "webp"],
  ["image/gif", "gif"],
]);
const IMAGE_EXTENSIONS = /\.(png|jpe?g|webp|gif)$/i;

/**
 * Checks that an attachment is a PNG, JPEG, WebP or GIF image of at most `maxBytes`. The MIME type decides;
 * without one, the file name's extension does. Returns the problem, or `null` when the image can be used.
 */
export function checkImageAttachment(attachment: AttachmentInfo, maxBytes: number): PromptProblem | null {
  const name = attachment.name;
  const mimeType = attachment.contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  const isImage = mimeType === "" ? IMAGE_EXTENSIONS.test(name) : IMAGE_TYPES.has(mimeType);
  if (!isImage) return { code: "attachment-type", name, mimeType };
  if (!(attachment.size <= maxBytes)) {
    return { code: "attachment-too-large", name, size: attachment.size, maxBytes };
  }
  return null;
}
