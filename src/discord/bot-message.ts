/**
 * One of the bot's own messages, reached with the bot token alone: deleting it (🗑️ Delete) and finding out
 * whether it still exists (a used button whose message someone deleted). The bot may always delete its own
 * messages, in servers and in DMs; reading one needs access to its channel.
 * @see https://discord.com/developers/docs/resources/message#delete-message
 * @see https://discord.com/developers/docs/resources/message#get-channel-message
 */
import { Routes, type REST } from "discord.js";
import type { Logger } from "../logger.js";
import { attemptDiscord } from "./message-poster.js";

/**
 * Deletes the bot's message `messageId` in `channelId`: `deleted`, or `gone` when it was deleted already.
 * @throws {DeliveryError} when Discord refuses otherwise (no access, a transient failure).
 */
export async function deleteBotMessage(
  rest: REST,
  channelId: string,
  messageId: string,
  log: Logger,
): Promise<"deleted" | "gone"> {
  const sent = await attemptDiscord(
    () => rest.delete(Routes.channelMessage(channelId, messageId)),
    "channel-edit",
    log,
  );
  if (sent.ok) return "deleted";
  if (sent.error.kind === "message-gone") return "gone";
  throw sent.error;
}

/**
 * Whether the message is known to be gone (Discord answers Unknown Message or Unknown Channel). Any other
 * answer (no access, a failure) is not proof: then it is taken to be there still.
 */
export async function isMessageGone(
  rest: REST,
  channelId: string,
  messageId: string,
  log: Logger,
): Promise<boolean> {
  const read = await attemptDiscord(
    () => rest.get(Routes.channelMessage(channelId, messageId)),
    "channel-edit",
    log,
  );
  return !read.ok && read.error.kind === "message-gone";
}
