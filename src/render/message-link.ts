/** Links to a Discord message, shared by the job's views, its delivery and the features that point at it. */
import type { MessageLocation } from "../imagine/job.js";

/** A Discord id as a jump link may hold it. */
const SNOWFLAKE = /^\d{1,25}$/;

/**
 * The jump link to a message, `https://discord.com/channels/<guild or @me>/<channel>/<message>`, or `null`
 * while the message id is unknown (or an id is not a Discord id).
 * @see https://discord.com/developers/docs/reference#message-formatting
 */
export function messageJumpLink(
  location: Pick<MessageLocation, "guildId" | "channelId" | "messageId">,
): string | null {
  const { guildId, channelId, messageId } = location;
  if (messageId === null || !SNOWFLAKE.test(messageId) || !SNOWFLAKE.test(channelId)) return null;
  if (guildId !== null && !SNOWFLAKE.test(guildId)) return null;
  return `https://discord.com/channels/${guildId ?? "@me"}/${channelId}/${messageId}`;
}
