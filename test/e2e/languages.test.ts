import { afterEach, describe, expect, test } from "vitest";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { buttonsOf, textOf } from "../support/message-view.js";
import { buttonId, isGrid, recordFor, waitForResult, waitForUpscale } from "./imagine-steps.js";

let h: BotHarness;
afterEach(async () => {
  await h?.stop();
});

describe("languages", () => {
  test("the registered commands carry their German names and descriptions", async () => {
    h = await startBotHarness();
    const imagine = h.emu.registeredCommands(h.world.guild.id).find((c) => c.name === "imagine");
    expect(imagine?.name_localizations?.de).toBe("bild");
    expect(imagine?.description_localizations?.de).toBe("Ein Bild aus einer Textbeschreibung erzeugen");
    expect(imagine?.options?.[0]?.name_localizations?.de).toBe("beschreibung");
    expect(imagine?.name_localizations?.ja).toBe("画像生成");
  });

  test("a member with German locale sees the reply, the progress and the result in German", async () => {
    h = await startBotHarness({ service: { lifecycle: { steps: 4 } } });
    const { emu, world, service } = h;
    const handle = await emu.sendSlashCommand({
      name: "imagine",
      options: { prompt: "ein Leuchtturm --ar 16:9" },
      user: world.alice,
      channelId: world.general.id,
      locale: "de",
    });
    const waiting = await handle.waitForResponse({ where: (m) => /Wartet in der Schlange/.test(textOf(m)) });
    expect(textOf(waiting)).toContain("Warte darauf, dass der Generator deinen Auftrag startet.");
    expect(buttonsOf(waiting).map((b) => b.label)).toEqual(["Abbrechen"]);

    service.advance();
    const generating = await handle.waitForResponse({ where: (m) => /Wird erzeugt/.test(textOf(m)) });
    expect(textOf(generating)).toContain("**Beschreibung**");
    service.advance(4);
    const final = await waitForResult(h, recordFor(h, handle.id)!.id, isGrid);
    expect(textOf(final)).toContain("✅ Dein Bild ist fertig");
    expect(textOf(final)).toContain(`<@${world.alice.id}> dein Bild ist fertig.`);
    expect((final.embeds[0]?.fields ?? []).map((f) => f.name)).toContain("Angefordert von");
    expect(textOf(final)).not.toContain("Your image is ready");
    emu.assertNoRejectedRequests();
  });

  test("a refusal reads in the member's locale, while another member's stays English", async () => {
    h = await startBotHarness({ env: { USER_MAX_ACTIVE_JOBS: "1" } });
    const { emu, world } = h;
    const imagine = (prompt: string, locale: string) =>
      emu.sendSlashCommand({
        name: "imagine",
        options: { prompt },
        user: world.alice,
        channelId: world.general.id,
        locale,
      });
    const first = await imagine("a lighthouse", "en-US");
    await first.waitForResponse({ where: (m) => /waiting in line/i.test(textOf(m)) });
    const refused = await imagine("a second lighthouse", "es-ES");
    const answer = await refused.waitForResponse({ where: (m) => m.ephemeral && textOf(m) !== "" });
    expect(textOf(answer)).toContain("Ya tienes 1 imagen generándose, el máximo a la vez (1).");
    expect(buttonsOf(answer).map((b) => b.label)).toEqual(["Reintentar"]);
  });

  test("a member's /settings language wins over their Discord locale", async () => {
    h = await startBotHarness();
    const { emu, world } = h;
    const chosen = await emu.sendSlashCommand({
      name: "settings",
      subcommand: "language",
      options: { language: "ja" },
      user: world.alice,
      channelId: world.general.id,
      locale: "de",
    });
    await chosen.waitForResponse({ where: (m) => textOf(m) !== "" });
    const help = await emu.sendSlashCommand({
      name: "help",
      user: world.alice,
      channelId: world.general.id,
      locale: "de",
    });
    const text = textOf(await help.waitForResponse({ where: (m) => m.embeds.length > 0 }));
    expect(text).toMatch(/^コマンド$/m);
    expect(text).toContain("`/画像生成 プロンプト:`");
  });

  test("a single image is posted in the clicker's language, under a grid in the requester's", async () => {
    h = await startBotHarness({ service: { lifecycle: { steps: 2 } } });
    const { emu, world, service } = h;
    const handle = await emu.sendSlashCommand({
      name: "imagine",
      options: { prompt: "ein Leuchtturm" },
      user: world.alice,
      channelId: world.general.id,
      locale: "de",
    });
    await handle.waitForResponse({ where: (m) => /Wartet in der Schlange/.test(textOf(m)) });
    const jobId = recordFor(h, handle.id)!.id;
    service.advance(5);
    const grid = await waitForResult(h, jobId, isGrid);
    expect(textOf(grid)).toContain("Dein Bild ist fertig");
    await emu.clickButton({ message: grid, customId: buttonId(grid, "U1"), user: world.mod, locale: "ja" });
    const single = await waitForUpscale(h, jobId, 0);
    expect(single.embeds[0]?.title).toBe("🖼️ 画像 U1");
    expect(textOf(single)).toContain(`<@${world.mod.id}> 画像 U1 です。`);
    const again = await emu.clickButton({
      message: grid,
      customId: buttonId(grid, "U1"),
      user: world.mod,
      locale: "ja",
    });
    const answer = await again.waitForResponse({ where: (m) => m.ephemeral && textOf(m) !== "" });
    // Posted already, or still on its way: either way the clicker is answered in Japanese.
    expect(textOf(answer)).toMatch(/U1 はすでに(投稿されています|準備中です)/);
  });

  test("a public message follows the server's language when the member's is not one the bot speaks", async () => {
    h = await startBotHarness();
    const { emu, world } = h;
    world.guild.locale = "de";
    const imagine = (prompt: string, locale: string) =>
      emu.sendSlashCommand({
        name: "imagine",
        options: { prompt },
        user: world.alice,
        channelId: world.general.id,
        locale,
      });
    const korean = await imagine("a lighthouse", "ko");
    const progress = await korean.waitForResponse({ where: (m) => /Wartet in der Schlange/.test(textOf(m)) });
    expect(progress.ephemeral).toBe(false);
    // What only the member sees stays in English for a language the bot does not speak.
    const refused = await imagine("a cat --chaos 150", "ko");
    const english = await refused.waitForResponse({ where: (m) => m.ephemeral && textOf(m) !== "" });
    expect(textOf(english)).toContain("`--chaos 150` is not valid: use a whole number from 0 to 100");
    // A member whose language the bot speaks is refused in it, whatever the server's.
    const french = await imagine("a cat --chaos 150", "fr");
    const answer = await french.waitForResponse({ where: (m) => m.ephemeral && textOf(m) !== "" });
    expect(textOf(answer)).toContain(
      "`--chaos 150` n’est pas valide : utilise un nombre entier de 0 à 100, par ex. `--chaos 50`.",
    );
    emu.assertNoRejectedRequests();
  });
});
