import { describe, expect, test } from "vitest";
import type { SettingsAuditEntry } from "../../src/render/settings.js";
import { MemorySettingsStore } from "../../src/settings/memory-settings-store.js";
import {
  changeMemberSettings,
  changeServerSettings,
  promptDefaultsOf,
  resetServerSettings,
} from "../../src/settings/settings-actions.js";

const GUILD = "200000000000000001";
const MOD = "100000000000000009";

function app() {
  const audited: SettingsAuditEntry[] = [];
  const settings = new MemorySettingsStore();
  return {
    settings,
    audited,
    audit: { settingsChanged: async (e: SettingsAuditEntry) => void audited.push(e) },
  };
}

describe("settings actions", () => {
  test("a server change is stored, told old → new and audited with who and the command", async () => {
    const a = app();
    const actor = { guildId: GUILD, userId: MOD, command: "/imagine-config limits set" };
    await changeServerSettings(a, actor, { kind: "set-limits", limits: { userMaxActive: 3 } });
    const changes = await changeServerSettings(a, actor, {
      kind: "set-limits",
      limits: { userMaxActive: 1 },
    });
    expect(changes).toEqual([{ label: "Jobs at once per member", before: "3", after: "1" }]);
    expect(await a.settings.guild(GUILD)).toEqual({ userMaxActive: 1 });
    expect(a.audited.at(-1)).toEqual({ guildId: GUILD, changedBy: MOD, command: actor.command, changes });
  });

  test("reset removes every setting and tells each one going back to not set", async () => {
    const a = app();
    const actor = { guildId: GUILD, userId: MOD, command: "/imagine-config reset" };
    await changeServerSettings(a, actor, { kind: "enhance", enabled: false });
    expect(await resetServerSettings(a, actor)).toEqual([
      { label: "Enhance buttons", before: "off", after: null },
    ]);
    expect(await a.settings.guild(GUILD)).toEqual({});
  });

  test("a member's suffix and aspect ratio are what their prompts get; their speed is chosen after admission", async () => {
    const { settings } = app();
    await changeMemberSettings(settings, MOD, { key: "suffix", value: "--v 6" });
    await changeMemberSettings(settings, MOD, { key: "aspectRatio", value: "16:9" });
    await changeMemberSettings(settings, MOD, { key: "speed", value: "turbo" });
    expect(promptDefaultsOf(await settings.member(MOD))).toEqual({ suffix: "--v 6", aspectRatio: "16:9" });
    expect(promptDefaultsOf(await settings.member("100000000000000001"))).toEqual({});
  });
});
