// @ts-check
// What every part of the demo page shares: its state, the control API client and the current context.

export const OPTION_TYPES = {
  STRING: 3,
  INTEGER: 4,
  BOOLEAN: 5,
  USER: 6,
  CHANNEL: 7,
  ROLE: 8,
  NUMBER: 10,
  ATTACHMENT: 11,
};
export const DM = "dm";

export const state = {
  world: null,
  users: new Map(),
  user: new URLSearchParams(location.search).get("user") ?? "alice",
  channel: null,
  /** The server shown (its id); the first one at start. */
  guildId: null,
  commands: [],
  commandKey: "",
  showEvents: false,
  showBotLog: false,
  showNotifications: false,
  /** Whether the message list follows new messages (false once the user scrolls up). */
  stickToBottom: true,
};

export const $ = (id) => document.getElementById(id);

export async function api(path, body) {
  const response = await fetch(`/_control/${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(json.error ?? `${response.status}`);
  return json;
}

export function showError(error) {
  $("composer-error").textContent = error ? (error.message ?? String(error)) : "";
}

export const guild = () => state.world.guilds.find((g) => g.id === state.guildId) ?? state.world.guilds[0];
export const me = () => [...state.users.values()].find((u) => u.username === state.user);
export const inDm = () => state.channel === DM;
/** The group DM shown, if one is (the bot is never in one: only the members' installs reach it). */
export const groupDm = () => (state.world.groupDms ?? []).find((c) => c.id === state.channel);
/** Whether a private channel is shown (the DM with the bot, or a group DM) rather than a server's. */
export const inPrivate = () => inDm() || groupDm() !== undefined;

export function channelQuery() {
  return inDm() ? `dm=${encodeURIComponent(state.user)}` : `channel=${state.channel}`;
}
