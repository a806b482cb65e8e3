/**
 * What emulated users do with a modal the bot opened: fill in its fields and submit it, once. Refuses what a
 * Discord client would not send: no modal open, someone else's modal, a field the modal does not have, a
 * required field left empty, a value outside the field's length or options.
 * @see https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-object-modal-submit-data-structure
 */
import { ComponentType, InteractionType } from "discord-api-types/v10";
import type { EmulatorContext } from "../context.js";
import type { ChangeWaiters } from "../wait-for.js";
import { interactionHandle, type InteractionHandle } from "./interaction-handle.js";
import { dispatchInteraction } from "./interaction-payloads.js";
import { messageObject } from "./message-objects.js";
import type { UserRef } from "./world-types.js";

/** Input of `emu.submitModal`. */
export interface ModalSubmitInput {
  /** The interaction the bot answered with the modal (handle or id). */
  interaction: InteractionHandle | string;
  user: UserRef;
  /** Values by field custom id: text for text inputs, chosen option values for select menus. */
  values: Record<string, string | string[]>;
}

interface ModalField {
  type: number;
  custom_id?: string;
  required?: boolean;
  min_length?: number;
  max_length?: number;
  options?: { value: string }[];
  min_values?: number;
  max_values?: number;
}

interface ModalNode {
  type: number;
  id?: number;
  components?: ModalField[];
  component?: ModalField;
}

function checkField(field: ModalField, value: string | string[] | undefined): string | string[] | null {
  const id = field.custom_id ?? "";
  if (field.type === ComponentType.TextInput) {
    const text = value === undefined ? "" : value;
    if (typeof text !== "string") throw new Error(`Modal field "${id}" is a text input: give a string`);
    const required = field.required ?? true;
    if (text === "" && required) throw new Error(`Modal field "${id}" is required`);
    if (text !== "" && (text.length < (field.min_length ?? 0) || text.length > (field.max_length ?? 4000))) {
      throw new Error(
        `Modal field "${id}" takes ${field.min_length ?? 0}-${field.max_length ?? 4000} characters`,
      );
    }
    return text;
  }
  if (field.type === ComponentType.StringSelect) {
    const values = value === undefined ? [] : Array.isArray(value) ? value : [value];
    const allowed = new Set((field.options ?? []).map((o) => o.value));
    const bad = values.filter((v) => !allowed.has(v));
    if (bad.length > 0) throw new Error(`Modal field "${id}" has no option ${bad.join(", ")}`);
    const min = field.required === false ? 0 : (field.min_values ?? 1);
    if (values.length < min || values.length > (field.max_values ?? 1)) {
      throw new Error(
        `Modal field "${id}" takes ${min}-${field.max_values ?? 1} values, got ${values.length}`,
      );
    }
    return values;
  }
  return null;
}

/** The submitted value of one field, shaped as Discord sends it. */
function submitted(field: ModalField, value: string | string[]) {
  return typeof value === "string"
    ? { type: field.type, custom_id: field.custom_id, value }
    : { type: field.type, custom_id: field.custom_id, values: value };
}

/** The `components` of a modal submit: the modal's rows and labels, each input with its value. */
function submittedComponents(modal: { components?: ModalNode[] }, values: ModalSubmitInput["values"]) {
  const known = new Set<string>();
  const rows = (modal.components ?? []).flatMap((node): unknown[] => {
    if (node.type === ComponentType.ActionRow) {
      const inputs = (node.components ?? []).flatMap((field) => {
        const value = checkField(field, values[field.custom_id ?? ""]);
        known.add(field.custom_id ?? "");
        return value === null ? [] : [submitted(field, value)];
      });
      return [{ type: node.type, components: inputs }];
    }
    if (node.type === ComponentType.Label && node.component) {
      const value = checkField(node.component, values[node.component.custom_id ?? ""]);
      known.add(node.component.custom_id ?? "");
      return value === null
        ? []
        : [{ type: node.type, id: node.id, component: submitted(node.component, value) }];
    }
    return [];
  });
  const unknown = Object.keys(values).filter((id) => !known.has(id));
  if (unknown.length > 0) throw new Error(`The modal has no field ${unknown.join(", ")}`);
  return rows;
}

/** A user fills in and submits the modal the bot opened in answer to `input.interaction`. */
export function submitModal(
  ctx: EmulatorContext,
  waiters: ChangeWaiters,
  input: ModalSubmitInput,
): InteractionHandle {
  const openerId = typeof input.interaction === "string" ? input.interaction : input.interaction.id;
  const opener = ctx.interactions.byId(openerId);
  if (!opener) throw new Error(`No interaction ${openerId}`);
  const modal = opener.modal as { custom_id?: string; components?: ModalNode[] } | null;
  if (!modal) throw new Error(`The bot opened no modal in answer to interaction ${openerId}`);
  if (opener.modalSubmitted) throw new Error(`The modal of interaction ${openerId} was already submitted`);
  const user = ctx.world.requireUser(input.user);
  if (user.id !== opener.userId)
    throw new Error(`The modal of interaction ${openerId} is not ${user.username}'s`);
  const components = submittedComponents(modal, input.values);
  const channel = ctx.world.requireChannel(opener.channelId);
  const source = opener.sourceMessageId ? ctx.messages.get(opener.sourceMessageId) : undefined;
  opener.modalSubmitted = true;
  const record = dispatchInteraction(
    ctx,
    { user, channel },
    InteractionType.ModalSubmit,
    { custom_id: modal.custom_id, components },
    {
      commandName: null,
      sourceMessageId: source && !source.deleted ? source.id : null,
      ...(source && !source.deleted ? { message: messageObject(ctx.world, ctx.messages, source) } : {}),
    },
  );
  return interactionHandle(ctx, waiters, record);
}
