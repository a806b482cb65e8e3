/**
 * Styles end to end, through the real discord.js against the emulator (autocomplete included) and a real
 * SQLite database: a moderator names a style, a member is offered it while typing `/imagine style:`, the
 * style's text joins the prompt the service gets and its name shows with the job; a style removed since is
 * refused privately, with nothing sent to the service.
 */
import { afterEach, describe, expect, test } from "vitest";
import { deployCommands } from "../../commands/index.js";
import type { InjectedFault } from "../../tools/reference-service/index.js";
import type { SlashOptionValue } from "../../tools/discord-emulator/world/slash-options.js";
import type { BotHarness } from "../support/bot-harness.js";
import { textOf } from "../support/message-view.js";
import { answerTo, removeTempDirs } from "./admission-steps.js";
import { buttonId, isGrid, recordFor, waitForResult } from "./imagine-steps.js";
import { runSettingsCommand, startWithDatabase } from "./settings-steps.js";

let h: BotHarness;
afterEach(async () => {
  await h?.stop();
  await removeTempDirs();
});

const WATERCOLOUR = "soft watercolour, paper texture --stylize 250";

/** Runs `/imagine-config styles <sub>` as the moderator and returns the ephemeral answer's text. */
async function styles(sub: string, options: Record<string, SlashOptionValue> = {}): Promise<string> {
  const input = { name: "imagine-config", subcommand: ["styles", sub] as const, options, user: h.world.mod };
  const { answer } = await runSettingsCommand(h, input);
  expect(answer.ephemeral).toBe(true);
  return textOf(answer);
}

/** What the member is offered after typing `typed` into `/imagine style:` (in #general unless told). */
async function suggestions(typed: string, where: { dm?: boolean } = {}) {
  const { emu, world } = h;
  const channelId = where.dm ? emu.dmChannelWith(world.alice).id : world.general.id;
  const handle = await emu.autocomplete({
    name: "imagine",
    focused: "style",
    typed,
    options: { prompt: "a fox" },
    user: world.alice,
    channelId,
  });
  return handle.waitForChoices();
}

describe("styles", () => {
  test("a moderator's style is suggested while typing, joins the prompt sent, and shows with the job and its grid", async () => {
    h = await startWithDatabase();
    const { emu, world, service } = h;
    expect(await styles("set", { name: "Watercolour", text: WATERCOLOUR })).toContain(
      `**Style “Watercolour”**: not set → \`${WATERCOLOUR}\``,
    );
    await styles("set", { name: "Noir", text: "film noir, high contrast" });

    expect(await suggestions("wat")).toEqual([
      { name: `Watercolour — ${WATERCOLOUR}`, value: "Watercolour" },
    ]);
    expect((await suggestions("")).map((c) => c.value)).toEqual(["Watercolour", "Noir"]);
    expect(await styles("list")).toContain(`**Noir**: \`film noir, high contrast\``);
    const shown = await runSettingsCommand(h, {
      name: "imagine-config",
      subcommand: "show",
      user: world.mod,
    });
    expect(textOf(shown.answer)).toContain("**Styles**: `Watercolour`, `Noir`");

    const handle = await emu.sendSlashCommand({
      name: "imagine",
      options: { prompt: "a fox in the snow --ar 3:2", style: "Watercolour" },
      user: world.alice,
      channelId: world.general.id,
    });
    const waiting = await handle.waitForResponse({ where: (m) => /waiting in line/i.test(textOf(m)) });
    expect(waiting.embeds[0]?.fields).toContainEqual({ name: "Style", value: "Watercolour", inline: true });
    const record = recordFor(h, handle.id);
    expect(record?.prompt).toBe("a fox in the snow, soft watercolour, paper texture --ar 3:2 --stylize 250");

    service.completeNow(record?.id ?? "");
    const grid = await waitForResult(h, record?.id ?? "", isGrid);
    expect(grid.embeds[0]?.fields).toContainEqual({ name: "Style", value: "Watercolour", inline: true });

    // 🔄 makes the same prompt again, and the new job still says which style it holds.
    const reroll = await emu.clickButton({
      message: grid,
      customId: buttonId(grid, "🔄"),
      user: world.alice,
    });
    const again = await reroll.waitForResponse({ where: (m) => /waiting in line/i.test(textOf(m)) });
    expect(again.embeds[0]?.fields).toContainEqual({ name: "Style", value: "Watercolour", inline: true });
    expect(service.records().map((r) => r.prompt)).toEqual([record?.prompt, record?.prompt]);
    emu.assertNoRejectedRequests();
  });

  test("a styled prompt refused in an outage keeps its style: Try again starts it with the style shown", async () => {
    h = await startWithDatabase();
    const { emu, world, service } = h;
    await styles("set", { name: "Watercolour", text: WATERCOLOUR });
    service.faults.queue.push(...Array<InjectedFault>(6).fill("502-html"));
    const handle = await emu.sendSlashCommand({
      name: "imagine",
      options: { prompt: "a fox in the snow", style: "Watercolour" },
      user: world.alice,
      channelId: world.general.id,
    });
    const refusal = await answerTo(h, handle);
    expect(textOf(refusal)).toMatch(/The image service is unavailable/);
    service.faults.queue.length = 0;

    const retry = await emu.clickButton({
      message: refusal,
      customId: buttonId(refusal, "Try again"),
      user: world.alice,
    });
    const started = await answerTo(h, retry);
    expect(textOf(started)).toMatch(/waiting in line/i);
    expect(started.embeds[0]?.fields).toContainEqual({ name: "Style", value: "Watercolour", inline: true });
    expect(service.records().map((r) => r.prompt)).toEqual([
      "a fox in the snow, soft watercolour, paper texture --stylize 250",
    ]);
    emu.assertNoRejectedRequests();
  });

  test("a style removed since it was suggested is refused privately with the prompt, and nothing reaches the service", async () => {
    h = await startWithDatabase();
    const { emu, world, service } = h;
    await styles("set", { name: "Noir", text: "film noir" });
    await styles("set", { name: "Sepia", text: "sepia tones" });
    const removeOffered = await emu.autocomplete({
      name: "imagine-config",
      subcommand: ["styles", "remove"],
      focused: "name",
      typed: "no",
      user: world.mod,
      channelId: world.general.id,
    });
    expect((await removeOffered.waitForChoices()).map((c) => c.value)).toEqual(["Noir"]);
    expect(await styles("remove", { name: "noir" })).toContain("**Style “Noir”**: `film noir` → not set");

    const handle = await emu.sendSlashCommand({
      name: "imagine",
      options: { prompt: "a dark alley", style: "Noir" },
      user: world.alice,
      channelId: world.general.id,
    });
    const refusal = await handle.waitForResponse({ where: (m) => textOf(m) !== "" });
    expect(refusal.ephemeral).toBe(true);
    expect(textOf(refusal)).toContain(
      "This server has no style named `Noir` (any more). Its styles: `Sepia`.",
    );
    expect(textOf(refusal)).toContain("a dark alley");
    expect(service.records()).toHaveLength(0);
    expect(await suggestions("no")).toEqual([]);
    emu.assertNoRejectedRequests();
  });

  test("in DMs nothing is suggested and a style is refused: styles belong to a server", async () => {
    h = await startWithDatabase();
    const { emu, world, service } = h;
    await styles("set", { name: "Noir", text: "film noir" });
    // Registered globally, as an owner does for DMs (the harness registers in the server only).
    await deployCommands(h.config, undefined, { kind: "global" });
    expect(await suggestions("", { dm: true })).toEqual([]);
    const handle = await emu.sendSlashCommand({
      name: "imagine",
      options: { prompt: "a dark alley", style: "Noir" },
      user: world.alice,
      channelId: emu.dmChannelWith(world.alice).id,
    });
    const refusal = await handle.waitForResponse({ where: (m) => textOf(m) !== "" });
    expect(textOf(refusal)).toContain("Styles belong to a server: in DMs there are none.");
    expect(service.records()).toHaveLength(0);
    emu.assertNoRejectedRequests();
  });
});
