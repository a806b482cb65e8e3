// @ts-check
// Typing `/` lists the commands as Discord's client does (name and description, filtered by what follows the
// slash); picking one opens its options in the composer.
import { composerChoices, renderComposer } from "./composer.js";
import { close, closeOnBlur, listKeys, listOwner, show } from "./suggestion-list.js";
import { $, showError, state } from "./shared.js";

/** The commands matching what follows `/` in `text`, as Discord lists them: name, then description. */
function commandsMatching(text) {
  const typed = text.slice(1).trim().toLowerCase();
  return composerChoices()
    .filter((c) => c.command)
    .filter((c) => c.key.toLowerCase().startsWith(typed) || c.key.toLowerCase().includes(` ${typed}`))
    .map((c) => ({
      title: c.label,
      detail: (c.sub ?? c.command).description ?? "",
      key: c.key,
    }));
}

/** Wires the `/` box: typing `/` lists the commands; picking one shows its options in the composer. */
export function installSlashPicker() {
  const input = /** @type {HTMLInputElement} */ ($("slash"));
  const update = () => {
    if (!input.value.startsWith("/")) {
      if (listOwner() === input) close();
      return;
    }
    show(
      "Commands",
      commandsMatching(input.value),
      (item) => {
        state.commandKey = item.key;
        input.value = "";
        renderComposer();
        const first = /** @type {HTMLElement | null} */ ($("options").querySelector("input, select"));
        (first ?? input).focus();
      },
      input,
    );
  };
  input.addEventListener("input", update);
  input.addEventListener("focus", update);
  closeOnBlur(input);
  input.addEventListener("keydown", (event) => {
    if (listKeys(event)) return;
    if (event.key === "Enter") {
      event.preventDefault();
      showError(input.value.startsWith("/") ? null : new Error("Type / to pick a command"));
    }
  });
}
