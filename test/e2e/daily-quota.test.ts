/**
 * The daily images per member (USER_DAILY_IMAGES, or a server's own) and `/quota`, which shows what is left
 * today, where the limit comes from and when it starts again.
 */
import { afterEach, describe, expect, test } from "vitest";
import { nextUtcMidnight } from "../../src/moderation/server-rules.js";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { textOf } from "../support/message-view.js";
import { answerTo, imagineAnswer } from "./admission-steps.js";
import { startImagine } from "./imagine-steps.js";

let h: BotHarness;
afterEach(async () => {
  await h?.stop();
});

/** Runs /quota as alice and returns the text of its answer. */
async function quota(): Promise<string> {
  const handle = await h.emu.sendSlashCommand({
    name: "quota",
    options: {},
    user: h.world.alice,
    channelId: h.world.general.id,
  });
  const answer = await answerTo(h, handle);
  expect(answer.ephemeral).toBe(true);
  return textOf(answer);
}

describe("daily images", () => {
  test("the image over the daily limit is refused until midnight UTC, and /quota shows what is left", async () => {
    h = await startBotHarness({ env: { USER_DAILY_IMAGES: "2", USER_MAX_ACTIVE_JOBS: "5" } });
    expect(await quota()).toMatch(/started 0 images today of 2 a day \(the bot's default\): \*\*2 left\*\*/);
    await startImagine(h, { prompt: "a red kite" });
    await startImagine(h, { prompt: "a blue kite" });
    const midnight = nextUtcMidnight(h.emu.clock.now());

    const refused = await imagineAnswer(h, h.world.alice, "a green kite");
    expect(refused.ephemeral).toBe(true);
    expect(textOf(refused)).toMatch(/started 2 images today, your daily limit here \(2\)/);
    expect(textOf(refused)).toContain(`<t:${midnight / 1000}:R>`);
    expect(refused.components).toEqual([]);
    expect(h.service.records()).toHaveLength(2);

    const shown = await quota();
    expect(shown).toMatch(/started 2 images today of 2 a day \(the bot's default\): \*\*0 left\*\*/);
    expect(shown).toContain(`<t:${midnight / 1000}:R>`);
    expect(shown).toMatch(/You have 2 images being generated, of at most 5 at once/);

    // A moderator raises this server's limit: the next image is accepted at once.
    await h.bot.context.settings.updateGuild(h.world.guild.id, () => ({
      userDailyImages: 3,
      userMaxActive: 5,
    }));
    expect(await quota()).toMatch(
      /started 2 images today of 3 a day \(this server's setting\): \*\*1 left\*\*/,
    );
    expect((await imagineAnswer(h, h.world.alice, "a green kite")).ephemeral).toBe(false);
    expect(h.service.records()).toHaveLength(3);
  });

  test("a member's role with a higher daily limit is named as its source", async () => {
    h = await startBotHarness();
    const { emu, world } = h;
    const patrons = emu.addRole({ guildId: world.guild.id, name: "Patrons" });
    emu.addMember({ guildId: world.guild.id, user: world.alice, roleIds: [patrons.id] });
    await h.bot.context.settings.updateGuild(world.guild.id, () => ({
      userDailyImages: 1,
      roleLimits: { [patrons.id]: { userDailyImages: 20 } },
    }));
    expect(await quota()).toContain(`of 20 a day (your role <@&${patrons.id}>): **20 left**`);
  });

  test("without a daily limit, /quota says so and still counts the day's images", async () => {
    h = await startBotHarness();
    await startImagine(h, { prompt: "a red kite" });
    expect(await quota()).toMatch(/started 1 image today; there is no daily limit/);
  });
});
