import { describe, expect, test } from "vitest";
import { SPEEDS } from "../../src/prompt/speed.js";
import { english, translator } from "../../src/i18n/translate.js";
import { renderBannedWords, renderMemberSettings, renderSettingsChanged } from "../../src/render/settings.js";
import { renderConfigShow } from "../../commands/config/config-view.js";
import { settingChanges, shownMemberSettings } from "../../src/render/setting-values.js";
import { effectiveSettings } from "../../src/settings/effective-settings.js";

const text = (payload: {
  embeds: readonly { description?: string; fields?: { name: string; value: string }[] }[];
}) =>
  payload.embeds
    .map((e) => [e.description, ...(e.fields ?? []).map((f) => `${f.name}: ${f.value}`)].join("\n"))
    .join("\n");

/** The owner's defaults of these tests. */
const owner = {
  userMaxActive: 2,
  userCooldownMs: 0,
  userDailyImages: null,
  guildMaxActive: 10,
  enhanceAvailable: false,
  auditChannelId: null,
  ageRestrictedOnly: false,
};

describe("settings answers", () => {
  test("a change says old → new and when it applies", () => {
    const payload = renderSettingsChanged(
      english,
      [{ label: "Suffix", before: null, after: "`--v 6`" }],
      "member",
    );
    expect(text(payload)).toContain("**Suffix**: not set → `--v 6`");
    expect(text(payload)).toContain("Used from your next prompt on.");
  });

  test("a change to the same value says nothing changed", () => {
    expect(text(renderSettingsChanged(english, [], "server"))).toContain("Nothing changed");
  });

  test("show lists every preference, with what applies when one is not set", () => {
    const shown = text(renderMemberSettings(english, shownMemberSettings({ aspectRatio: "16:9" })));
    expect(shown).toContain("**Default aspect ratio**: `16:9`");
    expect(shown).toContain("**Suffix**: not set (none)");
    expect(shown).toContain("**Result delivery**: not set (in the channel)");
  });

  test.each([
    [[], 0, "no banned words of its own", "banned no words"],
    [["gore"], 3, "`gore`", "(3 words) always applies too"],
  ])("banned words %j with %i of the owner's", (words, owner, server, ownerText) => {
    const shown = text(renderBannedWords(english, words, owner));
    expect(shown).toContain(server);
    expect(shown).toContain(ownerText);
  });

  test("the moderators' list says whether Midjourney's starter list is checked too, and how it is turned off", () => {
    expect(text(renderBannedWords(english, [], 0, 120))).toContain(
      "Midjourney's starter list (120 words it has refused) is checked after these",
    );
    expect(text(renderBannedWords(english, [], 0, null))).toContain(
      "Midjourney's starter list of refused words is off: the bot's owner set `MIDJOURNEY_BANNED_WORDS=off`.",
    );
  });

  test("a German member's preferences and their change read in German", () => {
    const de = translator("de");
    const shown = text(renderMemberSettings(de, shownMemberSettings({ delivery: "dm" }, de)));
    expect(shown).toContain("**Zustellung der Ergebnisse**: per Direktnachricht");
    expect(shown).toContain("**Zusatz**: nicht gesetzt (keiner)");
    const before = shownMemberSettings({}, de);
    const after = shownMemberSettings({ suffix: "--v 6" }, de);
    const changed = text(renderSettingsChanged(de, settingChanges(before, after), "member"));
    expect(changed).toContain("**Zusatz**: nicht gesetzt → `--v 6`");
    expect(changed).toContain("Gilt ab deiner nächsten Beschreibung.");
  });

  test("a Japanese moderator's /imagine-config show names settings and sources in Japanese", () => {
    const effective = effectiveSettings(owner, { userMaxActive: 1 });
    const shown = text(
      renderConfigShow(translator("ja"), {
        effective,
        roleLimits: {},
        ownerBannedWordCount: 0,
        runnableSpeeds: SPEEDS,
      }),
    );
    expect(shown).toContain("**メンバーごとの同時ジョブ数**: 1 — *このサーバー*");
    expect(shown).toContain("**メンバーのプロンプト間の待ち時間**: なし — *オーナーの既定値*");
    expect(shown).toContain("`/画像生成設定 ロール上限 設定`");
  });
});

describe("/imagine-config show and speeds", () => {
  test("shows the default speed and the speeds allowed with their source, and each role's speeds", () => {
    const effective = effectiveSettings(owner, { speed: "turbo", speeds: ["fast", "turbo"] });
    const shown = text(
      renderConfigShow(english, {
        effective,
        roleLimits: {},
        roleSpeeds: { "810000000000000001": ["relax"] },
        ownerBannedWordCount: 0,
        runnableSpeeds: SPEEDS,
      }),
    );
    expect(shown).toContain("**Speed**: `--turbo` — *this server*");
    expect(shown).toContain("**Speeds allowed**: `--fast`, `--turbo` — *this server*");
    expect(shown).toContain("<@&810000000000000001>: Speeds allowed: `--relax`");
  });

  test("on a self-hosted server, relax is not listed among the speeds allowed", () => {
    const effective = effectiveSettings(owner, {});
    const shown = text(
      renderConfigShow(english, {
        effective,
        roleLimits: {},
        ownerBannedWordCount: 0,
        runnableSpeeds: ["fast", "turbo"],
      }),
    );
    expect(shown).toContain("**Speeds allowed**: `--fast`, `--turbo` — *");
    expect(shown).not.toContain("`--relax`");
  });
});
