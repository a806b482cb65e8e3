/**
 * Buttons posted by a version of the bot whose ids did not carry the requester (`imagine:u:<job>:<i>`,
 * `imagine:r:<job>`, `imagine-status:page:<n>`) keep working after the upgrade. Without the requester in
 * the id, who may reroll comes from the job store; for a job it no longer knows, only moderators may.
 */
import { ButtonStyle, ComponentType, type TextChannel } from "discord.js";
import { afterEach, describe, expect, test } from "vitest";
import { MemoryJobStore } from "../support/memory-job-store.js";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { textOf } from "../support/message-view.js";
import { imagineGrid, recordFor, waitForUpscale } from "./imagine-steps.js";

let h: BotHarness;
afterEach(async () => {
  await h?.stop();
});

/** The grid's buttons as the older version posted them. */
async function oldGrid(jobId: string): Promise<string> {
  const channel = (await h.bot.client.channels.fetch(h.world.general.id)) as TextChannel;
  const button = (customId: string, label: string) =>
    ({ type: ComponentType.Button, style: ButtonStyle.Secondary, customId, label }) as const;
  const message = await channel.send({
    content: "a grid from the older version",
    components: [
      {
        type: ComponentType.ActionRow,
        components: [button(`imagine:u:${jobId}:1`, "U2"), button(`imagine:r:${jobId}`, "🔄")],
      },
    ],
  });
  return message.id;
}

const isWaiting = (m: Parameters<typeof textOf>[0]) => /waiting in line/i.test(textOf(m));

describe("buttons posted before ids carried the requester", () => {
  test("U2 still posts the single image, for anyone", async () => {
    h = await startBotHarness();
    const { record } = await imagineGrid(h, { prompt: "an old lighthouse" });
    const grid = await oldGrid(record.id);
    await h.emu.clickButton({
      message: grid,
      customId: `imagine:u:${record.id}:1`,
      user: h.world.mod,
    });
    const single = await waitForUpscale(h, record.id, 1);
    expect(single.attachments.map((a) => a.filename)).toEqual(["u2.png"]);
    h.emu.assertNoRejectedRequests();
  });

  test("🔄 works for the requester the store remembers, and is refused to another member", async () => {
    h = await startBotHarness();
    const bob = h.emu.addUser({ username: "bob" });
    h.emu.addMember({ guildId: h.world.guild.id, user: bob });
    const { record } = await imagineGrid(h, { prompt: "an old lighthouse" });
    const grid = await oldGrid(record.id);

    const refused = await h.emu.clickButton({ message: grid, customId: `imagine:r:${record.id}`, user: bob });
    const refusal = await refused.waitForResponse();
    expect(refusal.ephemeral).toBe(true);
    expect(textOf(refusal)).toMatch(/only the person who asked/i);

    const reroll = await h.emu.clickButton({
      message: grid,
      customId: `imagine:r:${record.id}`,
      user: h.world.alice,
    });
    await reroll.waitForResponse({ where: isWaiting });
    expect(recordFor(h, reroll.id)?.prompt).toBe(record.prompt);
    h.emu.assertNoRejectedRequests();
  });

  test("🔄 of a job the store no longer knows works only for moderators", async () => {
    h = await startBotHarness();
    const { record } = await imagineGrid(h, { prompt: "an old lighthouse" });
    const grid = await oldGrid(record.id);
    await h.restart({ store: new MemoryJobStore() });

    const byRequester = await h.emu.clickButton({
      message: grid,
      customId: `imagine:r:${record.id}`,
      user: h.world.alice,
    });
    const refusal = await byRequester.waitForResponse();
    expect(refusal.ephemeral).toBe(true);
    expect(textOf(refusal)).toMatch(/only the person who asked/i);

    const byMod = await h.emu.clickButton({
      message: grid,
      customId: `imagine:r:${record.id}`,
      user: h.world.mod,
    });
    await byMod.waitForResponse({ where: isWaiting });
    expect(recordFor(h, byMod.id)?.prompt).toBe(record.prompt);
    h.emu.assertNoRejectedRequests();
  });
});
