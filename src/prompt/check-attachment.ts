/** Checks a Discord attachment that the user wants to use as an image prompt. */
import { english, type Translator } from "../i18n/translate.js";
import { inlineCode } from "../render/markdown.js";
import { isHttpUrl } from "./parse-prompt.js";
import { quoteForProblem, type PromptProblem } from "./problems.js";

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

/** What names an attachment in a problem message: its file name, or "attachment" when it has none. */
function attachmentName(t: Translator, name: string | undefined): string {
  return inlineCode(quoteForProblem(name === undefined || name === "" ? t("check.attachment") : name, 60));
}

/**
 * Checks that an attachment has a web link the generator can fetch: Discord always sends one, but a
 * missing or broken link must read as "upload it again", not as a failure of the bot. The message is in
 * `t`'s language.
 */
export function checkAttachmentLink(
  attachment: AttachmentLink,
  t: Translator = english,
): PromptProblem | null {
  if (typeof attachment.url === "string" && isHttpUrl(attachment.url.trim())) return null;
  return {
    code: "attachment-unreadable",
    message: t("check.attachmentUnreadable", { name: attachmentName(t, attachment.name) }),
  };
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
const BYTES_PER_MB = 1024 * 1024;

/**
 * A size in MB with at most one decimal (KB below 0.1 MB), rounded up for a file and down for a limit so
 * a file over the limit never shows the same number as the limit.
 */
function formatSize(bytes: number, round: "up" | "down"): string {
  const rounded = round === "up" ? Math.ceil : Math.floor;
  if (bytes < BYTES_PER_MB / 10) return `${rounded(bytes / 1024)} KB`;
  return `${rounded((bytes / BYTES_PER_MB) * 10) / 10} MB`;
}

/**
 * Checks that an attachment is a PNG, JPEG, WebP or GIF image of at most `maxBytes`. The MIME type decides;
 * without one, the file name's extension does. Returns the problem (in `t`'s language), or `null` when the
 * image can be used.
 */
export function checkImageAttachment(
  attachment: AttachmentInfo,
  maxBytes: number,
  t: Translator = english,
): PromptProblem | null {
  const name = attachmentName(t, attachment.name);
  const mimeType = attachment.contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  const isImage = mimeType === "" ? IMAGE_EXTENSIONS.test(attachment.name) : IMAGE_TYPES.has(mimeType);
  if (!isImage) {
    const type = mimeType === "" ? "" : ` (${inlineCode(quoteForProblem(mimeType, 40))})`;
    return { code: "attachment-type", message: t("check.attachmentType", { name, type }) };
  }
  if (!(attachment.size <= maxBytes)) {
    const max = formatSize(maxBytes, "down");
    return {
      code: "attachment-too-large",
      message: Number.isFinite(attachment.size)
        ? t("check.attachmentTooLarge", { name, size: formatSize(attachment.size, "up"), max })
        : t("check.attachmentTooLargeUnknown", { name, max }),
    };
  }
  return null;
}
