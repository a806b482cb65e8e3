// @ts-check
// A modal the bot opens in answer to a click (interaction response type 9), shown as Discord's client shows
// it: a dialog with the bot's title, its text and fields, Submit sending the values back (a MODAL_SUBMIT interaction),
// Cancel closing it, which Discord tells the bot nothing about.
import { h } from "./dom.js";
import { inline } from "./render.js";
import { api, state } from "./shared.js";

const TEXT_INPUT = 4;
const STRING_SELECT = 3;
const ACTION_ROW = 1;
const LABEL = 18;
const TEXT_DISPLAY = 10;

/** Waits (Discord's 3 seconds) for the bot to answer the interaction; opens its modal if it sent one. */
export async function openModalIfAny(view) {
  let current = view;
  const deadline = Date.now() + 3500;
  while (!current.acknowledgement && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    current = await api(`interaction?id=${encodeURIComponent(current.id)}`);
  }
  if (current.modal) showModal(current.id, current.modal);
}

/** One field: its label (a Label's, else the text input's own), its input, and how to read its value. */
function field(input, label, description) {
  const id = `modal-field-${input.custom_id}`;
  let control;
  if (input.type === TEXT_INPUT) {
    const attrs = {
      id,
      name: input.custom_id,
      required: input.required !== false,
      minlength: input.min_length,
      maxlength: input.max_length,
      placeholder: input.placeholder,
    };
    control =
      input.style === 2 ? h("textarea", { ...attrs, rows: 5 }) : h("input", { ...attrs, type: "text" });
    control.value = input.value ?? "";
  } else if (input.type === STRING_SELECT) {
    control = h(
      "select",
      { id, name: input.custom_id, multiple: (input.max_values ?? 1) > 1 },
      input.options.map((o) => h("option", { value: o.value, selected: o.default === true }, o.label)),
    );
  } else {
    return null;
  }
  const read = () =>
    control instanceof HTMLSelectElement ? [...control.selectedOptions].map((o) => o.value) : control.value;
  const node = h(
    "div",
    { class: "modal-field" },
    h(
      "label",
      { for: id },
      label ?? input.label ?? "",
      input.required === false ? "" : h("span", { class: "required" }, " *"),
    ),
    description ? h("div", { class: "modal-description" }, description) : null,
    control,
  );
  return { node, id: input.custom_id, read };
}

/** The fields of a modal: text inputs in action rows, or any input inside a Label. */
function fieldsOf(modal) {
  return (modal.components ?? [])
    .flatMap((node) => {
      if (node.type === ACTION_ROW) return (node.components ?? []).map((input) => field(input));
      if (node.type === LABEL && node.component) return [field(node.component, node.label, node.description)];
      return [];
    })
    .filter((f) => f !== null);
}

/** Shows the modal of interaction `interactionId` and submits it as the selected user. */
function showModal(interactionId, modal) {
  const fields = fieldsOf(modal);
  const error = h("div", { class: "modal-error", role: "alert" });
  const dialog = h(
    "dialog",
    { class: "modal", "aria-label": modal.title },
    h(
      "form",
      { method: "dialog" },
      h("header", { class: "modal-title" }, modal.title),
      (modal.components ?? [])
        .filter((node) => node.type === TEXT_DISPLAY)
        .map((node) => h("div", { class: "modal-text" }, ...inline(node.content ?? "", state.users))),
      fields.map((f) => f.node),
      error,
      h(
        "footer",
        { class: "modal-buttons" },
        h("button", { type: "button", class: "modal-cancel", onclick: () => dialog.close() }, "Cancel"),
        h("button", { type: "submit", class: "modal-submit" }, "Submit"),
      ),
    ),
  );
  const form = /** @type {HTMLFormElement} */ (dialog.querySelector("form"));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const values = Object.fromEntries(fields.map((f) => [f.id, f.read()]));
    try {
      await api("modal", { interaction: interactionId, user: state.user, values });
      dialog.close();
    } catch (e) {
      error.textContent = e instanceof Error ? e.message : String(e);
    }
  });
  dialog.addEventListener("close", () => dialog.remove());
  document.body.append(dialog);
  /** @type {HTMLDialogElement} */ (dialog).showModal();
}
