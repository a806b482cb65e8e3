import { describe, expect, test } from "vitest";
import { renderHelp, type HelpContext } from "../../../commands/help/help-view.js";
import { english } from "../../../src/i18n/translate.js";

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
    const { content } = renderHelp(english, ctx);
    for (const text of shown) expect(content).toContain(text);
    for (const text of hidden) expect(content).not.toContain(text);
  });

  test("says what Enhance does and that it costs credits only when it is on", () => {
    expect(renderHelp(english, base).content).not.toMatch(/enhance|credits/i);
    expect(renderHelp(english, { ...base, enhanceFactors: ["2x", "4x"] }).content).toContain(
      "Under a single picture, **Enhance 2×**, **Enhance 4×** makes a larger copy of it; each one uses image-service credits.",
    );
  });

  test("explains the buttons under results, and how More like this differs from Midjourney's variations", () => {
    const [tools] = renderHelp(english, base).embeds;
    expect(tools?.title).toBe("Buttons under your images");
    expect(tools?.description).toContain("**🔁 More like this**");
    expect(tools?.description).toMatch(/not Midjourney's variation \(V1–V4\)/);
    expect(tools?.description).toMatch(/Remix.*Prompt.*Delete/s);
  });

  test("fits one message and pings nobody", () => {
    const payload = renderHelp(english, {
      ...base,
      enhanceFactors: ["2x", "4x", "6x", "8x", "10x"],
      userMaxActive: 100,
      guildMaxActive: 10_000,
      promptMaxLength: 6000,
    });
    expect(payload.content.length).toBeLessThanOrEqual(2000);
    expect(payload.allowedMentions).toMatchObject({ parse: [], users: [] });
  });
});
