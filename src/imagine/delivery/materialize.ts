/** Turns a {@link JobView} into an {@link OutgoingMessage}: downloads the image when it must be uploaded. */
import type { Logger } from "../../logger.js";
import type { DownloadedImage } from "../../service/download.js";
import type { MessagePayload } from "../../render/payload.js";
import type { JobView } from "../job-view.js";
import type { OutgoingMessage } from "../outgoing-message.js";

export interface MaterializeDeps {
  download(url: string): Promise<DownloadedImage>;
  log: Logger;
}

/** The payload with every `attachment://` image replaced: by the source URL (final) or dropped (progress). */
function withoutAttachment(payload: MessagePayload, sourceUrl: string, final: boolean): MessagePayload {
  return {
    ...payload,
    embeds: payload.embeds.map((embed) => {
      if (!embed.image?.url.startsWith("attachment://")) return embed;
      if (final) return { ...embed, image: { url: sourceUrl } };
      const { image: _dropped, ...rest } = embed;
      return rest;
    }),
  };
}

/**
 * Fetches the view's image when it is to be uploaded. A download that fails does not stop the message:
 * a progress update goes without its preview, a final one links the image instead.
 */
export async function materialize(view: JobView, deps: MaterializeDeps): Promise<OutgoingMessage> {
  const image = view.image;
  if (image === null || image.fileName === null) return { payload: view.payload, files: [] };
  try {
    const downloaded = await deps.download(image.sourceUrl);
    return {
      payload: view.payload,
      files: [{ name: image.fileName, data: downloaded.bytes, contentType: downloaded.contentType }],
    };
  } catch (err) {
    deps.log.warn({ err, final: view.final }, "downloading the image for upload failed");
    return { payload: withoutAttachment(view.payload, image.sourceUrl, view.final), files: [] };
  }
}
