/**
 * The image a message shows, as Discord gives it: an image attachment's link, or an embed's image (an
 * `attachment://` image the bot uploaded comes back as Discord's own link to that file).
 * @see https://discord.com/developers/docs/reference#uploading-files
 */
import type { Message } from "discord.js";

const IMAGE_TYPE = /^image\/(png|jpe?g|webp|gif)\b/i;
const IMAGE_NAME = /\.(png|jpe?g|webp|gif)$/i;

/** The link of the message's first image: its first image attachment, else its first embed's image. */
export function firstImageUrl(message: Pick<Message, "attachments" | "embeds">): string | null {
  for (const attachment of message.attachments.values()) {
    if (IMAGE_TYPE.test(attachment.contentType ?? "") || IMAGE_NAME.test(attachment.name))
      return attachment.url;
  }
  for (const embed of message.embeds) {
    const url = embed.image?.url ?? embed.thumbnail?.url;
    if (url && /^https?:\/\//i.test(url)) return url;
  }
  return null;
}
