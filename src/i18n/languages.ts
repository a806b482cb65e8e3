/**
 * The languages the bot speaks, and how Discord's locales map onto them.
 * @see https://discord.com/developers/docs/reference#locales
 */
import { Locale } from "discord.js";

/** The bot's languages; English is the fallback for any missing text. */
export const LANGUAGES = ["en", "de", "fr", "es", "pt-BR", "ja"] as const;

/** One of the bot's languages. */
export type Language = (typeof LANGUAGES)[number];

/** What each language is called in itself (for choices shown to members). */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: "English",
  de: "Deutsch",
  fr: "Français",
  es: "Español",
  "pt-BR": "Português (Brasil)",
  ja: "日本語",
};

/** The Discord locales each language localises command names and descriptions for. */
export const DISCORD_LOCALES: Readonly<Record<Exclude<Language, "en">, readonly Locale[]>> = {
  de: [Locale.German],
  fr: [Locale.French],
  es: [Locale.SpanishES, Locale.SpanishLATAM],
  "pt-BR": [Locale.PortugueseBR],
  ja: [Locale.Japanese],
};

/** Whether `value` names one of the bot's languages. */
export function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The bot's language for a Discord locale (`en-GB` → `en`, `es-419` → `es`), or `undefined` when the bot
 * does not speak it (the caller falls back to English).
 */
export function languageOfLocale(locale: string | null | undefined): Language | undefined {
  if (!locale) return undefined;
  if (isLanguage(locale)) return locale;
  for (const [language, locales] of Object.entries(DISCORD_LOCALES) as [Language, readonly string[]][]) {
    if (locales.includes(locale)) return language;
  }
  return locale.startsWith("en") ? "en" : undefined;
}
