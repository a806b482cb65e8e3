/**
 * ✖ Cancel end to end (emulator, reference service, real discord.js): the requester or a moderator stops
 * following a job from its message or from /imagine-status; the requester's quota is free at once, the
 * message says who cancelled it, and a result the service still produces is never posted, also after a
 * restart.
 */
import { ButtonStyle, ComponentType, type TextChannel } from "discord.js";
import { afterEach, describe, expect, test } from "vitest";
import { english } from "../../src/i18n/translate.js";
import { cancelButtonCodec } from "../../src/custom-ids/cancel-button-id.js";
import type { MessageSnapshot } from "../../tools/discord-emulator/world/message-objects.js";
import type { UserRef } from "../../tools/discord-emulator/world/world-types.js";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { buttonsOf, textOf } from "../support/message-view.js";
import { imagineAnswer, removeTempDirs } from "./admission-steps.js";
import { runSettingsCommand, startWithDatabase } from "./settings-steps.js";
import {
  clickLabel,
  imagineGrid,
  isGrid,
  resultsOf,
  startImagine,
  waitForResult,
  type StartedJob,
} from "./imagine-steps.js";

const AUDIT_CHANNEL_ID = "1200000000000000001";

let h: BotHarness;
afterEach(async () => {
  await h?.stop();
  await removeTempDirs();
});

const idOf = (user: UserRef) => (typeof user === "string" ? user : user.id);

/**
 * Whether the message says the job was cancelled by `by`. Posted as the job's result, it mentions its
 * requester first when someone else cancelled it ("<@requester> Cancelled by <@by>").
 */
const isCancelled = (by: UserRef) => (m: MessageSnapshot) =>
  m.content === `Cancelled by <@${idOf(by)}>` || m.content.endsWith(` Cancelled by <@${idOf(by)}>`);

/** How often the bot asked the service about an image so far. */
function pollsOf(imageId: string): number {
  return h.service.requests.filter((r) => r.request === `GET /items/images/${imageId}`).length;
}

/**
 * Waits until the job ends as "Cancelled by <by>": that is posted as the job's result (a new message) and
 * the progress message is deleted.
 */
async function cancelledMessage(job: StartedJob, by: UserRef): Promise<MessageSnapshot> {
  const cancelled = await waitForResult(h, job.record.id, isCancelled(by));
  await h.emu.waitFor(() => h.emu.message(job.waiting.id)?.deleted, {
    description: "the progress message deleted",
  });
  return cancelled;
}

/** `user` clicks ✖ Cancel on the job's message and the job ends as "Cancelled by <user>". */
async function cancelFromMessage(job: StartedJob, user: UserRef): Promise<MessageSnapshot> {
  const click = await clickLabel(h, job.waiting, "Cancel", user);
  await click.waitForAcknowledgement();
  return cancelledMessage(job, user);
}

/**
 * Runs another job to its grid: polls are ordered, so once it is shown any result of the cancelled job
 * would have been shown too.
 */
async function anotherJobFinishes(): Promise<void> {
  const other = await startImagine(h, { prompt: "a calm harbour", user: h.world.mod });
  h.service.completeNow(other.record.id);
  await waitForResult(h, other.record.id, isGrid);
}

describe("✖ Cancel", () => {
  test("waiting and progress messages offer Cancel; the grid does not", async () => {
    h = await startBotHarness({ service: { lifecycle: { steps: 2 } } });
    const job = await startImagine(h, { prompt: "a lighthouse" });
    expect(buttonsOf(job.waiting).map((b) => b.label)).toEqual(["Cancel"]);
    h.service.advance();
    const progress = await job.handle.waitForResponse({ where: (m) => /Generating/.test(textOf(m)) });
    expect(buttonsOf(progress).map((b) => b.label)).toEqual(["Cancel"]);
    h.service.advance(2);
    const grid = await waitForResult(h, job.record.id, isGrid);
    expect(buttonsOf(grid).map((b) => b.label)).not.toContain("Cancel");
    h.emu.assertNoRejectedRequests();
  });

  test("a member at a limit of 1 job cancels a hung job: the next /imagine is accepted at once, and the late result is never posted", async () => {
    h = await startBotHarness({ env: { USER_MAX_ACTIVE_JOBS: "1" } });
    const { world, emu, service } = h;
    const hung = await startImagine(h, { prompt: "a hung lighthouse" });
    const refused = await imagineAnswer(h, world.alice, "a second lighthouse");
    expect(refused.ephemeral).toBe(true);

    const cancelled = await cancelFromMessage(hung, world.alice);
    expect(cancelled.content).toBe(`Cancelled by <@${world.alice.id}>`);
    // A notice of her own action: nobody is pinged.
    expect(emu.notifiedBy(cancelled.id)).toEqual([]);
    expect(cancelled.components).toEqual([]);
    expect(textOf(cancelled)).toContain("a hung lighthouse");
    expect(textOf(cancelled)).toContain(hung.record.id);
    const pollsAtCancel = pollsOf(hung.record.id);

    const next = await startImagine(h, { prompt: "a second lighthouse" });
    expect(next.waiting.ephemeral).toBe(false);

    service.completeNow(hung.record.id);
    service.completeNow(next.record.id);
    await waitForResult(h, next.record.id, isGrid);
    await anotherJobFinishes();
    expect(emu.message(cancelled.id)?.content).toBe(cancelled.content);
    expect(emu.messageHistory(cancelled.id).filter(isGrid)).toEqual([]);
    expect(emu.messageHistory(hung.waiting.id).filter(isGrid)).toEqual([]);
    expect(resultsOf(h, hung.record.id).map((m) => m.id)).toEqual([cancelled.id]);
    const shown = emu.messagesIn(world.general).filter((m) => textOf(m).includes(hung.record.id));
    expect(shown.map((m) => m.id)).toEqual([cancelled.id]);
    expect(pollsOf(hung.record.id)).toBe(pollsAtCancel);
    emu.assertNoRejectedRequests();
  });

  test("a member who takes results by DM and cancels their own job gets the notice in the channel, unpinged", async () => {
    h = await startWithDatabase();
    const { world, emu } = h;
    const dm = { name: "settings", subcommand: "delivery", options: { where: "dm" }, user: world.alice };
    await runSettingsCommand(h, dm);
    const job = await startImagine(h, { prompt: "a lighthouse for my DMs" });

    const cancelled = await cancelFromMessage(job, world.alice);
    expect(cancelled.channel_id).toBe(world.general.id);
    expect(emu.notifications(world.alice)).toEqual([]);
    expect(emu.messagesIn(emu.dmChannelWith(world.alice))).toEqual([]);
    emu.assertNoRejectedRequests();
  });

  test("another member who is not a moderator is refused, only to them, and the job goes on", async () => {
    h = await startBotHarness();
    const { world, emu, service } = h;
    const bob = emu.addUser({ username: "bob" });
    emu.addMember({ guildId: world.guild.id, user: bob });
    const job = await startImagine(h, { prompt: "alice's lighthouse" });

    const click = await clickLabel(h, job.waiting, "Cancel", bob);
    const refusal = await click.waitForResponse();
    expect(refusal.ephemeral).toBe(true);
    expect(textOf(refusal)).toBe(english("cancel.notYours"));

    service.completeNow(job.record.id);
    const grid = await waitForResult(h, job.record.id, isGrid);
    expect(grid.content).toContain(`<@${world.alice.id}>`);
    emu.assertNoRejectedRequests();
  });

  test("a moderator cancels someone's job from its message; the audit channel records who", async () => {
    h = await startBotHarness({ env: { AUDIT_CHANNEL_ID } });
    const { world, emu } = h;
    emu.addChannel({ guildId: world.guild.id, name: "imagine-audit", id: AUDIT_CHANNEL_ID });
    const job = await startImagine(h, { prompt: "a runaway lighthouse" });

    const cancelled = await cancelFromMessage(job, world.mod);
    expect(cancelled.content).toBe(`<@${world.alice.id}> Cancelled by <@${world.mod.id}>`);
    expect(textOf(cancelled)).toContain(`asked for by <@${world.alice.id}>`);
    // The requester is told, once; the moderator who cancelled is not pinged.
    expect(emu.notifiedBy(cancelled.id).map((n) => n.username)).toEqual(["alice"]);
    const entry = await emu.waitFor(
      () => emu.messagesIn(AUDIT_CHANNEL_ID).find((m) => m.embeds[0]?.title === "Image cancelled"),
      { description: "the audit entry of the cancel" },
    );
    expect(textOf(entry)).toContain(`Cancelled by <@${world.mod.id}>`);
    expect(textOf(entry)).toContain(job.record.id);
    emu.assertNoRejectedRequests();
  });

  test("a moderator cancels a job from /imagine-status", async () => {
    h = await startBotHarness();
    const { world, emu } = h;
    const job = await startImagine(h, { prompt: "a listed lighthouse" });
    const status = await emu.sendSlashCommand({
      name: "imagine-status",
      user: world.mod,
      channelId: world.general.id,
    });
    const page = await status.waitForResponse({ where: (m) => textOf(m).includes(job.record.id) });
    expect(page.ephemeral).toBe(true);

    const click = await clickLabel(h, page, "Cancel 1", world.mod);
    const note = await click.waitForFollowUp();
    expect(note.ephemeral).toBe(true);
    expect(textOf(note)).toContain(`Cancelled job \`${job.record.id}\``);
    const cancelled = await cancelledMessage(job, world.mod);
    expect(cancelled.content).toBe(`<@${world.alice.id}> Cancelled by <@${world.mod.id}>`);
    const refreshed = emu.message(page.id);
    expect(textOf(refreshed)).toContain("In flight on this server: none");
    expect(buttonsOf(refreshed).map((b) => b.label)).not.toContain("Cancel 1");
    emu.assertNoRejectedRequests();
  });

  test("a cancelled job is not followed again after a restart, and its result is never posted", async () => {
    h = await startBotHarness();
    const { world, emu, service } = h;
    const job = await startImagine(h, { prompt: "a lighthouse before the restart" });
    const cancelled = await cancelFromMessage(job, world.alice);
    await h.restart();

    service.completeNow(job.record.id);
    await anotherJobFinishes();
    expect(emu.messageHistory(cancelled.id).filter(isGrid)).toEqual([]);
    expect(emu.message(cancelled.id)?.content).toBe(cancelled.content);
    expect(resultsOf(h, job.record.id).map((m) => m.id)).toEqual([cancelled.id]);
    const stored = await h.bot.context.store.get(job.record.id);
    expect(stored).toMatchObject({ outcome: "cancelled", cancelledBy: world.alice.id, delivered: true });
    emu.assertNoRejectedRequests();
  });

  test("Cancel of a job that already ended is answered only to the clicker", async () => {
    h = await startBotHarness();
    const { world, emu } = h;
    const { record, grid } = await imagineGrid(h, { prompt: "a finished lighthouse" });
    // A Cancel button still showing on a stale copy of the message (e.g. a client that missed the edit).
    const customId = cancelButtonCodec.encode({ jobId: record.id, requesterId: world.alice.id });
    const channel = (await h.bot.client.channels.fetch(world.general.id)) as TextChannel;
    const stale = await channel.send({
      content: "stale",
      components: [
        {
          type: ComponentType.ActionRow,
          components: [
            { type: ComponentType.Button, style: ButtonStyle.Secondary, customId, label: "Cancel" },
          ],
        },
      ],
    });

    const click = await emu.clickButton({ message: stale.id, customId, user: world.alice });
    const answer = await click.waitForResponse();
    expect(answer.ephemeral).toBe(true);
    expect(textOf(answer)).toBe(english("cancel.alreadyEnded"));
    expect(isGrid(emu.message(grid.id)!)).toBe(true);
    emu.assertNoRejectedRequests();
  });
});
