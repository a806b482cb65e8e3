import { describe, expect, test } from "vitest";
import { chooseLanguages, type LanguageClues } from "../../src/i18n/choose-language.js";
import type { Language } from "../../src/i18n/languages.js";

describe("chooseLanguages", () => {
  test.each<[string, LanguageClues, Language, Language]>([
    [
      "the member's setting wins over everything",
      { member: "ja", locale: "de", guildLocale: "fr" },
      "ja",
      "ja",
    ],
    ["else the member's Discord language", { locale: "es-419", guildLocale: "fr" }, "es", "es"],
    [
      "an English client keeps English for the channel too",
      { locale: "en-GB", guildLocale: "de" },
      "en",
      "en",
    ],
    [
      "a language the bot does not speak: public follows the server",
      { locale: "ko", guildLocale: "de" },
      "en",
      "de",
    ],
    ["no locale at all: public follows the server", { guildLocale: "pt-BR" }, "en", "pt-BR"],
    ["null locale: public follows the server", { locale: null, guildLocale: "ja" }, "en", "ja"],
    ["the server's language is one the bot does not speak", { locale: "ko", guildLocale: "ko" }, "en", "en"],
    ["outside servers (DMs): English", { locale: null, guildLocale: null }, "en", "en"],
    ["the member's setting in a DM", { member: "fr" }, "fr", "fr"],
  ])("%s", (_what, clues, ephemeral, publicLanguage) => {
    const chosen = chooseLanguages(clues);
    expect(chosen.ephemeral.language).toBe(ephemeral);
    expect(chosen.public.language).toBe(publicLanguage);
  });
});
