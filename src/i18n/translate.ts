/**
 * The bot's texts in its six languages, through i18next: `translator(language)` gives a function from a
 * text key (typed: a key English does not have does not compile) and its placeholders to the text, with
 * English for any key the language lacks. Plural texts take `count` and have one form per plural category
 * of the language (`_one`, `_other`, `_many`…), as i18next reads them.
 * @see https://www.i18next.com/translation-function/plurals
 */
import i18next from "i18next";
import { LANGUAGES, type Language } from "./languages.js";
import { de } from "./locales/de.js";
import { en } from "./locales/en.js";
import { es } from "./locales/es.js";
import { fr } from "./locales/fr.js";
import { ja } from "./locales/ja.js";
import { ptBR } from "./locales/pt-br.js";
import type { ParamsArg, TextKey, TextParams, Translations } from "./text-keys.js";

export type { TextKey, TextParams, Translations };

/** A function from a text key (and its placeholders) to the text in one language. */
export interface Translator {
  <K extends TextKey>(key: K, ...params: ParamsArg<K>): string;
  readonly language: Language;
}

/** A text whose language is chosen later, when it is shown (e.g. the message of a `UserError`). */
export type LocalText = (t: Translator) => string;

/** Each language's texts, as i18next loads them. */
export const TRANSLATIONS: Readonly<Record<Language, Translations>> = {
  en,
  de,
  fr,
  es,
  "pt-BR": ptBR,
  ja,
};

/**
 * A translator factory over `translations` (one i18next instance): `(language) => Translator`, English for
 * any key a language lacks.
 */
export function createTranslators(
  translations: Readonly<Record<Language, Translations>>,
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
    resources: Object.fromEntries(LANGUAGES.map((l) => [l, { translation: translations[l] }])),
  });
  const translators = new Map<Language, Translator>(
    LANGUAGES.map((language) => {
      const fixed = i18n.getFixedT(language);
      const t = (key: string, params?: Record<string, unknown>) => fixed(key, params ?? {});
      return [language, Object.assign(t, { language }) as unknown as Translator];
    }),
  );
  const english = translators.get("en") as Translator;
  return (language) => translators.get(language) ?? english;
}

/** The translator of `language`: the bot's texts in it, English for anything it lacks. */
export const translator = createTranslators(TRANSLATIONS);

/** English: the text written to logs and error messages, and the fallback of every language. */
export const english: Translator = translator("en");
