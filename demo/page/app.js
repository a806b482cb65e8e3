// @ts-check
// The demo page: a Discord-like channel view over the emulator's control API (/_control/...). It acts as
// the user picked in the switcher, runs the commands the bot registered, and refreshes on every change
// the emulator streams (server-sent events).
import { renderComposer, submit } from "./composer.js";
import { refreshNotifications } from "./notifications.js";
import { refreshBotLog } from "./bot-log.js";
import { openModalIfAny } from "./modal.js";
import { openMessageMenu } from "./context-menu.js";
import { h } from "./dom.js";
import { renderMessage } from "./render.js";
import { installSlashPicker } from "./suggestions.js";
import { $, DM, api, channelQuery, groupDm, guild, inDm, inPrivate, me, showError, state } from "./shared.js";

const actions = {
  click: (message, customId) =>
    api("click", { message: message.id, customId, user: state.user })
      .then((view) => {
        showError(null);
        return openModalIfAny(view);
      })
      .catch(showError),
  contextMenu: (event, message) =>
    openMessageMenu(event, state.messageCommands ?? [], (name) => actions.messageCommand(message, name)),
  messageCommand: (message, name) =>
    api("message-command", { message: message.id, name, user: state.user })
      .then((view) => {
        showError(null);
        return openModalIfAny(view);
      })
      .catch(showError),
  select: (message, customId, values) =>
    api("select", { message: message.id, customId, values, user: state.user }).then(
      () => showError(null),
      showError,
    ),
};

/** What the clock control adds: more than a day, so Discord's attachment links signed until now expire. */
const CLOCK_STEP_MS = 25 * 60 * 60 * 1000;

function renderChannels() {
  const list = $("channels");
  list.replaceChildren();
  if (inPrivate()) {
    $("sidebar-title").textContent = "Direct Messages";
    const groups = (state.world.groupDms ?? []).filter((c) => c.recipientIds.includes(me()?.id));
    list.append(
      h(
        "li",
        { class: `dm${inDm() ? " active" : ""}`, onclick: () => switchChannel(DM) },
        state.world.botUser.username,
      ),
      ...groups.map((c) =>
        h(
          "li",
          {
            class: `dm${c.id === state.channel ? " active" : ""}`,
            dataset: { channelId: c.id },
            title: "A group DM: the bot is not in it, your installed app is",
            onclick: () => switchChannel(c.id),
          },
          c.name,
        ),
      ),
    );
  } else {
    $("sidebar-title").textContent = guild().name;
    for (const channel of guild().channels) {
      list.append(
        h(
          "li",
          {
            class: channel.id === state.channel ? "active" : "",
            dataset: { channelId: channel.id },
            onclick: () => switchChannel(channel.id),
          },
          channel.name,
        ),
      );
    }
  }
  $("dm-home").classList.toggle("active", inPrivate());
  $("guild-icons").replaceChildren(
    ...state.world.guilds
      .filter((g) => me()?.inGuilds.includes(g.id))
      .map((g) =>
        h(
          "button",
          {
            class: `server-icon${!inPrivate() && g.id === guild().id ? " active" : ""}`,
            title: g.botIsIn ? g.name : `${g.name} (the bot is not here: your installed app is)`,
            dataset: { guildId: g.id },
            onclick: () => switchGuild(g.id),
          },
          g.name.slice(0, 1).toUpperCase(),
        ),
      ),
  );
  const current = guild().channels.find((c) => c.id === state.channel);
  $("chat-hash").textContent = inPrivate() ? "@" : "#";
  $("chat-title").textContent = inDm()
    ? state.world.botUser.username
    : (groupDm()?.name ?? current?.name ?? "");
}

function renderUsers() {
  const select = $("user-switch");
  select.replaceChildren(
    ...[...state.users.values()]
      .filter((u) => !u.bot)
      .map((u) => h("option", { value: u.username, selected: u.username === state.user }, u.username)),
  );
  const user = me();
  const roles = user?.roles.length ? user.roles.join(", ") : "member";
  $("user-roles").textContent = user?.inGuilds.length ? roles : "not in the server (DMs only)";
}

async function refreshMessages() {
  const messages = await api(`messages?${channelQuery()}&as=${encodeURIComponent(state.user)}`);
  const box = $("messages");
  box.replaceChildren(
    ...(messages.length
      ? messages.map((m) => renderMessage(m, state.users, actions))
      : [
          h(
            "div",
            { class: "empty" },
            inDm()
              ? "This is the beginning of your DMs with the bot."
              : "No messages yet. Run /imagine below.",
          ),
        ]),
  );
  followBottom();
}

/** Keeps the newest message in view unless the user scrolled up; images load late, so on each load too. */
function followBottom() {
  const box = $("messages");
  if (state.stickToBottom) box.scrollTop = box.scrollHeight;
}

/** A route with a line-break opportunity after each `/`, so a long one wraps between its parts. */
function routeParts(route) {
  return route.split(/(?<=\/)/).flatMap((part) => [part, h("wbr")]);
}

async function refreshEvents() {
  if (!state.showEvents) return;
  const requests = await api("requests?last=200&bodies=0");
  const limited = requests.filter((r) => r.rateLimited).length;
  $("events-summary").textContent = `(last ${requests.length}, ${limited} × 429)`;
  $("events").replaceChildren(
    ...requests
      .reverse()
      .map((r) =>
        h(
          "tr",
          { class: r.status === 429 ? "limited" : r.status >= 400 ? "error" : "" },
          h("td", {}, new Date(r.realAt).toLocaleTimeString([], { hour12: false })),
          h("td", {}, r.method),
          h("td", {}, ...routeParts(r.route || r.path)),
          h("td", {}, `${r.status}${r.code ? ` (${r.code})` : ""}${r.injected ? " injected" : ""}`),
        ),
      ),
  );
}

async function refreshCommands() {
  const commands = await api(`commands?guild=${guild().id}`);
  // As Discord's client: commands the user lacks default_member_permissions for are hidden.
  const permissions = BigInt(me()?.permissions[guild().id] ?? "0");
  const allowed = (c) =>
    c.default_member_permissions == null ||
    (permissions & BigInt(c.default_member_permissions)) === BigInt(c.default_member_permissions);
  // A server the bot is not in offers only the global commands registered for user installs.
  const userInstalled = (c) => !c.guild_id && (c.integration_types ?? [0]).includes(1);
  const inServer = guild().botIsIn
    ? commands.filter(
        (c) =>
          allowed(c) &&
          !(
            c.guild_id === undefined &&
            commands.some((o) => o.guild_id && o.name === c.name && o.type === c.type)
          ),
      )
    : commands.filter((c) => userInstalled(c) && (c.contexts == null || c.contexts.includes(0)));
  // A group DM offers the global commands of user installs made for private channels (context 2).
  const all = inDm()
    ? commands.filter(
        (c) => !c.guild_id && (c.contexts == null || c.contexts.includes(1) || c.contexts.includes(2)),
      )
    : groupDm()
      ? commands.filter((c) => userInstalled(c) && (c.contexts ?? []).includes(2))
      : inServer;
  const visible = all.filter((c) => (c.type ?? 1) === 1);
  // Message commands, offered on a right-click (Apps), once per name.
  state.messageCommands = [...new Set(all.filter((c) => c.type === 3).map((c) => c.name))];
  const signature = JSON.stringify(visible.map((c) => [c.id, c.version]));
  if (signature === state.commandSignature) return;
  state.commandSignature = signature;
  state.commands = visible;
  renderComposer();
}

/**
 * Scrolls to a linked message and highlights it, as Discord's client does, opening its channel first
 * when it is another one of this page.
 */
async function jumpTo({ channelId, messageId }) {
  const dm = !guild().channels.some((c) => c.id === channelId);
  const group = (state.world.groupDms ?? []).some((c) => c.id === channelId);
  const target = dm && !group ? DM : channelId;
  if (state.channel !== target) {
    state.channel = target;
    state.commandSignature = null;
    renderChannels();
    await refresh();
  }
  const article = document.querySelector(`article.message[data-message-id="${messageId}"]`);
  if (!article) {
    showError(new Error("That message is not in this channel any more."));
    return;
  }
  state.stickToBottom = false;
  article.scrollIntoView({ block: "center" });
  article.classList.add("jumped");
  setTimeout(() => article.classList.remove("jumped"), 2000);
}

let refreshing = null;
let again = false;
async function refresh() {
  if (refreshing) {
    again = true;
    return refreshing;
  }
  refreshing = Promise.all([
    refreshMessages(),
    refreshEvents(),
    refreshNotifications(),
    refreshBotLog(),
    refreshCommands(),
  ])
    .catch(showError)
    .finally(() => {
      refreshing = null;
      if (again) {
        again = false;
        void refresh();
      }
    });
  return refreshing;
}

function switchGuild(guildId) {
  state.guildId = guildId;
  switchChannel(guild().channels[0].id);
}

function switchChannel(channel) {
  state.channel = channel;
  state.commandSignature = null;
  renderChannels();
  void refresh();
}

async function start() {
  state.world = await api("state");
  for (const user of state.world.users) state.users.set(user.id, user);
  state.guildId = state.world.guilds[0].id;
  state.channel = guild().channels[0].id;
  renderUsers();
  renderChannels();
  $("user-switch").addEventListener("change", (event) => {
    state.user = /** @type {HTMLSelectElement} */ (event.target).value;
    const url = new URL(location.href);
    url.searchParams.set("user", state.user);
    history.replaceState(null, "", url);
    renderUsers();
    state.commandSignature = null;
    void refresh();
  });
  $("dm-home").addEventListener("click", () => switchChannel(DM));
  $("command").addEventListener("change", (event) => {
    state.commandKey = /** @type {HTMLSelectElement} */ (event.target).value;
    renderComposer();
  });
  $("composer").addEventListener("submit", submit);
  installSlashPicker();
  document.addEventListener(
    "jump-to-message",
    (event) => void jumpTo(/** @type {CustomEvent} */ (event).detail),
  );
  const box = $("messages");
  // Only the person scrolling up stops the list following new messages: images that get their size while
  // the list is re-drawn move it too, and must not.
  let userScrolledAt = -Infinity;
  const byUser = () => (userScrolledAt = performance.now());
  for (const type of ["wheel", "touchmove"]) box.addEventListener(type, byUser, { passive: true });
  // On the list itself (its scroll bar, its keys), not on a button in a message.
  const onList = (event) => event.target === box && byUser();
  box.addEventListener("keydown", onList);
  box.addEventListener("pointerdown", onList);
  box.addEventListener("pointermove", (event) => event.buttons && onList(event));
  box.addEventListener("scroll", () => {
    const nearBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 80;
    if (nearBottom) state.stickToBottom = true;
    else if (performance.now() - userScrolledAt < 500) state.stickToBottom = false;
  });
  box.addEventListener("load", followBottom, true);
  // The composer grows and shrinks with the options of a command: the newest message stays in view.
  new ResizeObserver(followBottom).observe(box);
  for (const [button, drawer, key] of [
    ["toggle-events", "events-drawer", "showEvents"],
    ["toggle-notifications", "notifications-drawer", "showNotifications"],
    ["toggle-botlog", "botlog-drawer", "showBotLog"],
  ]) {
    $(button).addEventListener("click", () => {
      state[key] = !state[key];
      $(drawer).hidden = !state[key];
      $(button).classList.toggle("on", state[key]);
      void refresh();
    });
  }
  $("clock-advance").addEventListener("click", async () => {
    try {
      const { offsetMs } = await api("clock/advance", { ms: CLOCK_STEP_MS });
      const hours = Math.round(offsetMs / 3_600_000);
      $("clock-advance").textContent = `⏩ +25 h (clock +${hours} h)`;
      $("clock-advance").title =
        `Discord's clock runs ${hours} h ahead: attachment links signed before then have expired`;
      showError(null);
    } catch (error) {
      showError(error);
    }
  });
  new EventSource("/_control/events").addEventListener("change", () => void refresh());
  // The bot may log without changing anything in Discord: its log is read again while the drawer is open.
  setInterval(() => void refreshBotLog(), 2000);
  await refresh();
  document.body.dataset.ready = "true";
}

void start();
