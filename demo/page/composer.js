// @ts-check
// The composer: every command the bot registered, with inputs rendered from its option definitions, and
// plain DMs with an optional file.
import { h } from "./dom.js";
import { $, OPTION_TYPES, api, groupDm, guild, inDm, showError, state } from "./shared.js";
import { withAutocomplete } from "./suggestion-list.js";

/** The composer's choices: every registered command, plus a plain message in DMs. */
export function composerChoices() {
  const choices = [];
  if (inDm()) choices.push({ key: "message", label: "Message" });
  for (const command of state.commands) {
    const nested = (command.options ?? []).filter((o) => o.type === 1 || o.type === 2);
    if (nested.length === 0) choices.push({ key: command.name, label: `/${command.name}`, command });
    for (const option of nested) {
      // A sub-command group (type 2) holds sub-commands: each is a choice of its own.
      const group = option.type === 2 ? option : null;
      for (const sub of group ? (group.options ?? []) : [option]) {
        const path = group ? `${group.name} ${sub.name}` : sub.name;
        choices.push({
          key: `${command.name} ${path}`,
          label: `/${command.name} ${path}`,
          command,
          sub,
          group,
        });
      }
    }
  }
  return choices;
}

function optionInput(option, choice) {
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
    if (option.autocomplete) withAutocomplete(input, option, choice);
  }
  const wide = option.type === OPTION_TYPES.STRING && !option.choices?.length;
  return h("label", { class: `option${wide ? " wide" : ""}`, title: option.description ?? "" }, label, input);
}

export function renderComposer() {
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
    options.replaceChildren(...specs.map((spec) => optionInput(spec, choice)));
  }
}

/**
 * The composer's input (or select) named `name`.
 * @param {HTMLFormElement} form
 * @param {string} name
 */
function formInput(form, name) {
  return /** @type {HTMLInputElement} */ (form.elements.namedItem(name));
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

export async function submit(event) {
  event.preventDefault();
  // As in Discord, sending jumps to the newest messages.
  state.stickToBottom = true;
  const choice = composerChoices().find((c) => c.key === state.commandKey);
  if (!choice) return;
  const form = /** @type {HTMLFormElement} */ ($("composer"));
  try {
    if (choice.key === "message") {
      const file = await fileValue(formInput(form, "file"));
      await api("dm", {
        user: state.user,
        content: formInput(form, "content").value,
        attachments: file ? [file] : [],
      });
    } else {
      const specs = (choice.sub ? choice.sub.options : choice.command.options) ?? [];
      const options = {};
      for (const spec of specs) {
        const input = formInput(form, `opt-${spec.name}`);
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
      const target = inDm()
        ? { dm: true }
        : groupDm()
          ? { channel: state.channel }
          : { channel: state.channel, guild: guild().id };
      await api("slash", {
        name: choice.command.name,
        ...(choice.sub
          ? { subcommand: choice.group ? [choice.group.name, choice.sub.name] : choice.sub.name }
          : {}),
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
