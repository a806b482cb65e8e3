/**
 * The message payload every renderer returns: plain Discord API JSON that discord.js accepts as is in
 * `interaction.reply/editReply`, `message.edit` and `channel.send`.
 */
import type { APIActionRowComponent, APIButtonComponent, APIEmbed } from "discord-api-types/v10";

/**
 * Who may be notified by the message (discord.js spelling, `repliedUser` instead of `replied_user`).
 * `parse` is always empty so that `@everyone`, roles or users typed into a prompt never ping anyone.
 * @see https://discord.com/developers/docs/resources/message#allowed-mentions-object
 */
export interface AllowedMentions {
  readonly parse: readonly [];
  /** The only users who may be pinged by a mention in `content`. */
  readonly users: readonly string[];
  /** Whether replying to a message pings its author. */
  readonly repliedUser: boolean;
}

/** A message to send or to edit into place. `content: ""` clears the text of an edited message. */
export interface MessagePayload {
  readonly content: string;
  readonly embeds: readonly APIEmbed[];
  readonly components: readonly APIActionRowComponent<APIButtonComponent>[];
  readonly allowedMentions: AllowedMentions;
}

/** JSON with object keys in sorted order, so equal values always give equal text. */
function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => stableStringify(v ?? null)).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/**
 * A string that changes exactly when what the user sees changes (text, embeds, buttons, image), so the
 * caller can skip an edit that would change nothing and save a rate-limited request.
 * `allowedMentions` is left out: it only affects notifications.
 * @see https://discord.com/developers/docs/topics/rate-limits
 */
export function visibleKey(payload: MessagePayload): string {
  return stableStringify({
    content: payload.content,
    embeds: payload.embeds,
    components: payload.components,
  });
}
