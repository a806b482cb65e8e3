/**
 * Who a message notifies. Only the version a message is sent with can notify: mentions added by a later
 * edit do not (a deferred interaction response is sent when its "thinking" state is first replaced).
 * `allowed_mentions` decides which mentions ping; without it every user, role and reply mention does.
 * @see https://discord.com/developers/docs/resources/message#allowed-mentions-object
 */
import { MessageFlags, MessageType } from "discord-api-types/v10";
import {
  current,
  type AllowedMentions,
  type MessageStore,
  type MessageVersion,
  type StoredMessage,
} from "./message-store.js";
import type { World } from "./world.js";

/** One notification a user got. */
export interface Notification {
  messageId: string;
  channelId: string;
  /** The message's server; null in a DM. */
  guildId: string | null;
  /** When the message was sent (ISO 8601, the emulator's clock), as Discord's notification list shows. */
  sentAt: string;
  /** "mention", "role mention", "@everyone" or "reply". */
  reason: string;
  /** The start of the message's text as sent. */
  preview: string;
}

/** The version a message was sent with: the first, or for a deferred response the first after "thinking". */
function sentVersion(message: StoredMessage): MessageVersion | undefined {
  return message.versions.find((v) => (v.flags & MessageFlags.Loading) === 0);
}

/** Whether `allowed_mentions` (as sent; undefined when absent: everything) lets the message mention a user. */
export function mayMentionUser(allowed: AllowedMentions | undefined, userId: string): boolean {
  return allowed === undefined || allowed.parse.includes("users") || allowed.users.includes(userId);
}

/** Whether `allowed_mentions` lets the message mention a role. */
export function mayMentionRole(allowed: AllowedMentions | undefined, roleId: string): boolean {
  return allowed === undefined || allowed.parse.includes("roles") || allowed.roles.includes(roleId);
}

function reasonFor(world: World, store: MessageStore, message: StoredMessage, userId: string): string | null {
  const version = sentVersion(message);
  if (!version || message.authorId === userId || message.deleted) return null;
  if (message.ephemeral || (version.flags & MessageFlags.SuppressNotifications) !== 0) return null;
  const allowed = version.allowedMentions;
  const parses = (kind: string) => allowed === undefined || allowed.parse.includes(kind);
  const users = [...version.content.matchAll(/<@!?(\d+)>/g)].map((m) => m[1]);
  if (users.includes(userId) && mayMentionUser(allowed, userId)) return "mention";
  const member = message.guildId ? world.member(message.guildId, userId) : undefined;
  const roles = [...version.content.matchAll(/<@&(\d+)>/g)].map((m) => m[1] ?? "");
  if (member && roles.some((r) => member.roleIds.includes(r) && mayMentionRole(allowed, r)))
    return "role mention";
  if (member && /@(everyone|here)/.test(version.content) && parses("everyone")) return "@everyone";
  const replied = message.messageReference?.message_id
    ? store.get(message.messageReference.message_id)
    : undefined;
  if (message.type === MessageType.Reply && replied?.authorId === userId && (allowed?.repliedUser ?? true))
    return "reply";
  return null;
}

/** A user a message notified, and why. */
export interface NotifiedUser {
  userId: string;
  username: string;
  reason: string;
}

/** Everyone `message` notified (every known user is checked), in the order users were added. */
export function notifiedBy(world: World, store: MessageStore, message: StoredMessage): NotifiedUser[] {
  return [...world.users.values()].flatMap((user) => {
    const reason = reasonFor(world, store, message, user.id);
    return reason ? [{ userId: user.id, username: user.username, reason }] : [];
  });
}

/** Every message that notified `userId`, oldest first. */
export function notificationsOf(world: World, store: MessageStore, userId: string): Notification[] {
  return store.all().flatMap((message) => {
    const reason = reasonFor(world, store, message, userId);
    if (!reason) return [];
    const text = sentVersion(message)?.content ?? current(message).content;
    return [
      {
        messageId: message.id,
        channelId: message.channelId,
        guildId: message.guildId,
        sentAt: new Date(message.createdAt).toISOString(),
        reason,
        preview: text.slice(0, 120),
      },
    ];
  });
}
