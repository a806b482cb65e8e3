/**
 * Creates, edits and deletes messages and tells the gateway: MESSAGE_CREATE / UPDATE / DELETE, filtered by
 * intents, with content blanked for sessions without the Message Content intent as Discord does.
 * @see https://discord.com/developers/docs/events/gateway#message-content-intent
 */
import {
  ChannelType,
  GatewayDispatchEvents,
  GatewayIntentBits,
  type APIMessage,
} from "discord-api-types/v10";
import type { GatewayServer } from "../gateway/gateway.js";
import type { UploadedFile } from "../validation/message-payload.js";
import { messageObject } from "./message-objects.js";
import type {
  MessageStore,
  MessageVersion,
  NewMessage,
  StoredAttachment,
  StoredMessage,
} from "./message-store.js";
import type { SnowflakeGenerator } from "./snowflake.js";
import type { World } from "./world.js";

/** What {@link Messaging} needs. */
export interface MessagingDeps {
  world: World;
  messages: MessageStore;
  gateway: GatewayServer;
  ids: SnowflakeGenerator;
  baseUrl(): string;
  changed(): void;
  /** Signs each new attachment's link at the emulator clock's now. */
  signUrl(url: string): string;
  /** Privileged intents enabled for the app (decides what REST shows of other people's messages). */
  enabledPrivilegedIntents: number;
}

/** Guesses a content type from a filename when the upload carried none. */
function contentTypeOf(filename: string): string | null {
  const ext = filename.toLowerCase().split(".").pop() ?? "";
  const types: Record<string, string> = {
    png: "image/png",
    jpg: "image/jpeg",
    jpeg: "image/jpeg",
    gif: "image/gif",
    webp: "image/webp",
    txt: "text/plain; charset=utf-8",
    json: "application/json; charset=utf-8",
  };
  return types[ext] ?? null;
}

/** Message operations shared by REST routes and the test API. */
export class Messaging {
  constructor(private readonly deps: MessagingDeps) {}

  /** Turns an upload into an attachment of a channel (bytes kept, served under /attachments). */
  storeFile(
    channelId: string,
    ephemeral: boolean,
    file: UploadedFile,
    description: string | null,
  ): StoredAttachment {
    const id = this.deps.ids.next();
    return {
      id,
      filename: file.filename,
      contentType: file.contentType ?? contentTypeOf(file.filename),
      size: file.bytes.length,
      bytes: file.bytes,
      description,
      url: this.deps.signUrl(
        `${this.deps.baseUrl()}/attachments/${channelId}/${id}/${encodeURIComponent(file.filename)}`,
      ),
      ephemeral,
    };
  }

  /** Whether the bot (with `intents`) sees a message's content. */
  #botSeesContent(message: StoredMessage, intents: number): boolean {
    if (!message.guildId || message.authorId === this.deps.world.botUser.id) return true;
    if ((intents & GatewayIntentBits.MessageContent) !== 0) return true;
    const content = message.versions.at(-1)?.content ?? "";
    return new RegExp(`<@!?${this.deps.world.botUser.id}>`).test(content);
  }

  /** The message object REST returns to the bot. */
  apiMessage(message: StoredMessage): APIMessage {
    const hideContent = !this.#botSeesContent(message, this.deps.enabledPrivilegedIntents);
    return messageObject(this.deps.world, this.deps.messages, message, { hideContent });
  }

  #eventData(message: StoredMessage, intents: number, create: boolean): unknown {
    const { world } = this.deps;
    if (message.ephemeral) return null;
    // The bot hears nothing of a group DM or a server it is not in.
    const channel = world.channels.get(message.channelId);
    if (channel?.type === ChannelType.GroupDM) return null;
    if (message.guildId && !world.botIsIn(message.guildId)) return null;
    const needed = message.guildId ? GatewayIntentBits.GuildMessages : GatewayIntentBits.DirectMessages;
    if ((intents & needed) === 0) return null;
    const api = messageObject(world, this.deps.messages, message, {
      hideContent: !this.#botSeesContent(message, intents),
    });
    if (!message.guildId) return create ? { ...api, channel_type: ChannelType.DM } : api;
    const member = world.member(message.guildId, message.authorId);
    return {
      ...api,
      guild_id: message.guildId,
      ...(member && !message.webhookId
        ? {
            member: {
              roles: member.roleIds,
              joined_at: member.joinedAt,
              nick: member.nick,
              deaf: false,
              mute: false,
              flags: 0,
              pending: false,
              premium_since: null,
              avatar: null,
              banner: null,
              communication_disabled_until: null,
            },
          }
        : {}),
    };
  }

  /** Stores a new message and dispatches MESSAGE_CREATE. */
  post(input: NewMessage): StoredMessage {
    const message = this.deps.messages.create(input);
    if (!message.ephemeral) {
      const channel = this.deps.world.channels.get(message.channelId);
      if (channel) channel.lastMessageId = message.id;
    }
    this.deps.gateway.dispatch(
      GatewayDispatchEvents.MessageCreate,
      (intents) => this.#eventData(message, intents, true),
      message.guildId,
    );
    this.deps.changed();
    return message;
  }

  /** Records a new version and dispatches MESSAGE_UPDATE. */
  edit(message: StoredMessage, next: Omit<MessageVersion, "editedAt">, markEdited = true): void {
    this.deps.messages.edit(message, next, markEdited);
    this.deps.gateway.dispatch(
      GatewayDispatchEvents.MessageUpdate,
      (intents) => this.#eventData(message, intents, false),
      message.guildId,
    );
    this.deps.changed();
  }

  /** Deletes a message and dispatches MESSAGE_DELETE. */
  remove(message: StoredMessage): void {
    this.deps.messages.delete(message);
    if (!message.ephemeral) {
      const needed = message.guildId ? GatewayIntentBits.GuildMessages : GatewayIntentBits.DirectMessages;
      this.deps.gateway.dispatch(
        GatewayDispatchEvents.MessageDelete,
        (intents) =>
          (intents & needed) === 0
            ? null
            : {
                id: message.id,
                channel_id: message.channelId,
                ...(message.guildId ? { guild_id: message.guildId } : {}),
              },
        message.guildId,
      );
    }
    this.deps.changed();
  }
}
