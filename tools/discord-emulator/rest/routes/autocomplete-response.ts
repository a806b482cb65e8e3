/**
 * The answer to an autocomplete interaction: callback type 8 (APPLICATION_COMMAND_AUTOCOMPLETE_RESULT) with
 * at most 25 choices, each a name of 1-100 characters and a value of the option's type (a string of at most
 * 100 characters for a string option). It is the only response an autocomplete takes, and no other
 * interaction takes it. Refused as Discord does: 400 50035 naming the field.
 * @see https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-response-object-autocomplete
 */
import {
  ApplicationCommandOptionType,
  InteractionResponseType,
  InteractionType,
  type APIApplicationCommandOptionChoice,
} from "discord-api-types/v10";
import { FormErrors } from "../api-error.js";
import type { InteractionRecord } from "../../world/interactions.js";
import { charCount } from "../../validation/embed-validation.js";

/** Most choices one answer may hold. */
export const MAX_AUTOCOMPLETE_CHOICES = 25;

/** Whether this callback is about autocomplete: an autocomplete interaction, or a type 8 answer. */
export function isAutocompleteCallback(record: InteractionRecord, type: unknown): boolean {
  return (
    record.type === InteractionType.ApplicationCommandAutocomplete ||
    type === InteractionResponseType.ApplicationCommandAutocompleteResult
  );
}

function typeError(type: unknown, why: string): never {
  const errors = new FormErrors();
  errors.add(["type"], "INTERACTION_RESPONSE_TYPE_INVALID", `${String(type)}: ${why}`);
  errors.throwIfAny();
  throw new Error("unreachable");
}

/** Checks one choice's value against the option's type. */
function checkValue(errors: FormErrors, path: (string | number)[], value: unknown, optionType: number): void {
  if (optionType === ApplicationCommandOptionType.String) {
    if (typeof value !== "string") errors.add(path, "BASE_TYPE_STRING", "This field must be a string.");
    else if (charCount(value) < 1 || charCount(value) > 100) errors.badLength(path, 1, 100);
  } else if (optionType === ApplicationCommandOptionType.Integer) {
    if (typeof value !== "number" || !Number.isSafeInteger(value))
      errors.add(path, "NUMBER_TYPE_COERCE", "Value is not int.");
  } else if (typeof value !== "number" || !Number.isFinite(value)) {
    errors.add(path, "NUMBER_TYPE_COERCE", "Value is not a valid number.");
  }
}

/**
 * Applies an autocomplete answer to `record` (its choices, for the user to see).
 * @throws {ApiError} 400 50035 for a type 8 answer to another interaction, another answer to an
 *   autocomplete, or choices Discord refuses.
 */
export function respondAutocomplete(
  record: InteractionRecord,
  body: { type?: unknown; data?: unknown },
): void {
  if (record.type !== InteractionType.ApplicationCommandAutocomplete)
    typeError(body.type, "only autocomplete interactions take autocomplete results");
  if (body.type !== InteractionResponseType.ApplicationCommandAutocompleteResult)
    typeError(body.type, "an autocomplete interaction takes only an autocomplete result (8)");
  const data = (body.data ?? {}) as { choices?: unknown };
  const errors = new FormErrors();
  if (!Array.isArray(data.choices)) {
    errors.required(["data", "choices"]);
    errors.throwIfAny();
  }
  const choices = data.choices as unknown[];
  if (choices.length > MAX_AUTOCOMPLETE_CHOICES)
    errors.maxLength(["data", "choices"], MAX_AUTOCOMPLETE_CHOICES);
  const optionType = record.autocomplete?.option.type ?? ApplicationCommandOptionType.String;
  for (const [i, raw] of choices.entries()) {
    const choice = (raw ?? {}) as { name?: unknown; value?: unknown };
    const path = ["data", "choices", i];
    if (typeof choice.name !== "string" || charCount(choice.name) < 1 || charCount(choice.name) > 100)
      errors.badLength([...path, "name"], 1, 100);
    checkValue(errors, [...path, "value"], choice.value, optionType);
  }
  errors.throwIfAny();
  if (record.autocomplete)
    record.autocomplete.choices = structuredClone(choices) as APIApplicationCommandOptionChoice[];
}
