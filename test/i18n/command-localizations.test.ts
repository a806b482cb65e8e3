import type { APIApplicationCommandOption } from "discord-api-types/v10";
import { describe, expect, test } from "vitest";
import { commands } from "../../commands/index.js";
import { parseConfig } from "../../src/config.js";
import { commandBody } from "../../src/discord/command.js";
import { DISCORD_LOCALES, LANGUAGE_NAMES } from "../../src/i18n/languages.js";
import { en } from "../../src/i18n/locales/en.js";

const config = parseConfig({
  DISCORD_TOKEN: "token",
  DISCORD_CLIENT_ID: "100000000000000001",
  IMAGINE_API_URL: "http://127.0.0.1:9",
  IMAGINE_API_TOKEN: "service-token",
});
const bodies = commands.map((command) => commandBody(command, config));
const LOCALES = Object.values(DISCORD_LOCALES).flat();
const ENDONYMS = new Set<string>(Object.values(LANGUAGE_NAMES));
/** Discord's rule for command and option names, in every locale. */
const NAME = /^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

interface Named {
  path: string;
  name: string;
  description?: string;
  name_localizations?: Partial<Record<string, string | null>> | null;
  description_localizations?: Partial<Record<string, string | null>> | null;
  options?: readonly APIApplicationCommandOption[];
}

/** Every command, option and sub-command of a body, with the text path its localizations come from. */
function named(item: Named): Named[] {
  const children = (item.options ?? []).flatMap((option) =>
    named({ ...(option as unknown as Named), path: `${item.path}.${option.name}` }),
  );
  return [item, ...children];
}
const items = bodies.flatMap((body) =>
  named({ ...(body as unknown as Named), path: `command.${body.name}` }),
);
const english = en as Readonly<Record<string, string>>;

describe("slash command localizations", () => {
  test.each(items.map((item) => [item.path, item] as const))(
    "%s has its English name and description as texts, and both in every locale",
    (path, item) => {
      expect(english[`${path}.name`]).toBe(item.name);
      expect(english[`${path}.description`]).toBe(item.description);
      expect(Object.keys(item.name_localizations ?? {}).sort()).toEqual([...LOCALES].sort());
      expect(Object.keys(item.description_localizations ?? {}).sort()).toEqual([...LOCALES].sort());
    },
  );

  test.each(LOCALES)(
    "names in %s are valid Discord names, lowercase, unique among their siblings",
    (locale) => {
      for (const item of items) {
        const name = item.name_localizations?.[locale] ?? "";
        expect(name, item.path).toMatch(NAME);
        expect(name, item.path).toBe(name.toLocaleLowerCase());
        const description = item.description_localizations?.[locale] ?? "";
        expect(description.length, item.path).toBeGreaterThan(0);
        expect(description.length, item.path).toBeLessThanOrEqual(100);
        const siblings = (item.options ?? []).map(
          (o) => (o as unknown as Named).name_localizations?.[locale],
        );
        expect(new Set(siblings).size, item.path).toBe(siblings.length);
      }
      const commandNames = bodies.map(
        (b) => b.name_localizations?.[locale as keyof typeof b.name_localizations],
      );
      expect(new Set(commandNames).size).toBe(commandNames.length);
    },
  );

  test("every choice is named in every locale", () => {
    const choices = items.flatMap((item) =>
      (item.options ?? []).flatMap((o): { name_localizations?: unknown }[] =>
        "choices" in o && o.choices ? o.choices : [],
      ),
    );
    expect(choices.length).toBeGreaterThan(0);
    // The language choices are each language's own name (`LANGUAGE_NAMES`), the same in every locale.
    for (const choice of choices.filter((c) => !ENDONYMS.has((c as { name: string }).name))) {
      expect(Object.keys(choice.name_localizations ?? {}).sort()).toEqual([...LOCALES].sort());
    }
  });

  test("German users see /bild with its option beschreibung", () => {
    const imagine = bodies.find((b) => b.name === "imagine");
    expect(imagine?.name_localizations?.de).toBe("bild");
    expect(imagine?.options?.[0]?.name_localizations?.de).toBe("beschreibung");
  });

  // Registered once for every bot, so no description names relax, which a self-hosted server cannot run: the
  // suggestions (autocomplete) list what this bot's servers run.
  test("no command or option description names relax, in any language", () => {
    const texts = items.flatMap((item) => [
      item.description ?? "",
      ...Object.values(item.description_localizations ?? {}).map((text) => text ?? ""),
    ]);
    expect(texts.length).toBeGreaterThan(items.length * LOCALES.length);
    expect(texts.filter((text) => /relax/i.test(text))).toEqual([]);
  });

  test("/settings speed's option names no speed in any language, leaving that to its suggestions", () => {
    const option = items.find((item) => item.path === "command.settings.speed.speed");
    const texts = [option?.description, ...Object.values(option?.description_localizations ?? {})];
    expect(texts).toHaveLength(1 + LOCALES.length);
    for (const text of texts) expect(text).not.toMatch(/relax|turbo|fast/i);
  });
});
