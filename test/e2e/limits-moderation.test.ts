import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import type { MessageSnapshot } from "../../tools/discord-emulator/world/message-objects.js";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { textOf } from "../support/message-view.js";
import { imagineAnswer, makeTempDir, removeTempDirs } from "./admission-steps.js";
import { isGrid, startImagine, waitForResult } from "./imagine-steps.js";

let h: BotHarness;
afterEach(async () => {
  await h?.stop();
  await removeTempDirs();
});

/** How many create requests reached the image service. */
function createRequests(): number {
  return h.service.requests.filter((r) => r.request === "POST /items/images").length;
}

/** A fixed id for the audit channel: the bot's configuration names it before the channel exists. */
const AUDIT_CHANNEL_ID = "1200000000000000001";

describe("banned words", () => {
  test.each([
    ["a word from BANNED_WORDS, in capitals", "a city full of GORE at night", /`gore`/i],
    ["a phrase from BANNED_WORDS, written with a hyphen", "a blood-bath in the arena", /`blood.bath`/i],
    ["a word from BANNED_WORDS_FILE", "a napalm sunrise", /`napalm`/i],
  ])(
    "%s is refused privately, naming the word and the owner's list, with the prompt; nothing reaches the service",
    async (_name, prompt, word) => {
      const tempDir = await makeTempDir();
      const file = join(tempDir, "banned.txt");
      await writeFile(file, "# words this server does not allow\nnapalm\n");
      h = await startBotHarness({ env: { BANNED_WORDS: "gore, blood bath", BANNED_WORDS_FILE: file } });
      const refusal = await imagineAnswer(h, h.world.alice, prompt);
      expect(refusal.ephemeral).toBe(true);
      expect(textOf(refusal)).toMatch(word);
      expect(textOf(refusal)).toContain("is on the bot owner's list of banned words");
      expect(textOf(refusal)).toContain(prompt);
      expect(createRequests()).toBe(0);
      expect(h.emu.messagesIn(h.world.general)).toEqual([]);
      h.emu.assertNoRejectedRequests();
    },
  );

  test("only whole words count: a prompt containing a banned word inside another word is accepted", async () => {
    h = await startBotHarness({ env: { BANNED_WORDS: "gore" } });
    await startImagine(h, { prompt: "a gorgeous sunset over the bay" });
    expect(createRequests()).toBe(1);
  });

  test("a DM prompt with a banned word is refused the same way", async () => {
    h = await startBotHarness({ env: { BANNED_WORDS: "gore" } });
    const { emu, world } = h;
    await emu.sendDirectMessage({ user: world.alice, content: "some gore please" });
    const answer = await emu.waitForMessage(
      emu.dmChannelWith(world.alice),
      (m) => m.author.id === emu.botUser.id,
    );
    expect(textOf(answer)).toContain("`gore` is on this bot's list of banned words");
    expect(textOf(answer)).toContain("some gore please");
    expect(createRequests()).toBe(0);
  });
});

describe("service health", () => {
  test("while the service reports itself paused, /imagine says so up front and creates nothing", async () => {
    h = await startBotHarness();
    const { emu, world, service } = h;
    service.setHealth("paused", "maintenance");
    const refusal = await imagineAnswer(h, world.alice, "a windmill at dawn");
    expect(refusal.ephemeral).toBe(true);
    expect(textOf(refusal)).toMatch(/paused/);
    expect(textOf(refusal)).toMatch(/maintenance/);
    expect(textOf(refusal)).toMatch(/try again later/i);
    expect(createRequests()).toBe(0);

    service.setHealth("healthy");
    emu.clock.advance(60_000); // past the bot's cached health answer
    const accepted = await imagineAnswer(h, world.alice, "a windmill at dawn");
    expect(accepted.ephemeral).toBe(false);
    expect(createRequests()).toBe(1);
    emu.assertNoRejectedRequests();
  });
});

describe("audit channel", () => {
  /** The audit channel's messages whose title starts with `title`, once there are `count`. */
  function auditEntries(title: string, count = 1): Promise<MessageSnapshot[]> {
    return h.emu.waitFor(
      () => {
        const found = h.emu
          .messagesIn(AUDIT_CHANNEL_ID)
          .filter((m) => m.embeds[0]?.title?.startsWith(title) ?? false);
        return found.length >= count ? found : undefined;
      },
      { description: `${count} audit entries "${title}"` },
    );
  }

  test("submissions, refusals and outcomes are posted with requester, prompt and job id", async () => {
    h = await startBotHarness({ env: { AUDIT_CHANNEL_ID, BANNED_WORDS: "gore" } });
    const { emu, world, service } = h;
    emu.addChannel({ guildId: world.guild.id, name: "imagine-audit", id: AUDIT_CHANNEL_ID });

    const job = await startImagine(h, { prompt: "a quiet meadow in spring" });
    const [submitted] = await auditEntries("Image submitted");
    expect(textOf(submitted)).toContain(`<@${world.alice.id}>`);
    expect(textOf(submitted)).toContain("a quiet meadow in spring");
    expect(textOf(submitted)).toContain(job.record.id);

    service.completeNow(job.record.id);
    await waitForResult(h, job.record.id, isGrid);
    const [completed] = await auditEntries("Image completed");
    expect(textOf(completed)).toContain(job.record.id);
    expect(textOf(completed)).toContain(`<@${world.alice.id}>`);
    expect(textOf(completed)).toContain("a quiet meadow in spring");

    await imagineAnswer(h, world.mod, "a field of gore");
    const [refused] = await auditEntries("Image refused");
    expect(textOf(refused)).toContain(`<@${world.mod.id}>`);
    expect(textOf(refused)).toContain("a field of gore");
    expect(textOf(refused)).toContain("banned-words");

    await emu.sendDirectMessage({ user: world.outsider, content: "a lantern by the sea" });
    const dmEntries = await auditEntries("Image submitted", 2);
    expect(textOf(dmEntries[1])).toContain(`<@${world.outsider.id}>`);
    expect(textOf(dmEntries[1])).toContain("a lantern by the sea");
    expect(textOf(dmEntries[1])).toContain(
      service.records().find((r) => r.prompt === "a lantern by the sea")!.id,
    );
    emu.assertNoRejectedRequests();
  });

  test("a job that fails is posted with the service's error", async () => {
    h = await startBotHarness({
      env: { AUDIT_CHANNEL_ID },
      service: {
        lifecycle: { failPattern: /doomed/, failError: "Midjourney message: Banned prompt detected" },
      },
    });
    h.emu.addChannel({ guildId: h.world.guild.id, name: "imagine-audit", id: AUDIT_CHANNEL_ID });
    const job = await startImagine(h, { prompt: "a doomed voyage" });
    h.service.advance();
    const [failed] = await auditEntries("Image failed");
    expect(textOf(failed)).toContain(job.record.id);
    expect(textOf(failed)).toContain("Banned prompt detected");
  });
});
