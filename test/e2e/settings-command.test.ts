import { afterEach, describe, expect, test } from "vitest";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { textOf } from "../support/message-view.js";
import { removeTempDirs } from "./admission-steps.js";
import { messageNonce } from "../../src/imagine/posted-message.js";
import { isGrid, recordFor, startImagine, waitForJobEnd, waitForResult } from "./imagine-steps.js";
import { runSettingsCommand, startWithDatabase } from "./settings-steps.js";

let h: BotHarness;
afterEach(async () => {
  await h?.stop();
  await removeTempDirs();
});

describe("/settings", () => {
  test("a member who picks a language is answered in it at once; picking none answers in their Discord language", async () => {
    h = await startWithDatabase();
    /** alice, whose Discord client speaks `locale`, runs /settings language with `options`. */
    const language = (locale: string, options: Record<string, string>) =>
      runSettingsCommand(h, {
        name: "settings",
        subcommand: "language",
        options,
        user: h.world.alice,
        locale,
      });
    const chosen = await language("en-US", { language: "de" });
    expect(chosen.answer.ephemeral).toBe(true);
    expect(textOf(chosen.answer)).toContain("**Sprache**: nicht gesetzt → Deutsch");
    const cleared = await language("fr", {});
    expect(textOf(cleared.answer)).toContain("Deutsch → non défini");
    h.emu.assertNoRejectedRequests();
  });

  test("a member's suffix and default aspect ratio reach the prompt the service receives, the prompt's own --ar winning", async () => {
    h = await startWithDatabase();
    const { emu, world, service } = h;
    const suffix = await runSettingsCommand(h, {
      name: "settings",
      subcommand: "suffix",
      options: { text: "oil painting --v 6" },
      user: world.alice,
    });
    expect(suffix.answer.ephemeral).toBe(true);
    expect(textOf(suffix.answer)).toContain("**Suffix**: not set → `oil painting --v 6`");
    await runSettingsCommand(h, {
      name: "settings",
      subcommand: "aspect-ratio",
      options: { ratio: "16:9" },
      user: world.alice,
    });

    const first = await emu.sendSlashCommand({
      name: "imagine",
      options: { prompt: "a lighthouse" },
      user: world.alice,
      channelId: world.general.id,
    });
    await emu.waitFor(() => recordFor(h, first.id));
    expect(recordFor(h, first.id)?.prompt).toBe("a lighthouse oil painting --v 6 --ar 16:9");
    const second = await emu.sendSlashCommand({
      name: "imagine",
      options: { prompt: "a harbour --ar 2:3" },
      user: world.alice,
      channelId: world.general.id,
    });
    await emu.waitFor(() => recordFor(h, second.id));
    expect(recordFor(h, second.id)?.prompt).toBe("a harbour oil painting --ar 2:3 --v 6");

    // Another member's prompts are their own.
    const mods = await emu.sendSlashCommand({
      name: "imagine",
      options: { prompt: "a harbour" },
      user: world.mod,
      channelId: world.general.id,
    });
    await emu.waitFor(() => recordFor(h, mods.id));
    expect(recordFor(h, mods.id)?.prompt).toBe("a harbour");
    expect(service.records()).toHaveLength(3);
    emu.assertNoRejectedRequests();
  });

  test("a suffix the prompt checks refuse is refused with the same message, and nothing is saved", async () => {
    h = await startBotHarness();
    const { emu, world } = h;
    const refused = await runSettingsCommand(h, {
      name: "settings",
      subcommand: "suffix",
      options: { text: "--chaos 150" },
      user: world.alice,
    });
    expect(refused.answer.ephemeral).toBe(true);
    expect(textOf(refused.answer)).toContain("`--chaos 150` is not valid: use a whole number from 0 to 100");
    const typed = await emu.sendSlashCommand({
      name: "imagine",
      options: { prompt: "a cat --chaos 150" },
      user: world.alice,
      channelId: world.general.id,
    });
    const imagineRefusal = await typed.waitForResponse({ where: (m) => textOf(m) !== "" });
    expect(textOf(imagineRefusal)).toContain("`--chaos 150` is not valid: use a whole number from 0 to 100");
    const japanese = await runSettingsCommand(h, {
      name: "settings",
      subcommand: "aspect-ratio",
      options: { ratio: "wide" },
      user: world.alice,
      locale: "ja",
    });
    expect(textOf(japanese.answer)).toContain(
      "`--ar wide` は無効です。幅:高さ の形の整数を使ってください。例: `--ar 16:9`",
    );
    const shown = await runSettingsCommand(h, { name: "settings", subcommand: "show", user: world.alice });
    expect(textOf(shown.answer)).toContain("**Suffix**: not set (none)");
    emu.assertNoRejectedRequests();
  });

  test("show lists what a member set, in the language they chose; reset removes it all and says old → new", async () => {
    h = await startWithDatabase();
    const { emu, world } = h;
    await runSettingsCommand(h, {
      name: "settings",
      subcommand: "delivery",
      options: { where: "dm" },
      user: world.alice,
    });
    await runSettingsCommand(h, {
      name: "settings",
      subcommand: "language",
      options: { language: "de" },
      user: world.alice,
    });

    const shown = await runSettingsCommand(h, {
      name: "settings",
      subcommand: "show",
      user: world.alice,
    });
    expect(shown.answer.ephemeral).toBe(true);
    expect(textOf(shown.answer)).toContain("**Zustellung der Ergebnisse**: per Direktnachricht");
    expect(textOf(shown.answer)).toContain("**Sprache**: Deutsch");

    // The reset is answered in the language chosen until then; the next answer is in the client's again.
    const reset = await runSettingsCommand(h, { name: "settings", subcommand: "reset", user: world.alice });
    expect(reset.answer.ephemeral).toBe(true);
    expect(textOf(reset.answer)).toContain(
      "**Zustellung der Ergebnisse**: per Direktnachricht → nicht gesetzt",
    );
    expect(textOf(reset.answer)).toContain("**Sprache**: Deutsch → nicht gesetzt");
    const after = await runSettingsCommand(h, { name: "settings", subcommand: "show", user: world.alice });
    expect(textOf(after.answer)).toContain("**Result delivery**: not set (in the channel)");
    emu.assertNoRejectedRequests();
  });
});

/** Starts the bot and has alice choose delivery by DM. */
async function startWithDeliveryByDm(): Promise<BotHarness> {
  const harness = await startWithDatabase();
  const options = { where: "dm" };
  await runSettingsCommand(harness, {
    name: "settings",
    subcommand: "delivery",
    options,
    user: harness.world.alice,
  });
  return harness;
}

describe("/settings delivery", () => {
  test("by DM: the finished grid goes to the member's DMs once, the channel's progress message is removed; after a restart too", async () => {
    h = await startWithDeliveryByDm();
    const { emu, world, service } = h;
    const job = await startImagine(h, { prompt: "a quiet harbour" });
    await h.restart({ hard: true });
    service.completeNow(job.record.id);
    const result = await waitForResult(h, job.record.id, isGrid);
    expect(result.channel_id).toBe(emu.dmChannelWith(world.alice).id);
    await emu.waitFor(() => emu.message(job.waiting.id)?.deleted, {
      description: "the progress message removed",
    });
    await waitForJobEnd(h, job.record.id);
    expect(
      emu.messagesWithNonce(messageNonce(job.record.id, "result")).filter((m) => !m.deleted),
    ).toHaveLength(1);
    expect(emu.messagesIn(world.general.id).filter((m) => !m.deleted && isGrid(m))).toEqual([]);
    emu.assertNoRejectedRequests();
  });

  test("by DM to a member who takes no DMs: the result is posted in the channel instead", async () => {
    h = await startWithDeliveryByDm();
    const { emu, world, service } = h;
    emu.blockDms(world.alice);
    const job = await startImagine(h, { prompt: "a quiet harbour" });
    service.completeNow(job.record.id);
    const result = await waitForResult(h, job.record.id, isGrid);
    expect(result.channel_id).toBe(world.general.id);
  });
});
