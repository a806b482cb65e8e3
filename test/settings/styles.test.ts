import { describe, expect, test } from "vitest";
import { UserError } from "../../src/errors.js";
import { english } from "../../src/i18n/translate.js";
import { applyConfigEdit } from "../../src/settings/config-edits.js";
import { guildSettingsSchema } from "../../src/settings/settings.js";
import { findStyle, MAX_STYLES, styleChoices, type Style } from "../../src/settings/styles.js";

const styles: Style[] = [
  { name: "Watercolour", text: "soft watercolour, paper texture --stylize 250" },
  { name: "noir", text: "film noir, high contrast" },
  { name: "Neon watercolour", text: "neon ink" },
];

describe("styles", () => {
  test("a style is found by name without case or extra spaces", () => {
    expect(findStyle(styles, "  watercolour ")?.text).toBe(styles[0]?.text);
    expect(findStyle(styles, "neon   Watercolour")?.name).toBe("Neon watercolour");
    expect(findStyle(styles, "sepia")).toBeUndefined();
  });

  test.each([
    ["", ["Watercolour", "noir", "Neon watercolour"]],
    ["wat", ["Watercolour", "Neon watercolour"]],
    ["NO", ["noir"]],
    ["zzz", []],
  ])("typing %j suggests %j, names starting with it first", (typed, names) => {
    expect(styleChoices(styles, typed).map((c) => c.value)).toEqual(names);
  });

  test("a suggestion shows the name and the start of the text, within Discord's 100 characters", () => {
    const long = [{ name: "long", text: "x ".repeat(200) }];
    const [choice] = styleChoices(long, "");
    expect(choice?.name.startsWith("long — x x")).toBe(true);
    expect(choice?.name.length).toBe(100);
    expect(styleChoices(styles, "noir")[0]).toEqual({
      name: "noir — film noir, high contrast",
      value: "noir",
    });
  });

  test("set adds a style, or changes the text of the one of that name; remove removes it", () => {
    const one = applyConfigEdit({}, { kind: "set-style", name: " noir ", text: "film noir " });
    expect(one.styles).toEqual([{ name: "noir", text: "film noir" }]);
    const changed = applyConfigEdit(one, { kind: "set-style", name: "NOIR", text: "darker" });
    expect(changed.styles).toEqual([{ name: "NOIR", text: "darker" }]);
    expect(applyConfigEdit(changed, { kind: "remove-style", name: "noir" })).toEqual({});
  });

  test.each([
    ["an unknown style", { kind: "remove-style", name: "sepia" } as const, "no style named “sepia”"],
    ["a blank text", { kind: "set-style", name: "x", text: "  " } as const, "needs a name and a text"],
  ])("removing or setting %s is refused with a clear text", (_, edit, text) => {
    let thrown: unknown;
    try {
      applyConfigEdit({ styles }, edit);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(UserError);
    expect((thrown as UserError).textIn(english)).toContain(text);
  });

  test(`a server keeps at most ${MAX_STYLES} styles, all of which autocomplete can offer`, () => {
    const full = Array.from({ length: MAX_STYLES }, (_, i) => ({ name: `s${i}`, text: "t" }));
    expect(() =>
      applyConfigEdit({ styles: full }, { kind: "set-style", name: "one more", text: "t" }),
    ).toThrow(/already has 25 styles/);
    expect(styleChoices(full, "")).toHaveLength(MAX_STYLES);
    expect(guildSettingsSchema.safeParse({ styles: [...full, { name: "x", text: "t" }] }).success).toBe(
      false,
    );
  });

  test("stored styles with two of one name are not believed", () => {
    const twice = { styles: [styles[1], { name: "NOIR", text: "other" }] };
    expect(guildSettingsSchema.safeParse(twice).success).toBe(false);
  });
});
