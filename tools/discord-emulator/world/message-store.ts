/**
 * Every message in the emulated world with its full edit history and uploaded bytes. Ephemeral messages are
 * stored too but only reachable through their interaction.
 */
import type {
  APIEmbed,
  APIMessageReference,
  APIMessageTopLevelComponent,
  InteractionType,
  MessageType,
} from "discord-api-types/v10";
import type { SnowflakeGenerator } from "./snowflake.js";

/** An uploaded file kept with its bytes. */
export interface StoredAttachment {
  id: string;
  filename: string;
  contentType: string | null;
  size: number;
  bytes: Buffer;
  description: string | null;
  /** Where the emulator serves the bytes (its stand-in for cdn.discordapp.com). */
  url: string;
  ephemeral: boolean;
}

/** The visible state of a message at one point in time. */
export interface MessageVersion {
  content: string;
  embeds: APIEmbed[];
  components: APIMessageTopLevelComponent[];
  attachments: StoredAttachment[];
  flags: number;
  /** Emulator-clock ms of this edit; null for the first version. */
  editedAt: number | null;
  /** The request's `allowed_mentions` (absent: Discord's default, every mention pings). */
  allowedMentions?: AllowedMentions;
}

/** Which mentions of a message may notify. @see https://discord.com/developers/docs/resources/message#allowed-mentions-object */
export interface AllowedMentions {
  parse: string[];
  users: string[];
  roles: string[];
  repliedUser: boolean;
}

/** How an interaction produced a message (Discord's `interaction_metadata`). */
export interface MessageInteractionLink {
  interactionId: string;
  type: InteractionType;
  userId: string;
  commandName: string | null;
  /** For follow-ups: the original response's id. */
  originalResponseMessageId: string | null;
  /** For component interactions: the message the component was on. */
  interactedMessageId: string | null;
  authorizingIntegrationOwners: Record<string, string>;
}

/** A message with its history. */
export interface StoredMessage {
  id: string;
  channelId: string;
  guildId: string | null;
  authorId: string;
  type: MessageType;
  /** Emulator-clock ms. */
  createdAt: number;
  versions: MessageVersion[];
  deleted: boolean;
  ephemeral: boolean;
  tts: boolean;
  webhookId: string | null;
  applicationId: string | null;
  interaction: MessageInteractionLink | null;
  messageReference: APIMessageReference | null;
  nonce: string | number | null;
}

/** The fields needed to create a message. */
export type NewMessage = Omit<StoredMessage, "id" | "versions" | "deleted" | "createdAt"> & {
  first: Omit<MessageVersion, "editedAt">;
};

/** Stores messages and attachments. */
export class MessageStore {
  readonly #messages = new Map<string, StoredMessage>();
  readonly #attachments = new Map<string, StoredAttachment>();

  constructor(
    private readonly ids: SnowflakeGenerator,
    private readonly now: () => number,
  ) {}

  /** Stores a new message. */
  create(input: NewMessage): StoredMessage {
    const { first, ...rest } = input;
    const message: StoredMessage = {
      ...rest,
      id: this.ids.next(),
      createdAt: this.now(),
      deleted: false,
      versions: [{ ...first, editedAt: null }],
    };
    this.#messages.set(message.id, message);
    for (const a of first.attachments) this.#attachments.set(a.id, a);
    return message;
  }

  /** Records a new version of a message. */
  edit(message: StoredMessage, next: Omit<MessageVersion, "editedAt">, markEdited = true): MessageVersion {
    const version: MessageVersion = {
      ...next,
      editedAt: markEdited ? this.now() : current(message).editedAt,
    };
    message.versions.push(version);
    for (const a of next.attachments) this.#attachments.set(a.id, a);
    return version;
  }

  /** Marks a message deleted (its history stays readable). */
  delete(message: StoredMessage): void {
    message.deleted = true;
  }

  /** A message by id, deleted or not. */
  get(id: string): StoredMessage | undefined {
    return this.#messages.get(id);
  }

  /** Keeps an attachment that belongs to no message (a file a user gave a slash command option). */
  keepAttachment(attachment: StoredAttachment): void {
    this.#attachments.set(attachment.id, attachment);
  }

  /** An uploaded attachment by id. */
  attachment(id: string): StoredAttachment | undefined {
    return this.#attachments.get(id);
  }

  /**
   * An attachment that still exists: kept, and not only on deleted messages (a file given to a slash
   * command option belongs to no message and lives on).
   */
  liveAttachment(id: string): StoredAttachment | undefined {
    const attachment = this.#attachments.get(id);
    if (!attachment) return undefined;
    const holders = [...this.#messages.values()].filter((m) =>
      m.versions.some((v) => v.attachments.some((a) => a.id === id)),
    );
    return holders.length === 0 || holders.some((m) => !m.deleted) ? attachment : undefined;
  }

  /**
   * The message `authorId` created with `nonce` at or after `since` (emulator clock), deleted or not: what
   * `enforce_nonce` returns instead of creating another.
   * @see https://discord.com/developers/docs/resources/message#create-message-jsonform-params
   */
  byNonce(authorId: string, nonce: string | number, since: number): StoredMessage | undefined {
    for (const m of this.#messages.values()) {
      if (m.authorId === authorId && m.nonce === nonce && m.createdAt >= since) return m;
    }
    return undefined;
  }

  /** The messages of a channel, oldest first. */
  inChannel(
    channelId: string,
    options: { includeEphemeral?: boolean; includeDeleted?: boolean } = {},
  ): StoredMessage[] {
    return [...this.#messages.values()].filter(
      (m) =>
        m.channelId === channelId &&
        (options.includeEphemeral || !m.ephemeral) &&
        (options.includeDeleted || !m.deleted),
    );
  }

  /** Every message, oldest first. */
  all(): StoredMessage[] {
    return [...this.#messages.values()];
  }
}

/** The current version of a message. */
export function current(message: StoredMessage): MessageVersion {
  const version = message.versions.at(-1);
  if (!version) throw new Error(`Message ${message.id} has no versions`);
  return version;
}
