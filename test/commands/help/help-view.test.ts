import { describe, expect, test } from "vitest";
import { renderHelp, type HelpContext } from "../../../commands/help/help-view.js";
import { english } from "../../../src/i18n/translate.js";
import type { MessagePayload } from "../../../src/render/payload.js";

/** The help's text as a reader sees it: the content, then each embed's title and description. */
function shownText(payload: MessagePayload): string {
  return [payload.content, ...payload.embeds.flatMap((e) => [e.title ?? "", e.description ?? ""])].join("\n");
}

const base: HelpContext = {
  commands: [],
  guildId: "100",
  isModerator: false,
  userMaxActive: 2,
  userCooldownMs: 10_000,
  guildMaxActive: 10,
  promptMaxLength: 1500,
  userActive: 1,
  guildActive: 4,
};

describe("renderHelp", () => {
  test.each([
    [
      "a member in a server",
      base,
      [
        "Your limits in this server",
        "At most 2 images at once; you have 1 running now.",
        "Wait 10 seconds between two prompts.",
        "This server runs at most 10 images at once; 4 running now.",
        "Prompts up to 1500 characters.",
      ],
      [],
    ],
    [
      "a member in DMs",
      { ...base, guildId: null },
      ["Your limits in DMs", "you have 1 running now"],
      ["This server runs"],
    ],
    [
      "a moderator",
      { ...base, isModerator: true },
      ["no per-user limit", "4 running now"],
      ["you have 1 running now", "Wait 10 seconds"],
    ],
    [
      "no cooldown and one job",
      { ...base, userCooldownMs: 0, userMaxActive: 1 },
      ["At most 1 image at once", "No wait between prompts."],
      [],
    ],
  ] as const)("for %s, says the limits that apply", (_name, ctx, shown, hidden) => {
    const content = shownText(renderHelp(english, ctx));
    for (const text of shown) expect(content).toContain(text);
    for (const text of hidden) expect(content).not.toContain(text);
  });

  test("says what Enhance does and that it costs credits only when it is on", () => {
    expect(shownText(renderHelp(english, base))).not.toMatch(/enhance|credits/i);
    expect(shownText(renderHelp(english, { ...base, enhanceFactors: ["2x", "4x"] }))).toContain(
      "Under a single picture, **Enhance 2×** or **Enhance 4×** makes a larger copy of it; each one uses image-service credits.",
    );
  });

  test("explains the buttons under results, and how More like this differs from Midjourney's variations", () => {
    const tools = renderHelp(english, base).embeds.find((e) => e.title === "Buttons under your images");
    expect(tools?.title).toBe("Buttons under your images");
    expect(tools?.description).toContain("**🔁 More like this**");
    expect(tools?.description).toMatch(/not Midjourney's variation \(V1–V4\)/);
    expect(tools?.description).toMatch(/Remix.*Prompt.*Delete/s);
  });

  test("names this server's styles and the speeds the reader may use, or says there are none", () => {
    const withThem = shownText(
      renderHelp(english, { ...base, styles: ["watercolour", "noir"], speeds: ["fast", "turbo"] }),
    );
    expect(withThem).toContain(
      "**Styles**: `/imagine style:` adds one of this server's to your prompt: `watercolour`, `noir`.",
    );
    expect(withThem).toContain("**Speeds** you may use here: `--fast`, `--turbo`.");
    expect(withThem).toContain("`/settings speed`");
    const without = shownText(renderHelp(english, { ...base, styles: [], speeds: [] }));
    expect(without).toContain("**Styles**: this server has none yet.");
    expect(shownText(renderHelp(english, { ...base, isModerator: true, styles: [] }))).toContain(
      "add them with `/imagine-config styles set`",
    );
    expect(without).toContain("**Speeds**: none may be chosen here");
    expect(shownText(renderHelp(english, { ...base, guildId: null, styles: [] }))).not.toContain("Styles");
  });

  test("pings nobody", () => {
    expect(renderHelp(english, base).allowedMentions).toMatchObject({ parse: [], users: [] });
  });
});
