/**
 * Turns stored messages into Discord's message objects (what REST and the gateway return) and into the
 * snapshots tests read (the same fields plus attachment bytes and visibility).
 * @see https://discord.com/developers/docs/resources/message#message-object
 */
import {
  InteractionType,
  MessageType,
  type APIAttachment,
  type APIMessage,
  type APIMessageInteractionMetadata,
} from "discord-api-types/v10";
import {
  current,
  type MessageStore,
  type MessageVersion,
  type StoredAttachment,
  type StoredMessage,
} from "./message-store.js";
import type { World } from "./world.js";
import { mayMentionRole, mayMentionUser } from "./notifications.js";
import { userObject } from "./world-objects.js";

/** An attachment as a test sees it: Discord's fields plus the uploaded bytes. */
export interface AttachmentSnapshot extends APIAttachment {
  bytes: Buffer;
}

/** A message (one version of it) as a test sees it: Discord's fields plus what only the emulator knows. */
export interface MessageSnapshot extends Omit<APIMessage, "attachments"> {
  attachments: AttachmentSnapshot[];
  /** Visible only to the user of the interaction (flag 64). */
  ephemeral: boolean;
  deleted: boolean;
  /** 0 for the message as first sent, 1 after the first edit, ... */
  version: number;
}

/** An attachment object. */
export function attachmentObject(a: StoredAttachment): APIAttachment {
  return {
    id: a.id,
    filename: a.filename,
    size: a.size,
    url: a.url,
    proxy_url: a.url,
    ...(a.contentType ? { content_type: a.contentType } : {}),
    ...(a.description ? { description: a.description } : {}),
    ...(a.ephemeral ? { ephemeral: true } : {}),
  };
}

/** Every string inside a JSON value. */
function stringsIn(value: unknown, out: Set<string> = new Set()): Set<string> {
  if (typeof value === "string") out.add(value);
  else if (Array.isArray(value)) for (const item of value) stringsIn(item, out);
  else if (typeof value === "object" && value !== null)
    for (const item of Object.values(value)) stringsIn(item, out);
  return out;
}

/**
 * The attachments the message object lists: Discord leaves out the files its embeds or components show
 * (`attachment://NAME`, stored here as the file's URL once resolved).
 * @see https://discord.com/developers/docs/reference#uploading-files
 */
function listedAttachments(version: MessageVersion): StoredAttachment[] {
  const used = stringsIn([version.embeds, version.components]);
  return version.attachments.filter((a) => !used.has(a.url) && !used.has(`attachment://${a.filename}`));
}

const USER_MENTION = /<@!?(\d{17,20})>/g;
const ROLE_MENTION = /<@&(\d{17,20})>/g;

/** Options for {@link messageObject}. */
export interface MessageObjectOptions {
  /** Which version (default: current). */
  version?: MessageVersion;
  /** Blank content, embeds, attachments and components (no Message Content intent). */
  hideContent?: boolean;
  /** Include `referenced_message` (one level deep, like Discord). */
  withReference?: boolean;
}

/** The message object Discord would return. */
export function messageObject(
  world: World,
  store: MessageStore,
  message: StoredMessage,
  options: MessageObjectOptions = {},
): APIMessage {
  const version = options.version ?? current(message);
  const hide = options.hideContent === true;
  const content = hide ? "" : version.content;
  // Discord lists only the mentions `allowed_mentions` lets through, as notifications.ts counts them.
  const allowed = version.allowedMentions;
  const mentionIds = new Set([...content.matchAll(USER_MENTION)].map((m) => m[1] ?? ""));
  const mentions = [...mentionIds]
    .filter((id) => mayMentionUser(allowed, id))
    .map((id) => world.users.get(id))
    .filter((u) => u !== undefined)
    .map(userObject);
  const mentionRoles = [...new Set([...content.matchAll(ROLE_MENTION)].map((m) => m[1] ?? ""))].filter(
    (id) => world.roles.has(id) && mayMentionRole(allowed, id),
  );
  const referenced = message.messageReference?.message_id
    ? store.get(message.messageReference.message_id)
    : undefined;
  return {
    id: message.id,
    channel_id: message.channelId,
    author: userObject(world.requireUser(message.authorId)),
    content,
    timestamp: new Date(message.createdAt).toISOString(),
    edited_timestamp: version.editedAt === null ? null : new Date(version.editedAt).toISOString(),
    tts: message.tts,
    mention_everyone: false,
    mentions,
    mention_roles: mentionRoles,
    attachments: hide ? [] : listedAttachments(version).map(attachmentObject),
    embeds: hide ? [] : structuredClone(version.embeds),
    components: hide ? [] : structuredClone(version.components),
    pinned: false,
    type: message.type,
    flags: version.flags,
    ...(message.nonce !== null ? { nonce: message.nonce } : {}),
    ...(message.webhookId ? { webhook_id: message.webhookId } : {}),
    ...(message.applicationId ? { application_id: message.applicationId } : {}),
    ...(message.messageReference ? { message_reference: { ...message.messageReference } } : {}),
    ...(message.type === MessageType.Reply && options.withReference !== false
      ? {
          referenced_message:
            referenced && !referenced.deleted
              ? messageObject(world, store, referenced, { withReference: false })
              : null,
        }
      : {}),
    ...interactionFields(world, message),
  };
}

function interactionFields(world: World, message: StoredMessage): Partial<APIMessage> {
  const link = message.interaction;
  if (!link) return {};
  const user = userObject(world.requireUser(link.userId));
  const base = {
    id: link.interactionId,
    user,
    authorizing_integration_owners: link.authorizingIntegrationOwners,
    ...(link.originalResponseMessageId
      ? { original_response_message_id: link.originalResponseMessageId }
      : {}),
  };
  const metadata: APIMessageInteractionMetadata =
    link.type === InteractionType.MessageComponent
      ? {
          ...base,
          type: InteractionType.MessageComponent,
          interacted_message_id: link.interactedMessageId ?? message.id,
        }
      : { ...base, type: InteractionType.ApplicationCommand };
  return {
    interaction_metadata: metadata,
    ...(link.commandName
      ? { interaction: { id: link.interactionId, type: link.type, name: link.commandName, user } }
      : {}),
  };
}

/** The snapshot of one version of a message, for tests. */
export function messageSnapshot(
  world: World,
  store: MessageStore,
  message: StoredMessage,
  versionIndex = message.versions.length - 1,
): MessageSnapshot {
  const version = message.versions[versionIndex];
  if (!version) throw new Error(`Message ${message.id} has no version ${versionIndex}`);
  const api = messageObject(world, store, message, { version });
  return {
    ...api,
    attachments: version.attachments.map((a) => ({ ...attachmentObject(a), bytes: a.bytes })),
    ephemeral: message.ephemeral,
    deleted: message.deleted,
    version: versionIndex,
  };
}
