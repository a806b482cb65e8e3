// @ts-check
// The list of suggestions above the message box, as Discord's client shows it: for the `/` box
// (suggestions.js) and for options registered with `autocomplete`, whose choices the bot gives as the person
// types (through the emulator).
import { h } from "./dom.js";
import { $, api, guild, inDm, showError, state } from "./shared.js";

/** The open list: its items and which is highlighted, and what picking one does. */
/** @type {any} */
let open = null;

/** The input whose list is open, if any. */
export function listOwner() {
  return open?.owner ?? null;
}

export function close() {
  open = null;
  $("suggestions").hidden = true;
  $("suggestions").replaceChildren();
}

/**
 * Shows `items` (`{ title, detail }`) above the composer; `pick(item)` runs on click, Enter or Tab.
 * @param {string} heading
 * @param {{ title: string; detail?: string }[]} items
 * @param {(item: any) => void} pick
 * @param {HTMLElement} owner the input the list belongs to
 */
export function show(heading, items, pick, owner) {
  const box = $("suggestions");
  if (items.length === 0) {
    close();
    return;
  }
  open = { items, pick, active: 0, owner };
  const render = () =>
    box.replaceChildren(
      h("div", { class: "suggestions-heading" }, heading),
      ...items.map((item, i) =>
        h(
          "div",
          {
            class: `suggestion${i === open?.active ? " active" : ""}`,
            role: "option",
            "aria-selected": i === open?.active ? "true" : "false",
            // mousedown, not click: the input would lose focus (and close the list) first.
            onmousedown: (event) => {
              event.preventDefault();
              close();
              pick(item);
            },
          },
          h("span", { class: "suggestion-title" }, item.title),
          item.detail ? h("span", { class: "suggestion-detail" }, item.detail) : null,
        ),
      ),
    );
  open.render = render;
  render();
  box.hidden = false;
}

/** Closes the list when `input` loses focus, unless another input's list opened meanwhile. */
export function closeOnBlur(input) {
  input.addEventListener("blur", () =>
    setTimeout(() => {
      if (open?.owner === input && document.activeElement !== input) close();
    }, 100),
  );
}

/** Arrow keys move, Enter or Tab picks, Escape closes; true when the key was the list's. */
export function listKeys(event) {
  if (!open) return false;
  if (event.key === "ArrowDown" || event.key === "ArrowUp") {
    const step = event.key === "ArrowDown" ? 1 : -1;
    open.active = (open.active + step + open.items.length) % open.items.length;
    open.render();
  } else if (event.key === "Enter" || event.key === "Tab") {
    const item = open.items[open.active];
    const { pick } = open;
    close();
    pick(item);
  } else if (event.key === "Escape") {
    close();
  } else return false;
  event.preventDefault();
  return true;
}

/**
 * A text input for an option registered with `autocomplete`: as the person types, the bot's choices for it
 * (an autocomplete interaction through the emulator) are listed; picking one fills in its value.
 * @param {HTMLInputElement} input
 * @param {{ name: string }} option
 * @param {{ command: { name: string }; sub?: { name: string }; group?: { name: string } | null }} choice
 */
export function withAutocomplete(input, option, choice) {
  let asked = 0;
  const ask = async () => {
    const ticket = ++asked;
    try {
      const target = inDm() ? { dm: true } : { channel: state.channel, guild: guild().id };
      const { choices } = await api("autocomplete", {
        name: choice.command.name,
        ...(choice.sub
          ? { subcommand: choice.group ? [choice.group.name, choice.sub.name] : choice.sub.name }
          : {}),
        focused: option.name,
        typed: input.value,
        user: state.user,
        ...target,
      });
      // An answer to an older keystroke is not what the box holds any more.
      if (ticket !== asked || document.activeElement !== input) return;
      const items = choices.map((c) => ({ title: c.name, value: String(c.value) }));
      show(
        items.length ? `Suggestions for ${option.name}` : "",
        items,
        (item) => {
          input.value = item.value;
        },
        input,
      );
      showError(null);
    } catch (error) {
      showError(error);
    }
  };
  input.setAttribute("aria-autocomplete", "list");
  input.addEventListener("input", ask);
  input.addEventListener("focus", ask);
  closeOnBlur(input);
  input.addEventListener("keydown", (event) => listKeys(event));
  return input;
}
