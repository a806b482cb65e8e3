import type { MessagePayload } from "../render/payload.js";

/** A file uploaded with a message and referenced from its embeds as `attachment://NAME`. */
export interface OutgoingFile {
  name: string;
  data: Buffer;
  contentType: string;
}

/** A rendered message and the files it needs: what the core hands to the Discord adapter. */
export interface OutgoingMessage {
  payload: MessagePayload;
  files: OutgoingFile[];
}
