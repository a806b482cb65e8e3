// @ts-check
// The Notifications drawer: each message that notified the selected user, as Discord's inbox lists it: where
// (a chip naming the channel, or the DM, that jumps to the message), when, why, and the start of its text.
import { h } from "./dom.js";
import { messageLinkChip, previewText } from "./mentions.js";
import { $, api, state } from "./shared.js";

/** When a notifying message was sent, as Discord's inbox says it: the time today, else the date and time. */
function whenSent(iso) {
  const sent = new Date(iso);
  const today = sent.toDateString() === new Date().toDateString();
  return today
    ? `Today at ${sent.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}`
    : sent.toLocaleString([], { dateStyle: "medium", timeStyle: "short" });
}

/** Fills the Notifications drawer (when open) with the messages that notified the selected user. */
export async function refreshNotifications() {
  if (!state.showNotifications) return;
  const notifications = await api(`notifications?user=${encodeURIComponent(state.user)}`);
  $("notifications").replaceChildren(
    ...(notifications.length
      ? notifications.map((n) =>
          // As Discord's client: where (a chip that jumps to the message) and when, then the text with
          // mentions by name, never `<@id>`.
          h(
            "li",
            {},
            h(
              "div",
              { class: "notification-where" },
              messageLinkChip(n.channelId, n.messageId, n.guildId === null),
              h("time", { datetime: n.sentAt }, whenSent(n.sentAt)),
            ),
            h("b", {}, `${n.reason}: `),
            previewText(n.preview ?? "", state.users) || "(no text)",
          ),
        )
      : [h("li", {}, `Nothing has notified ${state.user} yet.`)]),
  );
}
