import { describe, expect, test } from "vitest";
import { commands } from "../../../commands/index.js";
import { helpEntries } from "../../../commands/help/help.js";
import { offeredCommands } from "../../../commands/help/help-query.js";
import { renderHelp, type HelpContext } from "../../../commands/help/help-view.js";
import { parseConfig } from "../../../src/config.js";
import { english } from "../../../src/i18n/translate.js";
import type { MessagePayload } from "../../../src/render/payload.js";

/** The help's text as a reader sees it: the content, then each embed's title and description. */
function shownText(payload: MessagePayload): string {
  return [payload.content, ...payload.embeds.flatMap((e) => [e.title ?? "", e.description ?? ""])].join("\n");
}

const config = parseConfig({
  DISCORD_TOKEN: "token",
  DISCORD_CLIENT_ID: "100000000000000001",
  IMAGINE_API_URL: "http://127.0.0.1:9",
  IMAGINE_API_TOKEN: "service-token",
});
const entries = helpEntries(commands, config);
const limits: Omit<HelpContext, "commands" | "guildId" | "isModerator"> = {
  userMaxActive: 2,
  userCooldownMs: 0,
  guildMaxActive: 10,
  promptMaxLength: 1500,
  userActive: 0,
  guildActive: 0,
};

/** The help text for a reader in a server (`guildId` "1") or in DMs (null). */
function helpText(guildId: string | null, isModerator: boolean, dmCommands = true): string {
  const reader = { userId: "2", guildId, isModerator };
  const commands = offeredCommands(entries, reader, dmCommands);
  return shownText(renderHelp(english, { ...limits, commands, guildId, isModerator }));
}

const moderatorOnly = ["imagine-status", "imagine-config"];

describe("/help's command list, from the command registry", () => {
  test.each(commands.map((c) => [c.data instanceof Function ? c.data(config).name : c.data.name]))(
    "/%s is shown to a moderator in a server",
    (name) => {
      expect(helpText("1", true)).toContain(`\`/${name}`);
    },
  );

  test("a member in a server sees the members' commands, not the moderators'", () => {
    const text = helpText("1", false);
    for (const name of ["imagine prompt:", "blend image1: image2:", "settings", "quota", "history", "help"]) {
      expect(text).toContain(`\`/${name}`);
    }
    for (const name of moderatorOnly) expect(text).not.toContain(`/${name}`);
  });

  test("in a DM, only what a DM offers is listed, and nothing when the commands are registered per server", () => {
    const dm = helpText(null, false);
    expect(dm).toContain("`/imagine prompt:`");
    expect(dm).toContain("`/settings`");
    for (const name of moderatorOnly) expect(dm).not.toContain(`/${name}`);
    const perServer = helpText(null, false, false);
    expect(perServer).not.toContain("`/");
    expect(perServer).toContain("In a DM, send me a prompt");
  });

  test("each command is described by its registered description", () => {
    expect(helpText("1", false)).toContain("• `/quota`: " + english("command.quota.description"));
  });
});
