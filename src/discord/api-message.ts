/**
 * A rendered message as Discord's REST API takes it, and the form of a message posted anew for a job.
 * @see https://discord.com/developers/docs/resources/message#create-message
 */
import type { RawFile } from "discord.js";
import type { OutgoingMessage } from "../imagine/outgoing-message.js";
import type { MessagePayload } from "../render/payload.js";

/** A message as Discord's REST API takes it: JSON body and files. */
export interface ApiMessage {
  body: Record<string, unknown>;
  files: RawFile[];
}

/**
 * The JSON body of a rendered message, with an explicit `attachments` list: on an edit, the new files
 * replace every earlier attachment (a finished job's message must not keep the last preview file).
 * @see https://discord.com/developers/docs/resources/message#edit-message
 */
export function toApiMessage(message: OutgoingMessage): ApiMessage {
  const { allowedMentions, ...rest }: MessagePayload = message.payload;
  return {
    body: {
      ...rest,
      allowed_mentions: {
        parse: [...allowedMentions.parse],
        users: [...allowedMentions.users],
        replied_user: allowedMentions.repliedUser,
      },
      attachments: message.files.map((f, id) => ({ id: String(id), filename: f.name })),
    },
    files: message.files.map((f) => ({ name: f.name, data: f.data, contentType: f.contentType })),
  };
}

/** A message posted anew for a job: it mentions the requester, who is the one person pinged. */
export function mentioningRequester(message: OutgoingMessage, requesterId: string): OutgoingMessage {
  const mention = `<@${requesterId}>`;
  const { content } = message.payload;
  const withMention = content.includes(mention) ? content : `${mention} ${content}`.trim().slice(0, 2000);
  return {
    ...message,
    payload: {
      ...message.payload,
      content: withMention,
      allowedMentions: { parse: [], users: [requesterId], repliedUser: false },
    },
  };
}
