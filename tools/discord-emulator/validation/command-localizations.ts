/**
 * Validates the localisations of application commands, options and choices as Discord does: keys from
 * Discord's locale list only, localised names under the same rules as names, localised descriptions 1-100
 * characters, option names unique in every locale; and the 8,000 characters a whole command may hold.
 * A bulk overwrite fails whole when one of them is wrong.
 * @see https://discord.com/developers/docs/interactions/application-commands#localization
 * @see https://discord.com/developers/docs/reference#locales
 */
import type { FormErrors } from "../rest/api-error.js";
import { discordSpec } from "../schema/discord-spec.js";
import { charCount } from "./embed-validation.js";
import { isRecord } from "./json-values.js";

/** A path into the errors tree. */
type Path = (string | number)[];

/** The most characters a command's names, descriptions and choice values may hold, all together. */
export const MAX_COMMAND_CHARACTERS = 8000;

let locales: readonly string[] | null = null;

/** Discord's locales, from its API description (`AvailableLocalesEnum`). */
export function availableLocales(): readonly string[] {
  if (locales) return locales;
  const schema = discordSpec().schemas.get("AvailableLocalesEnum");
  const values = (schema?._zod.def as { values?: unknown[] } | undefined)?.values;
  if (!values?.every((v) => typeof v === "string"))
    throw new Error("discord-api-spec has no AvailableLocalesEnum of strings");
  locales = values;
  return locales;
}

/** What a localised value must be: a name (checked like names) or text of 1 to `max` characters. */
export type LocalizedValueCheck =
  { kind: "name"; check: (value: string) => boolean; max: number } | { kind: "text"; max: number };

/** Checks a `name_localizations` or `description_localizations` dictionary at `[...path, field]`. */
export function checkLocalizations(
  errors: FormErrors,
  path: Path,
  field: string,
  value: unknown,
  rule: LocalizedValueCheck,
): void {
  if (value === undefined || value === null) return;
  if (!isRecord(value))
    return errors.add([...path, field], "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType");
  const known = availableLocales();
  for (const [locale, text] of Object.entries(value)) {
    const at = [...path, field, locale];
    if (!known.includes(locale)) {
      errors.add(at, "BASE_TYPE_CHOICES", `Value must be one of (${known.map((l) => `'${l}'`).join(", ")}).`);
      continue;
    }
    if (typeof text !== "string") {
      errors.add(at, "BASE_TYPE_STRING", "Could not interpret value as string.");
      continue;
    }
    const length = charCount(text);
    if (length < 1 || length > rule.max) errors.badLength(at, 1, rule.max);
    else if (rule.kind === "name" && !rule.check(text))
      errors.add(at, "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid");
  }
}

/**
 * Option names must be unique in every locale too: a localised name may not equal another option's name
 * (or localised name) in the same locale. Errors at `options.N.name_localizations.LOCALE` (or `.name` when
 * the later option is not localised there).
 */
export function checkUniqueLocalizedNames(errors: FormErrors, path: Path, options: unknown[]): void {
  /** locale -> effective name -> the default name of the option that has it. */
  const seen = new Map<string, Map<string, string>>();
  const reported = new Set<string>();
  options.forEach((option, j) => {
    if (!isRecord(option) || typeof option.name !== "string") return;
    const own = option.name;
    const localized = isRecord(option.name_localizations) ? option.name_localizations : {};
    for (const locale of availableLocales()) {
      const text = localized[locale];
      const name = typeof text === "string" ? text : own;
      const names = seen.get(locale) ?? new Map<string, string>();
      const other = names.get(name);
      // Equal default names are the option-name rule's error, not this one's.
      const at =
        typeof text === "string"
          ? [...path, "options", j, "name_localizations", locale]
          : [...path, "options", j, "name"];
      if (other !== undefined && other !== own && !reported.has(at.join("."))) {
        reported.add(at.join("."));
        errors.add(at, "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS", "Option names must be unique");
      }
      names.set(name, own);
      seen.set(locale, names);
    }
  });
}

/** The longest of a field and its localisations, in characters. */
function longest(record: Record<string, unknown>, field: string): number {
  const texts = [
    record[field],
    ...Object.values(
      isRecord(record[`${field}_localizations`])
        ? (record[`${field}_localizations`] as Record<string, unknown>)
        : {},
    ),
  ];
  return Math.max(0, ...texts.map((t) => (typeof t === "string" ? charCount(t) : 0)));
}

/** The characters a command or option counts towards {@link MAX_COMMAND_CHARACTERS}. */
export function commandCharacters(item: Record<string, unknown>): number {
  let total = longest(item, "name") + longest(item, "description");
  for (const choice of Array.isArray(item.choices) ? item.choices : [])
    if (isRecord(choice)) total += longest(choice, "name") + charCount(String(choice.value ?? ""));
  for (const option of Array.isArray(item.options) ? item.options : [])
    if (isRecord(option)) total += commandCharacters(option);
  return total;
}
