/**
 * The texts of the languages other than English, read from their JSON files (`locales/de.json`…) when first
 * needed: the bot keeps only English and the languages its members use in memory, and `npm run deploy`
 * reads them all for the command localizations. English is `locales/en.ts`, the source of the key types.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { LANGUAGES, type Language } from "./languages.js";
import { en } from "./locales/en.js";
import type { Translations } from "./text-keys.js";

/** A language whose texts are in a JSON file (every language but English). */
export type LocaleFileLanguage = Exclude<Language, "en">;

/** Reads a locale file's text (`readFileSync` unless a test reads otherwise). */
export type ReadLocaleFile = (file: URL) => string;

const readUtf8: ReadLocaleFile = (file) => readFileSync(file, "utf8");

/** The JSON file of `language`'s texts, beside this module (in `src/` and in `dist/` alike). */
export function localeFile(language: LocaleFileLanguage): URL {
  return new URL(`./locales/${language.toLowerCase()}.json`, import.meta.url);
}

/** The reason `value` is not a language's texts (an object of strings), or `undefined` when it is. */
function notTexts(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "not a JSON object";
  const bad = Object.entries(value).find(([, text]) => typeof text !== "string");
  return bad ? `the value of "${bad[0]}" is not a string` : undefined;
}

/**
 * The texts of `language`, read from {@link localeFile} now. Throws an Error naming the file when it cannot
 * be read, is not JSON or is not an object of strings: a language never silently shows English instead.
 */
export function loadTranslations(
  language: LocaleFileLanguage,
  read: ReadLocaleFile = readUtf8,
): Translations {
  const file = localeFile(language);
  const fail = (reason: string, cause?: unknown): never => {
    throw new Error(`cannot load the ${language} texts from ${fileURLToPath(file)}: ${reason}`, { cause });
  };
  let texts: unknown;
  try {
    texts = JSON.parse(read(file)) as unknown;
  } catch (err) {
    return fail(err instanceof Error ? err.message : String(err), err);
  }
  const reason = notTexts(texts);
  return reason === undefined ? (texts as Translations) : fail(reason);
}

/** Every language's texts, each file read now (for `npm run deploy`'s command localizations, and tests). */
export function allTranslations(read: ReadLocaleFile = readUtf8): Readonly<Record<Language, Translations>> {
  return Object.fromEntries(
    LANGUAGES.map((language) => [language, language === "en" ? en : loadTranslations(language, read)]),
  ) as Record<Language, Translations>;
}
