/**
 * A server's settings (written through the SettingsStore, as `/imagine-config` does) take effect at the next
 * submission, with no restart: per-member limits and role overrides, banned words, allowed channels,
 * age-restricted-only mode, default parameters and the server's own audit channel.
 */
import { afterEach, describe, expect, test } from "vitest";
import type { GuildSettings } from "../../src/settings/settings.js";
import type { MessageSnapshot } from "../../tools/discord-emulator/world/message-objects.js";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { textOf } from "../support/message-view.js";
import { answerTo, imagineAnswer } from "./admission-steps.js";
import { startImagine } from "./imagine-steps.js";

let h: BotHarness;
afterEach(async () => {
  await h?.stop();
});

/** Sets the test server's settings as a moderator's command would. */
async function configure(settings: GuildSettings): Promise<void> {
  await h.bot.context.settings.updateGuild(h.world.guild.id, (current) => ({ ...current, ...settings }));
}

/** Runs /imagine in `channelId` as alice; resolves with the bot's first answer. */
async function imagineIn(channelId: string, prompt: string): Promise<MessageSnapshot> {
  const handle = await h.emu.sendSlashCommand({
    name: "imagine",
    options: { prompt },
    user: h.world.alice,
    channelId,
  });
  return answerTo(h, handle);
}

function expectRefused(answer: MessageSnapshot, pattern: RegExp, recordsBefore: number): void {
  expect(answer.ephemeral).toBe(true);
  expect(textOf(answer)).toMatch(pattern);
  expect(h.service.records()).toHaveLength(recordsBefore);
}

describe("server settings", () => {
  test("a lower per-member limit refuses the next image at once; a role's override lifts it for its members", async () => {
    h = await startBotHarness();
    const { emu, world } = h;
    const supporters = emu.addRole({ guildId: world.guild.id, name: "Supporters" });
    const bob = emu.addUser({ username: "bob", globalName: "Bob" });
    emu.addMember({ guildId: world.guild.id, user: bob, roleIds: [supporters.id] });
    await startImagine(h, { prompt: "a red kite" });

    await configure({ userMaxActive: 1, roleLimits: { [supporters.id]: { userMaxActive: 3 } } });
    expectRefused(await imagineAnswer(h, world.alice, "a blue kite"), /already have 1 image .*\(1\)/, 1);

    for (const prompt of ["a paper boat", "a paper plane", "a paper crane"]) {
      await startImagine(h, { prompt, user: bob });
    }
    expectRefused(await imagineAnswer(h, bob, "a paper hat"), /already have 3 images .*\(3\)/, 4);
    emu.assertNoRejectedRequests();
  });

  test("/help tells a member the limits in force for them in this server", async () => {
    h = await startBotHarness();
    await configure({ userMaxActive: 1, guildMaxActive: 4, userCooldownMs: 90_000 });
    const handle = await h.emu.sendSlashCommand({
      name: "help",
      options: {},
      user: h.world.alice,
      channelId: h.world.general.id,
    });
    const help = textOf(await answerTo(h, handle));
    expect(help).toContain("At most 1 image at once");
    expect(help).toContain("Wait 1 minute 30 seconds between two prompts");
    expect(help).toContain("This server runs at most 4 images at once");
  });

  test("a server's banned word is refused, and accepted again once removed", async () => {
    h = await startBotHarness();
    await configure({ bannedWords: ["kraken"] });
    const refused = await imagineAnswer(h, h.world.alice, "a Kraken rising from the sea");
    expectRefused(refused, /`kraken` is on this server's list of banned words/i, 0);
    expect(refused.components).toEqual([]);

    await h.bot.context.settings.updateGuild(h.world.guild.id, (current) => ({
      ...current,
      bannedWords: [],
    }));
    const accepted = await imagineAnswer(h, h.world.alice, "a Kraken rising from the sea");
    expect(accepted.ephemeral).toBe(false);
    expect(h.service.records()).toHaveLength(1);
  });

  test("/imagine in a channel the server does not allow is refused, naming where it may be used", async () => {
    h = await startBotHarness();
    const art = h.emu.addChannel({ guildId: h.world.guild.id, name: "art" });
    await configure({ allowedChannelIds: [art.id] });
    const refused = await imagineIn(h.world.general.id, "a castle in the clouds");
    expectRefused(refused, /can't be made in this channel/, 0);
    expect(textOf(refused)).toContain(`<#${art.id}>`);
    expect(refused.components).toEqual([]);

    const accepted = await imagineIn(art.id, "a castle in the clouds");
    expect(accepted.ephemeral).toBe(false);
    expect(h.service.records()).toHaveLength(1);
  });

  test("in age-restricted-only mode, images are refused outside age-restricted channels", async () => {
    h = await startBotHarness();
    await configure({ ageRestrictedOnly: true });
    expectRefused(
      await imagineIn(h.world.general.id, "a moonlit tower"),
      /only in age-restricted channels/,
      0,
    );
    const accepted = await imagineIn(h.world.nsfw.id, "a moonlit tower");
    expect(accepted.ephemeral).toBe(false);
    expect(h.service.records()).toHaveLength(1);
  });

  test("the server's default parameters reach the service, except those the prompt sets itself", async () => {
    h = await startBotHarness();
    await configure({ defaultParameters: "--ar 16:9 --q 2" });
    const job = await startImagine(h, { prompt: "a red fox in snow --quality 1" });
    expect(job.record.prompt).toBe("a red fox in snow --quality 1 --ar 16:9");
  });

  test("a server's own audit channel gets its entries instead of the owner's", async () => {
    const OWNER_AUDIT = "1300000000000000077";
    h = await startBotHarness({ env: { AUDIT_CHANNEL_ID: OWNER_AUDIT } });
    h.emu.addChannel({ guildId: h.world.guild.id, name: "owner-audit", id: OWNER_AUDIT });
    const serverAudit = h.emu.addChannel({ guildId: h.world.guild.id, name: "mod-log" });
    await configure({ auditChannelId: serverAudit.id });
    const job = await startImagine(h, { prompt: "a quiet harbour" });
    const entry = await h.emu.waitFor(
      () => h.emu.messagesIn(serverAudit.id).find((m) => m.embeds[0]?.title === "Image submitted"),
      { description: "the submission in the server's audit channel" },
    );
    expect(textOf(entry)).toContain(job.record.id);
    expect(h.emu.messagesIn(OWNER_AUDIT)).toEqual([]);
  });
});
