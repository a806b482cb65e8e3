// @ts-check
// Mentions and message links as Discord's client shows them: names instead of ids (users, roles,
// channels), a link to a message as a chip naming its channel that jumps to the message.
import { h } from "./dom.js";
import { state } from "./shared.js";

/** A role's name by id (the world's servers list their roles), or `role`. */
export function roleName(id) {
  for (const g of state.world?.guilds ?? []) {
    const role = g.roles?.find((r) => r.id === id);
    if (role) return role.name;
  }
  return "role";
}

/** A channel's name by id, or `unknown`. */
export function channelName(id) {
  for (const g of state.world?.guilds ?? []) {
    const channel = g.channels.find((c) => c.id === id);
    if (channel) return channel.name;
  }
  return "unknown";
}

/**
 * Text as Discord's one-line previews show it: mentions as `@name`, `@role name` and `#channel`, message
 * links as `#channel › 💬`, never `<@id>` or a URL.
 */
export function previewText(text, users) {
  return text
    .replace(/<@!?(\d+)>/g, (_, id) => `@${users.get(id)?.username ?? "unknown-user"}`)
    .replace(/<@&(\d+)>/g, (_, id) => `@${roleName(id)}`)
    .replace(/<#(\d+)>/g, (_, id) => `#${channelName(id)}`)
    .replace(
      MESSAGE_LINK,
      (_, _guild, channel) => `${channel === "@me" ? "@DM" : `#${channelName(channel)}`} › 💬`,
    );
}

/** A link to a message as Discord writes it: `https://discord.com/channels/{guild or @me}/{channel}/{message}`. */
export const MESSAGE_LINK =
  /https:\/\/(?:ptb\.|canary\.)?discord(?:app)?\.com\/channels\/(\d+|@me)\/(\d+)\/(\d+)/g;

/**
 * A message link as Discord's client shows it: a chip naming the channel, which jumps to the message
 * (the page listens for `jump-to-message`).
 */
export function messageLinkChip(channelId, messageId, inDm) {
  return h(
    "a",
    {
      class: "message-link",
      href: "#",
      title: "Jump to message",
      dataset: { channelId, messageId },
      onclick: (event) => {
        event.preventDefault();
        document.dispatchEvent(new CustomEvent("jump-to-message", { detail: { channelId, messageId } }));
      },
    },
    inDm ? "@DM" : `#${channelName(channelId)}`,
    h("span", { class: "message-link-sep" }, " › "),
    "💬",
  );
}
