// The demo page: a Discord-like channel view over the emulator's control API (/_control/...). It acts as
// the user picked in the switcher, runs the commands the bot registered, and refreshes on every change
// the emulator streams (server-sent events).
import { h, renderMessage } from "./render.js";

const OPTION_TYPES = {
  STRING: 3,
  INTEGER: 4,
  BOOLEAN: 5,
  USER: 6,
  CHANNEL: 7,
  ROLE: 8,
  NUMBER: 10,
  ATTACHMENT: 11,
};
const DM = "dm";

const state = {
  world: null,
  users: new Map(),
  user: new URLSearchParams(location.search).get("user") ?? "alice",
  channel: null,
  commands: [],
  commandKey: "",
  showEvents: false,
  showNotifications: false,
};

const $ = (id) => document.getElementById(id);

async function api(path, body) {
  const response = await fetch(`/_control/${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(json.error ?? `${response.status}`);
  return json;
}

function showError(error) {
  $("composer-error").textContent = error ? (error.message ?? String(error)) : "";
}

const guild = () => state.world.guilds[0];
const me = () => [...state.users.values()].find((u) => u.username === state.user);
const inDm = () => state.channel === DM;

function channelQuery() {
  return inDm() ? `dm=${encodeURIComponent(state.user)}` : `channel=${state.channel}`;
}

const actions = {
  click: (message, customId) =>
    api("click", { message: message.id, customId, user: state.user }).then(() => showError(null), showError),
  select: (message, customId, values) =>
    api("select", { message: message.id, customId, values, user: state.user }).then(
      () => showError(null),
      showError,
    ),
};

function renderChannels() {
  const list = $("channels");
  list.replaceChildren();
  if (inDm()) {
    $("sidebar-title").textContent = "Direct Messages";
    list.append(h("li", { class: "dm active" }, state.world.botUser.username));
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
  $("dm-home").classList.toggle("active", inDm());
  $("guild-icon").classList.toggle("active", !inDm());
  const current = guild().channels.find((c) => c.id === state.channel);
  $("chat-hash").textContent = inDm() ? "@" : "#";
  $("chat-title").textContent = inDm() ? state.world.botUser.username : (current?.name ?? "");
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

/** The composer's choices: every registered command, plus a plain message in DMs. */
function composerChoices() {
  const choices = [];
  if (inDm()) choices.push({ key: "message", label: "Message" });
  for (const command of state.commands) {
    const subcommands = (command.options ?? []).filter((o) => o.type === 1);
    if (subcommands.length === 0) choices.push({ key: command.name, label: `/${command.name}`, command });
    for (const sub of subcommands)
      choices.push({
        key: `${command.name} ${sub.name}`,
        label: `/${command.name} ${sub.name}`,
        command,
        sub,
      });
  }
  return choices;
}

function optionInput(option) {
  const name = `opt-${option.name}`;
  const label = `${option.name}${option.required ? "" : " (optional)"}`;
  let input;
  if (option.choices?.length) {
    input = h(
      "select",
      { name, "aria-label": option.name },
      option.required ? null : h("option", { value: "" }, "—"),
      option.choices.map((c) => h("option", { value: String(c.value) }, c.name)),
    );
  } else if (option.type === OPTION_TYPES.BOOLEAN) {
    input = h(
      "select",
      { name, "aria-label": option.name },
      h("option", { value: "" }, "—"),
      h("option", { value: "true" }, "true"),
      h("option", { value: "false" }, "false"),
    );
  } else if (option.type === OPTION_TYPES.ATTACHMENT) {
    input = h("input", { type: "file", name, "aria-label": option.name });
  } else if (option.type === OPTION_TYPES.INTEGER || option.type === OPTION_TYPES.NUMBER) {
    input = h("input", {
      type: "number",
      name,
      "aria-label": option.name,
      step: option.type === OPTION_TYPES.INTEGER ? "1" : "any",
    });
  } else {
    input = h("input", {
      type: "text",
      name,
      "aria-label": option.name,
      placeholder: option.description ?? "",
    });
  }
  const wide = option.type === OPTION_TYPES.STRING && !option.choices?.length;
  return h("label", { class: `option${wide ? " wide" : ""}`, title: option.description ?? "" }, label, input);
}

function renderComposer() {
  const choices = composerChoices();
  if (!choices.some((c) => c.key === state.commandKey)) state.commandKey = choices[0]?.key ?? "";
  $("command").replaceChildren(
    ...choices.map((c) => h("option", { value: c.key, selected: c.key === state.commandKey }, c.label)),
  );
  const choice = choices.find((c) => c.key === state.commandKey);
  const options = $("options");
  if (!choice) {
    options.replaceChildren(h("span", { class: "option" }, "No commands registered yet"));
  } else if (choice.key === "message") {
    options.replaceChildren(
      h(
        "label",
        { class: "option wide" },
        h("input", {
          type: "text",
          name: "content",
          "aria-label": "message",
          placeholder: `Message @${state.world.botUser.username}`,
        }),
      ),
      h(
        "label",
        { class: "option" },
        "file",
        h("input", { type: "file", name: "file", "aria-label": "file" }),
      ),
    );
  } else {
    const specs = (choice.sub ? choice.sub.options : choice.command.options) ?? [];
    options.replaceChildren(...specs.map(optionInput));
  }
}

async function fileValue(input) {
  const file = input.files?.[0];
  if (!file) return undefined;
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { filename: file.name, contentType: file.type || "application/octet-stream", base64: btoa(binary) };
}

async function submit(event) {
  event.preventDefault();
  // As in Discord, sending jumps to the newest messages.
  stickToBottom = true;
  const choice = composerChoices().find((c) => c.key === state.commandKey);
  if (!choice) return;
  const form = $("composer");
  try {
    if (choice.key === "message") {
      const file = await fileValue(form.elements.namedItem("file"));
      await api("dm", {
        user: state.user,
        content: form.elements.namedItem("content").value,
        attachments: file ? [file] : [],
      });
    } else {
      const specs = (choice.sub ? choice.sub.options : choice.command.options) ?? [];
      const options = {};
      for (const spec of specs) {
        const input = form.elements.namedItem(`opt-${spec.name}`);
        if (spec.type === OPTION_TYPES.ATTACHMENT) {
          const file = await fileValue(input);
          if (file) options[spec.name] = file;
        } else if (input.value !== "") {
          const numeric = spec.type === OPTION_TYPES.INTEGER || spec.type === OPTION_TYPES.NUMBER;
          options[spec.name] = numeric
            ? Number(input.value)
            : spec.type === OPTION_TYPES.BOOLEAN
              ? input.value === "true"
              : input.value;
        }
      }
      const target = inDm() ? { dm: true } : { channel: state.channel, guild: guild().id };
      await api("slash", {
        name: choice.command.name,
        ...(choice.sub ? { subcommand: choice.sub.name } : {}),
        options,
        user: state.user,
        ...target,
      });
    }
    showError(null);
    for (const input of form.querySelectorAll("input")) input.value = "";
  } catch (error) {
    showError(error);
  }
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
let stickToBottom = true;
function followBottom() {
  const box = $("messages");
  if (stickToBottom) box.scrollTop = box.scrollHeight;
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
          h("td", {}, r.route || r.path),
          h("td", {}, `${r.status}${r.code ? ` (${r.code})` : ""}${r.injected ? " injected" : ""}`),
        ),
      ),
  );
}

async function refreshNotifications() {
  if (!state.showNotifications) return;
  const notifications = await api(`notifications?user=${encodeURIComponent(state.user)}`);
  $("notifications").replaceChildren(
    ...(notifications.length
      ? notifications.map((n) => h("li", {}, h("b", {}, `${n.reason}: `), n.preview || "(no text)"))
      : [h("li", {}, `Nothing has notified ${state.user} yet.`)]),
  );
}

async function refreshCommands() {
  const commands = await api(`commands?guild=${guild().id}`);
  // As Discord's client: commands the user lacks default_member_permissions for are hidden.
  const permissions = BigInt(me()?.permissions[guild().id] ?? "0");
  const allowed = (c) =>
    c.default_member_permissions == null ||
    (permissions & BigInt(c.default_member_permissions)) === BigInt(c.default_member_permissions);
  const visible = inDm()
    ? commands.filter(
        (c) => !c.guild_id && (c.contexts == null || c.contexts.includes(1) || c.contexts.includes(2)),
      )
    : commands.filter(allowed);
  const signature = JSON.stringify(visible.map((c) => [c.id, c.version]));
  if (signature === state.commandSignature) return;
  state.commandSignature = signature;
  state.commands = visible;
  renderComposer();
}

let refreshing = null;
let again = false;
async function refresh() {
  if (refreshing) {
    again = true;
    return refreshing;
  }
  refreshing = Promise.all([refreshMessages(), refreshEvents(), refreshNotifications(), refreshCommands()])
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

function switchChannel(channel) {
  state.channel = channel;
  state.commandSignature = null;
  renderChannels();
  void refresh();
}

async function start() {
  state.world = await api("state");
  for (const user of state.world.users) state.users.set(user.id, user);
  state.channel = guild().channels[0].id;
  renderUsers();
  renderChannels();
  $("user-switch").addEventListener("change", (event) => {
    state.user = event.target.value;
    const url = new URL(location.href);
    url.searchParams.set("user", state.user);
    history.replaceState(null, "", url);
    renderUsers();
    state.commandSignature = null;
    void refresh();
  });
  $("dm-home").addEventListener("click", () => switchChannel(DM));
  $("guild-icon").addEventListener("click", () => switchChannel(guild().channels[0].id));
  $("command").addEventListener("change", (event) => {
    state.commandKey = event.target.value;
    renderComposer();
  });
  $("composer").addEventListener("submit", submit);
  const box = $("messages");
  box.addEventListener("scroll", () => {
    stickToBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 80;
  });
  box.addEventListener("load", followBottom, true);
  for (const [button, drawer, key] of [
    ["toggle-events", "events-drawer", "showEvents"],
    ["toggle-notifications", "notifications-drawer", "showNotifications"],
  ]) {
    $(button).addEventListener("click", () => {
      state[key] = !state[key];
      $(drawer).hidden = !state[key];
      $(button).classList.toggle("on", state[key]);
      void refresh();
    });
  }
  new EventSource("/_control/events").addEventListener("change", () => void refresh());
  await refresh();
  document.body.dataset.ready = "true";
}

void start();
