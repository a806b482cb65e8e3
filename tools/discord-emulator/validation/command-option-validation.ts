/**
 * Validates the options of application commands (names, descriptions, nesting, required order, choices,
 * string lengths) the way Discord does on registration.
 * @see https://discord.com/developers/docs/interactions/application-commands#application-command-object-application-command-option-structure
 */
import { ApplicationCommandOptionType, ChannelType } from "discord-api-types/v10";
import type { FormErrors } from "../rest/api-error.js";
import { checkLocalizations, checkUniqueLocalizedNames } from "./command-localizations.js";
import { charCount } from "./embed-validation.js";
import { isRecord } from "./json-values.js";

/** Discord's command limits. */
export const COMMAND_LIMITS = {
  name: 32,
  description: 100,
  options: 25,
  choices: 25,
  choiceName: 100,
  choiceValue: 100,
  stringLength: 6000,
  chatInputCommands: 100,
  contextMenuCommands: 15,
} as const;

/** A path into the errors tree. */
export type Path = (string | number)[];

/** Chat input names: lowercase letters (any script), digits, `-`, `_` and `'`. */
export const CHAT_INPUT_NAME = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

/** Whether a chat input (command or option) name, or a localised one, is valid. */
export function isChatInputName(name: string): boolean {
  return CHAT_INPUT_NAME.test(name) && name === name.toLowerCase();
}

/** Checks the name and description localisations of a command or option at `path`. */
export function checkNameAndDescriptionLocalizations(
  errors: FormErrors,
  path: Path,
  item: Record<string, unknown>,
): void {
  checkLocalizations(errors, path, "name_localizations", item.name_localizations, {
    kind: "name",
    check: isChatInputName,
    max: COMMAND_LIMITS.name,
  });
  checkLocalizations(errors, path, "description_localizations", item.description_localizations, {
    kind: "text",
    max: COMMAND_LIMITS.description,
  });
}

/** Checks a chat-input command or option name. */
export function checkChatInputName(errors: FormErrors, path: Path, name: unknown): void {
  if (typeof name !== "string") {
    errors.required([...path, "name"]);
    return;
  }
  const length = charCount(name);
  if (length < 1 || length > COMMAND_LIMITS.name) errors.badLength([...path, "name"], 1, COMMAND_LIMITS.name);
  else if (!isChatInputName(name)) {
    errors.add([...path, "name"], "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid");
  }
}

/** Checks a description of 1-100 characters. */
export function checkDescription(errors: FormErrors, path: Path, description: unknown): void {
  if (typeof description !== "string") errors.required([...path, "description"]);
  else {
    const length = charCount(description);
    if (length < 1 || length > COMMAND_LIMITS.description)
      errors.badLength([...path, "description"], 1, COMMAND_LIMITS.description);
  }
}

function checkIntegerIn(errors: FormErrors, path: Path, value: unknown, min: number, max: number): void {
  if (value === undefined || value === null) return;
  if (typeof value !== "number" || !Number.isInteger(value))
    errors.add(path, "NUMBER_TYPE_COERCE", `Value "${String(value)}" is not int.`);
  else if (value < min)
    errors.add(path, "NUMBER_TYPE_MIN", `int value should be greater than or equal to ${min}.`);
  else if (value > max)
    errors.add(path, "NUMBER_TYPE_MAX", `int value should be less than or equal to ${max}.`);
}

function checkChoices(errors: FormErrors, path: Path, option: Record<string, unknown>): void {
  const choices = option.choices;
  if (choices === undefined || choices === null) return;
  const type = option.type;
  if (
    type !== ApplicationCommandOptionType.String &&
    type !== ApplicationCommandOptionType.Integer &&
    type !== ApplicationCommandOptionType.Number
  ) {
    errors.add(
      [...path, "choices"],
      "APPLICATION_COMMAND_OPTION_CHOICES_NOT_ALLOWED",
      "Choices are only allowed on string, integer and number options",
    );
    return;
  }
  if (!Array.isArray(choices) || choices.length > COMMAND_LIMITS.choices) {
    errors.maxLength([...path, "choices"], COMMAND_LIMITS.choices);
    return;
  }
  if (option.autocomplete === true && choices.length > 0) {
    errors.add(
      [...path, "autocomplete"],
      "APPLICATION_COMMAND_AUTOCOMPLETE_CHOICES",
      "Autocomplete cannot be set with choices",
    );
  }
  choices.forEach((choice: unknown, k) => {
    const choicePath = [...path, "choices", k];
    if (!isRecord(choice)) return errors.required(choicePath);
    if (
      typeof choice.name !== "string" ||
      charCount(choice.name) < 1 ||
      charCount(choice.name) > COMMAND_LIMITS.choiceName
    ) {
      errors.badLength([...choicePath, "name"], 1, COMMAND_LIMITS.choiceName);
    }
    checkLocalizations(errors, choicePath, "name_localizations", choice.name_localizations, {
      kind: "text",
      max: COMMAND_LIMITS.choiceName,
    });
    const value = choice.value;
    if (type === ApplicationCommandOptionType.String) {
      if (
        typeof value !== "string" ||
        charCount(value) < 1 ||
        charCount(value) > COMMAND_LIMITS.choiceValue
      ) {
        errors.badLength([...choicePath, "value"], 1, COMMAND_LIMITS.choiceValue);
      }
    } else if (
      typeof value !== "number" ||
      (type === ApplicationCommandOptionType.Integer && !Number.isSafeInteger(value))
    ) {
      errors.add(
        [...choicePath, "value"],
        "NUMBER_TYPE_COERCE",
        `Value "${String(value)}" is not ${type === ApplicationCommandOptionType.Integer ? "int" : "a number"}.`,
      );
    }
  });
}

const CHANNEL_TYPES = Object.values(ChannelType).filter((v) => typeof v === "number");

/** A channel option's `channel_types`: channel types Discord has. */
function checkChannelTypes(errors: FormErrors, path: Path, value: unknown): void {
  if (value === undefined || value === null) return;
  if (!Array.isArray(value))
    return errors.add([...path, "channel_types"], "BASE_TYPE_LIST", "Must be an array.");
  value.forEach((type: unknown, k) => {
    if (!CHANNEL_TYPES.includes(type as number))
      errors.add(
        [...path, "channel_types", k],
        "BASE_TYPE_CHOICES",
        `Value must be one of {${[...new Set(CHANNEL_TYPES)].join(", ")}}.`,
      );
  });
}

/** Checks an `options` array at `path` (depth 0 for a command's own options). */
export function checkOptions(errors: FormErrors, path: Path, options: unknown, depth: number): void {
  if (options === undefined || options === null) return;
  if (!Array.isArray(options)) return errors.add([...path, "options"], "BASE_TYPE_LIST", "Must be an array.");
  if (options.length > COMMAND_LIMITS.options)
    return errors.maxLength([...path, "options"], COMMAND_LIMITS.options);
  const names = new Set<string>();
  let optionalSeen = false;
  const isSub = (o: unknown) =>
    isRecord(o) &&
    (o.type === ApplicationCommandOptionType.Subcommand ||
      o.type === ApplicationCommandOptionType.SubcommandGroup);
  if (options.some(isSub) && !options.every(isSub)) {
    errors.add(
      [...path, "options"],
      "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
      "Sub-commands and sub-command groups cannot be mixed with other options",
    );
  }
  checkUniqueLocalizedNames(errors, path, options);
  options.forEach((option: unknown, j) => {
    const optionPath = [...path, "options", j];
    if (!isRecord(option)) return errors.required(optionPath);
    const type = option.type;
    if (typeof type !== "number" || !Object.values(ApplicationCommandOptionType).includes(type)) {
      return errors.add(
        [...optionPath, "type"],
        "BASE_TYPE_CHOICES",
        "Value must be one of {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}.",
      );
    }
    checkChatInputName(errors, optionPath, option.name);
    checkDescription(errors, optionPath, option.description);
    checkNameAndDescriptionLocalizations(errors, optionPath, option);
    if (typeof option.name === "string") {
      if (names.has(option.name))
        errors.add(
          [...optionPath, "name"],
          "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
          "Option names must be unique",
        );
      names.add(option.name);
    }
    if (type === ApplicationCommandOptionType.SubcommandGroup) {
      if (depth > 0)
        errors.add(
          [...optionPath, "type"],
          "APPLICATION_COMMAND_OPTION_TYPE_INVALID",
          "Sub-command groups cannot be nested",
        );
      if (
        !Array.isArray(option.options) ||
        !option.options.every(
          (o: unknown) => isRecord(o) && o.type === ApplicationCommandOptionType.Subcommand,
        )
      ) {
        errors.add(
          [...optionPath, "options"],
          "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
          "A sub-command group may only contain sub-commands",
        );
      }
      return checkOptions(errors, optionPath, option.options, depth + 1);
    }
    if (type === ApplicationCommandOptionType.Subcommand) {
      if (depth > 1)
        errors.add(
          [...optionPath, "type"],
          "APPLICATION_COMMAND_OPTION_TYPE_INVALID",
          "Sub-commands are nested too deep",
        );
      return checkOptions(errors, optionPath, option.options, depth + 1);
    }
    if (option.required === true && optionalSeen) {
      errors.add(
        [...path, "options"],
        "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
        "Required options must be placed before non-required options",
      );
    }
    if (option.required !== true) optionalSeen = true;
    checkChoices(errors, optionPath, option);
    checkChannelTypes(errors, optionPath, option.channel_types);
    if (type === ApplicationCommandOptionType.String) {
      checkIntegerIn(
        errors,
        [...optionPath, "min_length"],
        option.min_length,
        0,
        COMMAND_LIMITS.stringLength,
      );
      checkIntegerIn(
        errors,
        [...optionPath, "max_length"],
        option.max_length,
        1,
        COMMAND_LIMITS.stringLength,
      );
    } else if (option.min_length !== undefined || option.max_length !== undefined) {
      errors.add(
        optionPath,
        "APPLICATION_COMMAND_OPTION_LENGTH_NOT_ALLOWED",
        "min_length and max_length are only allowed on string options",
      );
    }
  });
}
