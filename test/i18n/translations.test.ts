import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { LANGUAGES, type Language } from "../../src/i18n/languages.js";
import {
  allTranslations,
  loadTranslations,
  type LocaleFileLanguage,
  type ReadLocaleFile,
} from "../../src/i18n/load-translations.js";
import de from "../../src/i18n/locales/de.json" with { type: "json" };
import { en } from "../../src/i18n/locales/en.js";
import es from "../../src/i18n/locales/es.json" with { type: "json" };
import fr from "../../src/i18n/locales/fr.json" with { type: "json" };
import ja from "../../src/i18n/locales/ja.json" with { type: "json" };
import ptBR from "../../src/i18n/locales/pt-br.json" with { type: "json" };
import { createTranslators, translator, type Translations } from "../../src/i18n/translate.js";

/**
 * A JSON locale as `tsc` reads it, checked there: its texts are strings and its keys English's (a key English
 * lacks must be `never`, which no JSON text is).
 */
function typed<T extends Translations>(texts: T & Record<Exclude<keyof T, keyof Translations>, never>): T {
  return texts;
}
const JSON_LOCALES: Readonly<Record<LocaleFileLanguage, Translations>> = {
  de: typed(de),
  fr: typed(fr),
  es: typed(es),
  "pt-BR": typed(ptBR),
  ja: typed(ja),
};
const TRANSLATIONS = allTranslations();

const PLURAL = /_(zero|one|two|few|many|other)$/;
const englishKeys = Object.keys(en) as (keyof typeof en)[];
const pluralBases = new Set(
  englishKeys.filter((k) => k.endsWith("_other")).map((k) => k.replace(PLURAL, "")),
);
const plainKeys = englishKeys.filter((k) => !PLURAL.test(k));

/** The keys a language must have: every plain key, and each plural key in each of its plural categories. */
function requiredKeys(language: Language): string[] {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  return [...plainKeys, ...[...pluralBases].flatMap((base) => categories.map((c) => `${base}_${c}`))].sort();
}

/** `{{name}}` placeholders and `$t(key)` insertions of a text, as a sorted list. */
function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([^}]+?)\s*\}\}|\$t\(([^)]+)\)/g)].map((m) => m[0]).sort();
}

/** The English placeholders of a key (for a plural key: of all its English forms together). */
function englishPlaceholders(key: string): string[] {
  const base = key.replace(PLURAL, "");
  const forms = pluralBases.has(base) ? englishKeys.filter((k) => k.replace(PLURAL, "") === base) : [key];
  return [...new Set(forms.flatMap((k) => placeholders(en[k as keyof typeof en])))].sort();
}

/** Markdown that must survive translation: bold, code spans, quotes at line starts, line breaks, timestamps. */
function markdownShape(text: string): Record<string, number> {
  const count = (pattern: RegExp) => (text.match(pattern) ?? []).length;
  return {
    bold: count(/\*\*/g),
    code: count(/`/g),
    lines: count(/\n/g),
    quotes: count(/^> /gm),
    bullets: count(/^• /gm),
  };
}

function texts(language: Language): [string, string][] {
  return Object.entries(TRANSLATIONS[language]) as [string, string][];
}

describe("the bot's texts in every language", () => {
  test.each(LANGUAGES)("%s has every key, in each of its plural forms, and no other", (language) => {
    expect(Object.keys(TRANSLATIONS[language]).sort()).toEqual(requiredKeys(language));
  });

  test.each(LANGUAGES)("%s uses exactly English's placeholders in every text", (language) => {
    const mismatches = texts(language)
      .filter(([key, text]) => placeholders(text).join() !== englishPlaceholders(key).join())
      .map(([key, text]) => ({ key, text, expected: englishPlaceholders(key) }));
    expect(mismatches).toEqual([]);
  });

  test.each(LANGUAGES)("%s keeps English's Discord markdown in every text", (language) => {
    const mismatches = texts(language)
      .filter(([key]) => !PLURAL.test(key))
      .filter(([key, text]) => {
        const english = en[key as keyof typeof en];
        return JSON.stringify(markdownShape(text)) !== JSON.stringify(markdownShape(english));
      })
      .map(([key]) => key);
    expect(mismatches).toEqual([]);
  });

  test.each(LANGUAGES)("%s has no empty text", (language) => {
    expect(texts(language).filter(([, text]) => text.trim() === "")).toEqual([]);
  });
});

describe("translator", () => {
  test("fills placeholders and inserts the language's own command names", () => {
    const de = translator("de");
    expect(de("job.footer", { id: "abc" })).toBe("Auftrag abc");
    expect(de("history.notYours")).toContain("`/verlauf`");
    expect(translator("en")("history.notYours")).toContain("`/history`");
  });

  test("chooses the plural form of each language by count", () => {
    expect(translator("en")("duration.minutes", { count: 1 })).toBe("1 minute");
    expect(translator("en")("duration.minutes", { count: 5 })).toBe("5 minutes");
    expect(translator("fr")("duration.minutes", { count: 1_000_000 })).toBe("1000000 minutes");
    expect(translator("ja")("duration.minutes", { count: 1 })).toBe("1 分");
  });

  test("never reads a value as a placeholder or an inserted text", () => {
    const t = translator("en");
    expect(t("job.footer", { id: "{{id}} $t(command.help.name)" })).toBe("Job {{id}} $t(command.help.name)");
  });

  test("falls back to English for a key a language lacks", () => {
    const partial: Translations = { "job.footer": "Auftrag {{id}}" };
    const t = createTranslators(() => partial)("de");
    expect(t("job.footer", { id: "1" })).toBe("Auftrag 1");
    expect(t("progress.failed")).toBe("The job failed.");
    expect(t("history.notYours")).toContain("`/history`");
  });
});

describe("loading a language's texts", () => {
  test("reads only English until another language is asked for, then that language's file once", () => {
    const read: string[] = [];
    const translate = createTranslators((language) => {
      read.push(language);
      return loadTranslations(language);
    });
    expect(translate("en")("job.footer", { id: "1" })).toBe("Job 1");
    expect(read).toEqual([]);

    expect(translate("de")("job.footer", { id: "1" })).toBe("Auftrag 1");
    expect(translate("de")("duration.minutes", { count: 2 })).toBe("2 Minuten");
    expect(read).toEqual(["de"]);
    translate("ja");
    expect(read).toEqual(["de", "ja"]);
  });

  test("a language's texts are right from its first ask: its plural forms and its own command names", () => {
    const translate = createTranslators(loadTranslations);
    expect(translate("fr")("history.notYours")).toContain("`/historique`");
    expect(translate("fr")("duration.minutes", { count: 1_000_000 })).toBe("1000000 minutes");
    expect(translate("ja")("duration.minutes", { count: 1 })).toBe("1 分");
    expect(translate("de")("duration.minutes", { count: 1 })).toBe("1 Minute");
  });

  test.each(LANGUAGES.filter((l): l is LocaleFileLanguage => l !== "en"))(
    "%s is read from its JSON file, the one tsc checks",
    (language) => {
      expect(loadTranslations(language)).toEqual(JSON_LOCALES[language]);
    },
  );

  test("a missing locale file fails with an error naming it, on every ask", () => {
    // The file as a deployment that lost it would read it: not there.
    const missing: ReadLocaleFile = (file) => readFileSync(new URL("./absent/", file), "utf8");
    const translate = createTranslators((language) => loadTranslations(language, missing));
    expect(() => translate("de")).toThrow(/de\.json: ENOENT/);
    expect(() => translate("de")).toThrow(/de\.json/);
    expect(translate("en")("job.footer", { id: "1" })).toBe("Job 1");
  });

  test.each([
    ["not JSON", '{ "job.footer": "Auftrag {{id}}",', /pt-br\.json: .*JSON/],
    ["not an object", '["Auftrag {{id}}"]', /pt-br\.json: not a JSON object/],
    [
      "a text that is no string",
      '{ "job.footer": 1 }',
      /pt-br\.json: the value of "job\.footer" is not a string/,
    ],
  ])("a locale file that is %s fails with an error naming it", (_, content, message) => {
    expect(() => loadTranslations("pt-BR", () => content)).toThrow(message);
  });
});
