/**
 * One image server, no waiting line (no IMAGINE_API_SLOTS), whose Midjourney account got a notice (issue
 * 39): the member's job ends in plain words, unblamed; the server is held, and a new /imagine is answered
 * in plain words (the server is held, try later) rather than an error, with nothing sent to it.
 */
import { afterEach, describe, expect, test } from "vitest";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { textOf } from "../support/message-view.js";
import { waitForResult } from "./imagine-steps.js";
import { createsAt } from "./pool-steps.js";
import { imagineReply } from "./service-error-steps.js";

const NOTICE =
  "You have been blocked from accessing Midjourney. This happens on repeated or serious ToS violations.";

let h: BotHarness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

async function imagine(bot: BotHarness, prompt: string) {
  return bot.emu.sendSlashCommand({
    name: "imagine",
    options: { prompt },
    user: bot.world.alice,
    channelId: bot.world.general.id,
  });
}

describe("one image server whose account is held, without a waiting line", () => {
  test("a new /imagine is told in plain words that the server is held, and nothing is sent to it", async () => {
    h = await startBotHarness();
    h.service.lifecycle.accountNotice = NOTICE;
    const first = await imagine(h, "a quiet harbour");
    await first.waitForResponse({ where: (m) => /waiting in (queue|line)/i.test(textOf(m)) });
    const job = (await h.bot.context.imagine.findJob(first.id))!;
    h.service.advance();
    const ended = await waitForResult(h, job.imageId, (m) => textOf(m).includes("not about your prompt"));
    expect(textOf(ended)).not.toContain("ToS");

    const { reply: answer } = await imagineReply(h, "a red boat");
    expect(textOf(answer)).not.toMatch(/RangeError|went wrong|Invalid/i);
    expect(textOf(answer)).toContain("No image server can take new work right now");
    expect(textOf(answer)).toContain("this does not count against you");
    expect(answer.ephemeral).toBe(true);
    expect(createsAt(h.service)).toBe(1);
    expect(h.logs.lines.filter((l) => l.includes("RangeError"))).toEqual([]);
  });
});
