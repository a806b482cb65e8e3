/**
 * Midjourney's own refusals count (issue 32): three refused prompts within 24 hours pause the member, who is
 * told privately why and until when; moderators see and lift the pause in `/imagine-config paused`; the
 * audit channel records both.
 */
import { afterEach, describe, expect, test } from "vitest";
import type { MessageSnapshot } from "../../tools/discord-emulator/world/message-objects.js";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { textOf } from "../support/message-view.js";
import { imagineAnswer } from "./admission-steps.js";
import { startImagine, waitForJobEnd } from "./imagine-steps.js";
import { runSettingsCommand } from "./settings-steps.js";

const AUDIT_CHANNEL_ID = "1200000000000000001";
const PAUSED = "You can't make images here until";

let h: BotHarness;
afterEach(async () => {
  await h?.stop();
});

/** Waits for an audit post containing `text`. */
function auditPost(text: string): Promise<MessageSnapshot> {
  return h.emu.waitFor(() => h.emu.messagesIn(AUDIT_CHANNEL_ID).find((m) => textOf(m).includes(text)), {
    description: `an audit post with ${text}`,
  });
}

/** Runs a prompt Midjourney refuses (the reference service bans "dragon") to its end. */
async function refusedPrompt(n: number) {
  const job = await startImagine(h, { prompt: `a dragon number ${n}` });
  h.service.advance();
  await waitForJobEnd(h, job.record.id);
  return job;
}

describe.each(["hosted", "self-hosted"] as const)("on a %s server", (profile) => {
  test("three of Midjourney's refusals pause the member; a moderator sees and lifts the pause", async () => {
    h = await startBotHarness({
      env: { AUDIT_CHANNEL_ID },
      service: { profile, initialHealth: "healthy", lifecycle: { bannedWords: ["dragon"] } },
    });
    const { emu, world } = h;
    emu.addChannel({ guildId: world.guild.id, name: "imagine-audit", id: AUDIT_CHANNEL_ID });

    await refusedPrompt(1);
    await refusedPrompt(2);
    expect(textOf(await imagineAnswer(h, world.alice, "a quiet meadow"))).not.toContain(PAUSED);
    const third = await refusedPrompt(3);
    const toldText = `You can't make images in **${world.guild.name}** until`;
    const told = await third.handle.waitForFollowUp({ where: (m) => textOf(m).includes(toldText) });
    expect(told.ephemeral).toBe(true);
    expect(textOf(told)).toContain("Midjourney refused 3 of your prompts there within 24 hours");
    expect(textOf(told)).toMatch(/<t:\d+:f>/);
    await auditPost("is paused until");

    const creates = h.service.creates;
    const refusal = await imagineAnswer(h, world.alice, "a quiet meadow");
    expect(refusal.ephemeral).toBe(true);
    expect(textOf(refusal)).toContain(PAUSED);
    expect(h.service.creates).toBe(creates);

    const list = await runSettingsCommand(h, {
      name: "imagine-config",
      subcommand: ["paused", "list"],
      user: world.mod,
    });
    expect(textOf(list.answer)).toContain(`<@${world.alice.id}>`);
    expect(textOf(list.answer)).toContain("Midjourney's refusals: 3");

    const lift = await runSettingsCommand(h, {
      name: "imagine-config",
      subcommand: ["paused", "lift"],
      options: { member: world.alice.id },
      user: world.mod,
    });
    expect(textOf(lift.answer)).toContain("is lifted");
    await auditPost(`<@${world.mod.id}> lifted the pause of <@${world.alice.id}>`);
    emu.clock.advance(60_000);
    await startImagine(h, { prompt: "a quiet meadow again" });
    expect(h.service.creates).toBe(creates + 1);
  });
});

test("MIDJOURNEY_REFUSALS_TO_PAUSE=0 pauses nobody", async () => {
  h = await startBotHarness({
    env: { MIDJOURNEY_REFUSALS_TO_PAUSE: "0", USER_COOLDOWN_MS: "0" },
    service: { initialHealth: "healthy", lifecycle: { bannedWords: ["dragon"] } },
  });
  for (let n = 1; n <= 3; n++) await refusedPrompt(n);
  expect(textOf(await imagineAnswer(h, h.world.alice, "a quiet meadow"))).not.toContain(PAUSED);
});

test("a pause in DMs is told as one nobody can lift, and refuses the next DM prompt with the same words", async () => {
  h = await startBotHarness({
    env: { MIDJOURNEY_REFUSALS_TO_PAUSE: "1", USER_COOLDOWN_MS: "0" },
    service: { initialHealth: "healthy", lifecycle: { bannedWords: ["dragon"] } },
  });
  const { emu, world, service } = h;
  const dms = () =>
    emu.messagesIn(emu.dmChannelWith(world.alice)).filter((m) => m.author.id === emu.botUser.id);
  const DM_PAUSE = "You can't make images in DMs with this bot until";
  await emu.sendDirectMessage({ user: world.alice, content: "a dragon over the sea" });
  await emu.waitFor(() => service.records().length === 1);
  service.advance();
  const told = await emu.waitFor(() => dms().find((m) => textOf(m).includes(DM_PAUSE)), {
    description: "the DM telling alice she is paused",
  });
  expect(textOf(told)).toContain("The pause ends by itself; nobody can lift it sooner.");
  expect(textOf(told)).not.toContain("moderator");

  await emu.sendDirectMessage({ user: world.alice, content: "a quiet meadow" });
  await emu.waitFor(() => dms().filter((m) => textOf(m).includes(DM_PAUSE)).length === 2, {
    description: "the refusal of the next DM prompt",
  });
  expect(service.creates).toBe(1);
});
