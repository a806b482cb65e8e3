/**
 * Validates application command definitions the way Discord does on registration.
 * @see https://discord.com/developers/docs/interactions/application-commands#application-command-object
 */
import { ApplicationCommandType } from "discord-api-types/v10";
import type { FormErrors } from "../rest/api-error.js";
import {
  checkChatInputName,
  checkDescription,
  checkNameAndDescriptionLocalizations,
  checkOptions,
  COMMAND_LIMITS,
  type Path,
} from "./command-option-validation.js";
import { commandCharacters, MAX_COMMAND_CHARACTERS } from "./command-localizations.js";
import { charCount } from "./embed-validation.js";
import { isRecord } from "./json-values.js";

function checkIntArray(errors: FormErrors, path: Path, value: unknown, allowed: readonly number[]): void {
  if (value === undefined || value === null) return;
  if (!Array.isArray(value)) return errors.add(path, "BASE_TYPE_LIST", "Must be an array.");
  value.forEach((v: unknown, k) => {
    if (typeof v !== "number" || !allowed.includes(v))
      errors.add([...path, k], "BASE_TYPE_CHOICES", `Value must be one of {${allowed.join(", ")}}.`);
  });
}

/** Validates one command definition at `path`. */
export function validateCommand(errors: FormErrors, path: Path, command: unknown): void {
  if (!isRecord(command))
    return errors.add(path, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType");
  const type = command.type ?? ApplicationCommandType.ChatInput;
  if (typeof type !== "number" || !Object.values(ApplicationCommandType).includes(type)) {
    return errors.add([...path, "type"], "BASE_TYPE_CHOICES", "Value must be one of {1, 2, 3, 4}.");
  }
  if (type === ApplicationCommandType.ChatInput) {
    checkChatInputName(errors, path, command.name);
    checkDescription(errors, path, command.description);
    checkNameAndDescriptionLocalizations(errors, path, command);
    checkOptions(errors, path, command.options, 0);
    if (commandCharacters(command) > MAX_COMMAND_CHARACTERS)
      errors.add(
        path,
        "APPLICATION_COMMAND_TOO_LARGE",
        `Command exceeds maximum size (${MAX_COMMAND_CHARACTERS})`,
      );
  } else {
    if (
      typeof command.name !== "string" ||
      charCount(command.name) < 1 ||
      charCount(command.name) > COMMAND_LIMITS.name
    ) {
      errors.badLength([...path, "name"], 1, COMMAND_LIMITS.name);
    }
    if (command.description !== undefined && command.description !== "") {
      errors.add(
        [...path, "description"],
        "APPLICATION_COMMAND_CONTEXT_MENU_DESCRIPTION",
        "Context menu commands cannot have a description",
      );
    }
    if (command.options !== undefined && command.options !== null) {
      errors.add(
        [...path, "options"],
        "APPLICATION_COMMAND_CONTEXT_MENU_OPTIONS",
        "Context menu commands cannot have options",
      );
    }
  }
  const perms = command.default_member_permissions;
  if (perms !== undefined && perms !== null && (typeof perms !== "string" || !/^\d+$/.test(perms))) {
    errors.add(
      [...path, "default_member_permissions"],
      "BASE_TYPE_STRING",
      'Must be a string of permission bits, e.g. "32".',
    );
  }
  for (const key of ["dm_permission", "nsfw"] as const) {
    const v = command[key];
    if (v !== undefined && v !== null && typeof v !== "boolean")
      errors.add([...path, key], "BASE_TYPE_BOOLEAN", "Must be either true or false.");
  }
  checkIntArray(errors, [...path, "contexts"], command.contexts, [0, 1, 2]);
  checkIntArray(errors, [...path, "integration_types"], command.integration_types, [0, 1]);
}

/** Validates a bulk overwrite body (an array of commands), including unique names per type. */
export function validateCommandList(errors: FormErrors, commands: unknown): void {
  if (!Array.isArray(commands)) return errors.add([], "BASE_TYPE_LIST", "Must be an array.");
  const seen = new Set<string>();
  const counts = new Map<number, number>();
  commands.forEach((command: unknown, i) => {
    validateCommand(errors, [i], command);
    if (!isRecord(command)) return;
    const type = typeof command.type === "number" ? command.type : ApplicationCommandType.ChatInput;
    counts.set(type, (counts.get(type) ?? 0) + 1);
    const key = `${type}:${String(command.name)}`;
    if (seen.has(key))
      errors.add(
        [i, "name"],
        "APPLICATION_COMMANDS_DUPLICATE_NAME",
        "Application command names must be unique",
      );
    seen.add(key);
  });
  for (const [type, count] of counts) {
    const max =
      type === ApplicationCommandType.ChatInput
        ? COMMAND_LIMITS.chatInputCommands
        : COMMAND_LIMITS.contextMenuCommands;
    if (count > max) errors.maxLength([], max);
  }
}
