import { afterEach, describe, expect, test } from "vitest";
import { deployCommands } from "../../commands/index.js";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { textOf } from "../support/message-view.js";
import { startImagine } from "./imagine-steps.js";
import { LANGUAGES } from "../../src/i18n/languages.js";
import { translator } from "../../src/i18n/translate.js";

let h: BotHarness;
afterEach(async () => {
  await h?.stop();
});

describe("/help", () => {
  test("is registered for servers, the bot's DMs and group DMs, for server and user installs", async () => {
    h = await startBotHarness();
    const command = h.emu.registeredCommands(h.world.guild.id).find((c) => c.name === "help");
    expect(command?.contexts).toEqual([0, 1, 2]);
    expect(command?.integration_types).toEqual([0, 1]);
    expect(command?.default_member_permissions ?? null).toBeNull();
  });

  test("in a server, answers only the asker with the commands, prompt syntax and their own limits with what is running", async () => {
    h = await startBotHarness({
      env: { USER_MAX_ACTIVE_JOBS: "3", USER_COOLDOWN_MS: "15000", GUILD_MAX_ACTIVE_JOBS: "7" },
    });
    const { emu, world, service } = h;
    await startImagine(h, { prompt: "a lighthouse at dusk" });
    await emu.waitFor(() => service.records().length === 1);

    const handle = await emu.sendSlashCommand({
      name: "help",
      user: world.alice,
      channelId: world.general.id,
    });
    const help = await handle.waitForResponse({ where: (m) => m.content !== "" });
    expect(help.ephemeral).toBe(true);
    const text = textOf(help);
    expect(text).toContain("`/imagine prompt:`");
    expect(text).toContain("`/help`");
    expect(text).toContain("`/settings`");
    expect(text).not.toContain("/imagine-config");
    expect(text).toContain("--ar 16:9");
    expect(text).toContain("At most 3 images at once; you have 1 running now.");
    expect(text).toContain("Wait 15 seconds between two prompts.");
    expect(text).toContain("This server runs at most 7 images at once; 1 running now.");
    expect(emu.messagesIn(world.general).some((m) => textOf(m).includes("Prompt syntax"))).toBe(false);

    const forMod = await emu.sendSlashCommand({ name: "help", user: world.mod, channelId: world.general.id });
    const mods = textOf(await forMod.waitForResponse({ where: (m) => m.content !== "" }));
    expect(mods).toContain("As a moderator you have no per-user limit");
    expect(mods).toContain("`/imagine-config`");
    expect(mods).toContain("`/imagine-status`");
    expect(mods).not.toContain("you have 1 running now");
    expect(mods).toContain("This server runs at most 7 images at once; 1 running now.");
    emu.assertNoRejectedRequests();
  });

  test("in a DM, /help gives the DM limits, and sending `help` answers with the same message", async () => {
    h = await startBotHarness();
    const { emu, world } = h;
    // Commands in DMs are global ones, as `npm run deploy` registers them without DISCORD_GUILD_ID.
    await deployCommands(h.config, undefined, { kind: "global" });
    const dm = emu.dmChannelWith(world.alice);
    const handle = await emu.sendSlashCommand({ name: "help", user: world.alice, channelId: dm.id });
    const slash = await handle.waitForResponse({ where: (m) => m.content !== "" });
    expect(slash.ephemeral).toBe(true);
    expect(textOf(slash)).toContain("Your limits in DMs");
    expect(textOf(slash)).not.toContain("This server runs");

    await emu.sendDirectMessage({ user: world.alice, content: "help" });
    const answer = await emu.waitFor(() =>
      emu.messagesIn(dm).find((m) => m.author.id === emu.botUser.id && m.content !== ""),
    );
    expect(answer.content).toBe(slash.content);
    expect(answer.embeds).toEqual(slash.embeds);
    emu.assertNoRejectedRequests();
  });
});

describe("/help in every language, for every reader", () => {
  test.each([
    ["on", { ENHANCE_FACTORS: "2x,4x" }],
    ["off", {}],
  ] as const)(
    "with Enhance %s, a member, a moderator and a DM reader get a whole answer in each of the six languages",
    async (enhance, env) => {
      h = await startBotHarness({ env });
      const { emu, world } = h;
      await deployCommands(h.config, undefined, { kind: "global" });
      const dm = emu.dmChannelWith(world.alice);
      for (const language of LANGUAGES) {
        const t = translator(language);
        const ask = async (user: typeof world.alice, channelId: string) => {
          const handle = await emu.sendSlashCommand({ name: "help", user, channelId, locale: language });
          return textOf(await handle.waitForResponse({ where: (m) => m.embeds.length > 0 }));
        };
        const member = await ask(world.alice, world.general.id);
        const moderator = await ask(world.mod, world.general.id);
        const inDm = await ask(world.alice, dm.id);
        for (const text of [member, moderator, inDm]) {
          expect(text).toContain(t("helpList.heading"));
          expect(text).toContain(t("help.toolsTitle"));
          expect(text.includes(t("help.enhanceButton", { factor: "4×" }))).toBe(enhance === "on");
        }
        expect(member).toContain(t("help.limitsServerTitle"));
        expect(member).not.toContain(t("helpList.moderators"));
        expect(moderator).toContain(t("helpList.moderators"));
        expect(moderator).toContain(`/${t("command.imagine-config.name")}`);
        expect(inDm).toContain(t("help.limitsDmTitle"));
        expect(inDm).not.toContain(t("helpList.moderators"));
      }
      // Discord (the emulator) accepted every answer: none was refused for its length.
      emu.assertNoRejectedRequests();
    },
  );
});
