/**
 * `/imagine-config` end to end: a moderator's command changes what the next submission meets, with no
 * restart (settings in a real SQLite database), every change answered "old → new" and posted to the audit
 * channel; members without Manage Server can neither see nor run it.
 */
import { PermissionFlagsBits } from "discord-api-types/v10";
import { afterEach, describe, expect, test } from "vitest";
import type { MessageSnapshot } from "../../tools/discord-emulator/world/message-objects.js";
import type { UserRef } from "../../tools/discord-emulator/world/world-types.js";
import type { SlashOptionValue } from "../../tools/discord-emulator/world/slash-options.js";
import { configCodec } from "../../commands/config/config-id.js";
import type { BotHarness } from "../support/bot-harness.js";
import { buttonsOf, textOf } from "../support/message-view.js";
import { imagineAnswer, removeTempDirs } from "./admission-steps.js";
import { startImagine } from "./imagine-steps.js";
import { runSettingsCommand, startWithDatabase } from "./settings-steps.js";

let h: BotHarness;
afterEach(async () => {
  await h?.stop();
  await removeTempDirs();
});

/** Runs `/imagine-config <path>` as the moderator (unless told) and returns the ephemeral answer. */
async function config(
  path: string,
  options: Record<string, SlashOptionValue> = {},
  user: UserRef = h.world.mod,
): Promise<MessageSnapshot> {
  const [group, sub] = path.split(" ");
  const subcommand = sub === undefined ? (group ?? "") : ([group ?? "", sub] as const);
  const { answer } = await runSettingsCommand(h, { name: "imagine-config", subcommand, options, user });
  return answer;
}

/** The bot's messages in a channel, oldest first. */
function botMessagesIn(channelId: string): MessageSnapshot[] {
  return h.emu.messagesIn(channelId).filter((m) => m.author.id === h.emu.botUser.id);
}

/** Waits for an audit-channel post containing `text`. */
function waitForAudit(channelId: string, text: string): Promise<MessageSnapshot> {
  return h.emu.waitFor(() => botMessagesIn(channelId).find((m) => textOf(m).includes(text)), {
    description: `an audit post with ${text}`,
  });
}

describe("/imagine-config", () => {
  test("a lower per-member limit refuses the next prompt at once; a role's limit set by command lifts it; both audited old → new", async () => {
    h = await startWithDatabase();
    const { emu, world } = h;
    const audit = emu.addChannel({ guildId: world.guild.id, name: "audit" });
    const supporters = emu.addRole({ guildId: world.guild.id, name: "Supporters" });
    emu.addMember({ guildId: world.guild.id, user: world.alice, roleIds: [supporters.id] });
    const setAudit = await config("audit-channel set", { channel: audit });
    expect(setAudit.ephemeral).toBe(true);
    expect(textOf(setAudit)).toContain(`**Audit channel**: not set → <#${audit.id}>`);

    await startImagine(h, { prompt: "a red kite" });
    const lowered = await config("limits set", { per_user_active: 1 });
    expect(textOf(lowered)).toContain("**Jobs at once per member**: not set → 1");
    const refused = await imagineAnswer(h, world.alice, "a blue kite");
    expect(refused.ephemeral).toBe(true);
    expect(textOf(refused)).toMatch(/already have 1 image .*\(1\)/);
    expect(h.service.records()).toHaveLength(1);

    const role = await config("role-limits set", { role: supporters, per_user_active: 2 });
    expect(textOf(role)).toContain(`**<@&${supporters.id}>: Jobs at once per member**: not set → 2`);
    await startImagine(h, { prompt: "a green kite" });
    expect(h.service.records()).toHaveLength(2);

    const lowerAudit = await waitForAudit(audit.id, "Jobs at once per member**: not set → 1");
    expect(textOf(lowerAudit)).toContain(`<@${world.mod.id}>`);
    expect(textOf(lowerAudit)).toContain("/imagine-config limits set");
    await waitForAudit(audit.id, `<@&${supporters.id}>: Jobs at once per member**: not set → 2`);
    emu.assertNoRejectedRequests();
  });

  test("a banned word added by command is refused, and accepted again once removed; list says the owner's apply too", async () => {
    h = await startWithDatabase({ env: { BANNED_WORDS: "gore" } });
    const { emu, world } = h;
    expect(textOf(await config("banned-words add", { words: "Kraken, sea monster" }))).toContain(
      "**Banned words**: not set → `Kraken`, `sea monster`",
    );
    const list = textOf(await config("banned-words list"));
    expect(list).toContain("`Kraken`, `sea monster`");
    expect(list).toContain("owner's list (1 word) always applies too");

    const refused = await imagineAnswer(h, world.alice, "a kraken at dawn");
    expect(refused.ephemeral).toBe(true);
    expect(h.service.records()).toHaveLength(0);
    expect(textOf(await config("banned-words remove", { words: "kraken" }))).toContain(
      "**Banned words**: `Kraken`, `sea monster` → `sea monster`",
    );
    await startImagine(h, { prompt: "a kraken at dawn" });
    expect(h.service.records()).toHaveLength(1);
    emu.assertNoRejectedRequests();
  });

  test("channels chosen in the select menu are the only ones /imagine works in; choosing none allows all again", async () => {
    h = await startWithDatabase();
    const { emu, world } = h;
    const art = emu.addChannel({ guildId: world.guild.id, name: "art" });
    const picker = await config("channels");
    const customId = configCodec.encode({ kind: "channels", guildId: world.guild.id });
    const chosen = await emu.selectMenu({ message: picker, customId, values: [art.id], user: world.mod });
    const changed = await chosen.waitForResponse({ where: (m) => /Channels for \/imagine/.test(textOf(m)) });
    expect(textOf(changed)).toContain(`**Channels for /imagine**: not set → <#${art.id}>`);

    const refused = await imagineAnswer(h, world.alice, "a lighthouse");
    expect(refused.ephemeral).toBe(true);
    expect(h.service.records()).toHaveLength(0);
    await startImagine(h, { prompt: "a lighthouse", channelId: art.id });
    expect(h.service.records()).toHaveLength(1);

    const again = await config("channels");
    const none = await emu.selectMenu({ message: again, customId, values: [], user: world.mod });
    const cleared = await none.waitForResponse({ where: (m) => /Channels for \/imagine/.test(textOf(m)) });
    expect(textOf(cleared)).toContain(`**Channels for /imagine**: <#${art.id}> → not set`);
    await startImagine(h, { prompt: "a harbour" });
    expect(h.service.records()).toHaveLength(2);
    emu.assertNoRejectedRequests();
  });

  test("default parameters are checked like a prompt; show says where each value comes from; reset asks, then removes all", async () => {
    h = await startWithDatabase();
    const { emu, world } = h;
    const invalid = textOf(await config("default-parameters set", { parameters: "--chaos 150" }));
    expect(invalid).toContain("`--chaos 150` is not valid: use a whole number from 0 to 100");
    await config("default-parameters set", { parameters: "--v 7" });
    await config("limits set", { cooldown_seconds: 0 });

    const shown = textOf(await config("show"));
    expect(shown).toContain("**Default parameters**: `--v 7` — *this server*");
    expect(shown).toContain("**Cooldown between a member's prompts**: none — *this server*");
    expect(shown).toContain("**Jobs at once per member**: 2 — *owner's default*");

    const question = await config("reset");
    expect(textOf(question)).toContain("**Default parameters**: `--v 7`");
    const confirm = buttonsOf(question).find((b) => b.label === "Reset all settings");
    const click = await emu.clickButton({ message: question, customId: confirm!.customId, user: world.mod });
    const done = await click.waitForResponse({ where: (m) => /→ not set/.test(textOf(m)) });
    expect(textOf(done)).toContain("**Default parameters**: `--v 7` → not set");
    expect(textOf(await config("show"))).toContain("**Default parameters**: none — *owner's default*");
    emu.assertNoRejectedRequests();
  });

  test("a German moderator's change, show and reset question are German, while the audit channel stays English", async () => {
    h = await startWithDatabase();
    const { emu, world } = h;
    const audit = emu.addChannel({ guildId: world.guild.id, name: "audit" });
    await config("audit-channel set", { channel: audit });
    const german = async (path: string, options: Record<string, SlashOptionValue> = {}) => {
      const [group, sub] = path.split(" ");
      const subcommand = sub === undefined ? (group ?? "") : ([group ?? "", sub] as const);
      const input = { name: "imagine-config", subcommand, options, user: world.mod, locale: "de" };
      return textOf((await runSettingsCommand(h, input)).answer);
    };

    const changed = await german("limits set", { per_user_active: 1 });
    expect(changed).toContain("**Gleichzeitige Aufträge pro Mitglied**: nicht gesetzt → 1");
    expect(changed).toContain("Gilt ab sofort für diesen Server.");
    await waitForAudit(audit.id, "**Jobs at once per member**: not set → 1");

    const shown = await german("show");
    expect(shown).toContain("In diesem Server geltende Einstellungen");
    expect(shown).toContain("**Gleichzeitige Aufträge pro Mitglied**: 1 — *dieser Server*");
    expect(shown).toContain("**Kanäle für /bild**: alle — *Standard des Betreibers*");
    expect(shown).not.toContain("this server");

    const refused = await german("enhance", { enabled: true });
    expect(refused).toContain("Verbessern kann hier nicht eingeschaltet werden");
    const question = await german("reset");
    expect(question).toContain("Die Einstellungen dieses Servers zurücksetzen?");
    expect(question).toContain("**Protokollkanal**: <#");
    emu.assertNoRejectedRequests();
  });

  test("a member without Manage Server cannot see it, and running it anyway (an admin's override) is refused", async () => {
    h = await startWithDatabase();
    const { emu, world } = h;
    const command = emu.registeredCommands(world.guild.id).find((c) => c.name === "imagine-config")!;
    expect(command.default_member_permissions).toBe(String(PermissionFlagsBits.ManageGuild));
    expect(command.contexts).toEqual([0]);
    await expect(
      emu.sendSlashCommand({
        name: "imagine-config",
        subcommand: "show",
        user: world.alice,
        channelId: world.general.id,
      }),
    ).rejects.toThrow(/hidden from alice/);

    // What a server admin's override amounts to: the command is offered to every member.
    const response = await fetch(
      `${emu.apiUrl}/applications/${emu.applicationId}/guilds/${world.guild.id}/commands/${command.id}`,
      {
        method: "PATCH",
        headers: { authorization: `Bot ${emu.botToken}`, "content-type": "application/json" },
        body: JSON.stringify({ default_member_permissions: null }),
      },
    );
    expect(response.status).toBe(200);
    for (const [path, options] of [
      ["limits set", { per_user_active: 100 }],
      ["banned-words list", {}],
      ["reset", {}],
    ] as const) {
      const refusal = await config(path, options, world.alice);
      expect(refusal.ephemeral).toBe(true);
      expect(textOf(refusal)).toMatch(/Manage Server/);
    }
    expect(await h.bot.context.settings.guild(world.guild.id)).toEqual({});
    emu.assertNoRejectedRequests();
  });
});
