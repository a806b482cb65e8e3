/**
 * Slash command names and descriptions in every language: `name_localizations` and
 * `description_localizations` of each command, option and sub-command, and `name_localizations` of each
 * choice, from the texts `command.<command>[.<option>…].name|description` and
 * `command.<command>.<option>.choice.<value>`. A language without a text leaves that locale out (Discord
 * then shows the English one). Every language's texts are read the first time a command is localized (by
 * `npm run deploy`, not by a running bot).
 * @see https://discord.com/developers/docs/interactions/application-commands#localization
 */
import type {
  APIApplicationCommandOption,
  LocalizationMap,
  RESTPostAPIChatInputApplicationCommandsJSONBody,
} from "discord-api-types/v10";
import { DISCORD_LOCALES, type Language } from "./languages.js";
import { allTranslations } from "./load-translations.js";
import type { Translations } from "./text-keys.js";

// Read on the first localization and kept: a deploy localizes every command, option and choice.
let translations: Readonly<Record<Language, Translations>> | undefined;

/** The localizations of text `key` for every Discord locale of every language that has it. */
function localizations(key: string): LocalizationMap | undefined {
  const map: LocalizationMap = {};
  translations ??= allTranslations();
  for (const [language, locales] of Object.entries(DISCORD_LOCALES) as [Language, readonly string[]][]) {
    const text = (translations[language] as Readonly<Record<string, string | undefined>>)[key];
    if (text === undefined) continue;
    for (const locale of locales) map[locale as keyof LocalizationMap] = text;
  }
  return Object.keys(map).length === 0 ? undefined : map;
}

/** The name localizations of text `key` (a message command's name), or undefined when no language has it. */
export function nameLocalizations(key: string): LocalizationMap | undefined {
  return localizations(key);
}

function localize<T extends { name: string; description?: string | undefined }>(item: T, path: string): T {
  const names = localizations(`${path}.name`);
  const descriptions = item.description === undefined ? undefined : localizations(`${path}.description`);
  return {
    ...item,
    ...(names ? { name_localizations: names } : {}),
    ...(descriptions ? { description_localizations: descriptions } : {}),
  };
}

function localizeOption(option: APIApplicationCommandOption, parent: string): APIApplicationCommandOption {
  const path = `${parent}.${option.name}`;
  const localized: Record<string, unknown> = { ...localize(option, path) };
  if ("options" in option && option.options) {
    localized["options"] = option.options.map((o: APIApplicationCommandOption) => localizeOption(o, path));
  }
  if ("choices" in option && option.choices) {
    localized["choices"] = option.choices.map((choice) => {
      const names = localizations(`${path}.choice.${String(choice.value)}`);
      return names ? { ...choice, name_localizations: names } : choice;
    });
  }
  return localized as unknown as APIApplicationCommandOption;
}

/** `body` with the localizations of its names, descriptions and choices added (see the module comment). */
export function localizeCommand(
  body: RESTPostAPIChatInputApplicationCommandsJSONBody,
): RESTPostAPIChatInputApplicationCommandsJSONBody {
  const path = `command.${body.name}`;
  const localized = localize(body, path);
  if (body.options) localized.options = body.options.map((option) => localizeOption(option, path));
  return localized;
}
