import { describe, expect, test } from "vitest";
import { renderBannedWords, renderMemberSettings, renderSettingsChanged } from "../../src/render/settings.js";
import { shownMemberSettings } from "../../src/render/setting-values.js";

const text = (payload: {
  embeds: readonly { description?: string; fields?: { name: string; value: string }[] }[];
}) =>
  payload.embeds
    .map((e) => [e.description, ...(e.fields ?? []).map((f) => `${f.name}: ${f.value}`)].join("\n"))
    .join("\n");

describe("settings answers", () => {
  test("a change says old → new and when it applies", () => {
    const payload = renderSettingsChanged([{ label: "Suffix", before: null, after: "`--v 6`" }], "member");
    expect(text(payload)).toContain("**Suffix**: not set → `--v 6`");
    expect(text(payload)).toContain("Used from your next prompt on.");
  });

  test("a change to the same value says nothing changed", () => {
    expect(text(renderSettingsChanged([], "server"))).toContain("Nothing changed");
  });

  test("show lists every preference, with what applies when one is not set", () => {
    const shown = text(renderMemberSettings(shownMemberSettings({ aspectRatio: "16:9" })));
    expect(shown).toContain("**Default aspect ratio**: `16:9`");
    expect(shown).toContain("**Suffix**: not set (none)");
    expect(shown).toContain("**Result delivery**: not set (in the channel)");
  });

  test.each([
    [[], 0, "no banned words of its own", "banned no words"],
    [["gore"], 3, "`gore`", "(3 words) always applies too"],
  ])("banned words %j with %i of the owner's", (words, owner, server, ownerText) => {
    const shown = text(renderBannedWords(words, owner));
    expect(shown).toContain(server);
    expect(shown).toContain(ownerText);
  });
});
