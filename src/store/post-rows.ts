/** How a posted message of a job maps to a row of the `job_posts` table and back (see `job-rows.ts` for jobs). */
import { z } from "zod";
import type { PostedMessage } from "../imagine/posted-message.js";
import { badColumns, type InValue } from "./job-rows.js";

const text = z.string();
const nullableText = z.string().nullable();
const integer = z.number().int();

const postRowSchema = z.object({
  job_id: text,
  action: text,
  guild_id: nullableText,
  channel_id: text,
  message_id: text,
  posted_at: integer,
});

/** Every column of the `job_posts` table, in the order of {@link postToValues}. */
export const POST_COLUMNS = Object.keys(postRowSchema.shape) as (keyof typeof postRowSchema.shape)[];

/** A posted message's values in the order of {@link POST_COLUMNS}. */
export function postToValues(post: PostedMessage): InValue[] {
  return [post.jobId, post.action, post.guildId, post.channelId, post.messageId, post.postedAt];
}

/**
 * Reads a `job_posts` row back.
 * @throws {Error} naming the columns whose values are not what the bot writes.
 */
export function rowToPost(row: Readonly<Record<string, unknown>>): PostedMessage {
  const parsed = postRowSchema.safeParse(row);
  if (!parsed.success) {
    throw new Error(
      `the stored post of job ${String(row["job_id"])} has invalid values in: ${badColumns(parsed.error)}`,
    );
  }
  const r = parsed.data;
  return {
    jobId: r.job_id,
    action: r.action,
    guildId: r.guild_id,
    channelId: r.channel_id,
    messageId: r.message_id,
    postedAt: r.posted_at,
  };
}
