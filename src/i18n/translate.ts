/**
 * The bot's texts in its six languages, through i18next: `translator(language)` gives a function from a
 * text key (typed: a key English does not have does not compile) and its placeholders to the text, with
 * English for any key the language lacks. Plural texts take `count` and have one form per plural category
 * of the language (`_one`, `_other`, `_many`…), as i18next reads them. English is loaded with this module;
 * another language's texts are read from their file the first time a translator of it is asked for
 * (`load-translations.ts`), then kept.
 * @see https://www.i18next.com/translation-function/plurals
 */
import i18next from "i18next";
import { isLanguage, LANGUAGES, type Language } from "./languages.js";
import { loadTranslations, type LocaleFileLanguage } from "./load-translations.js";
import { en } from "./locales/en.js";
import type { ParamsArg, TextKey, TextParams, Translations } from "./text-keys.js";

export type { TextKey, TextParams, Translations };

/** A function from a text key (and its placeholders) to the text in one language. */
export interface Translator {
  <K extends TextKey>(key: K, ...params: ParamsArg<K>): string;
  readonly language: Language;
}

/** A text whose language is chosen later, when it is shown (e.g. the message of a `UserError`). */
export type LocalText = (t: Translator) => string;

/**
 * A translator factory (one i18next instance): `(language) => Translator`, English for any key a language
 * lacks. English is there from the start; another language's texts are `load`ed the first time its
 * translator is asked for (an error loading them is thrown to that caller, and the next ask tries again).
 */
export function createTranslators(
  load: (language: LocaleFileLanguage) => Translations = (language) => loadTranslations(language),
): (language: Language) => Translator {
  const i18n = i18next.createInstance();
  void i18n.init({
    initAsync: false,
    lng: "en",
    fallbackLng: "en",
    supportedLngs: [...LANGUAGES],
    // Keys are flat (`progress.title`), never `namespace:key`.
    keySeparator: false,
    nsSeparator: false,
    // Renderers escape Discord markdown themselves; HTML escaping would show `&lt;` in Discord. Values
    // (prompts, names) are never read as placeholders or `$t(…)`.
    interpolation: { escapeValue: false, skipOnVariables: true },
    resources: { en: { translation: en } },
  });
  const translatorOf = (language: Language): Translator => {
    const fixed = i18n.getFixedT(language);
    const t = (key: string, params?: Record<string, unknown>) => fixed(key, params ?? {});
    return Object.assign(t, { language }) as unknown as Translator;
  };
  const english = translatorOf("en");
  const translators = new Map<Language, Translator>([["en", english]]);
  return (language) => {
    const known = translators.get(language);
    if (known) return known;
    // A value that is no language (an old or corrupt record) answers in English, as it always has.
    if (language === "en" || !isLanguage(language)) return english;
    // Flat strings, spread into i18next's store anyway: its deep copy (a JSON round trip) would add nothing.
    i18n.addResourceBundle(language, "translation", load(language), false, false, { skipCopy: true });
    const t = translatorOf(language);
    translators.set(language, t);
    return t;
  };
}

/** The translator of `language`: the bot's texts in it, English for anything it lacks. */
export const translator = createTranslators();

/** English: the text written to logs and error messages, and the fallback of every language. */
export const english: Translator = translator("en");
