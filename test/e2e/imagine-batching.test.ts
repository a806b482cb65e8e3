/**
 * Results at the channel's pace: when several results wait behind a channel's message-create limit, they
 * arrive together in fewer messages, each requester pinged exactly once by the message that carries their
 * result, whose buttons work like those of a result posted alone; a lone result is a message of its own.
 */
import { afterEach, describe, expect, test } from "vitest";
import type { ServiceRecord } from "../../tools/reference-service/index.js";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { imagineIn, startProcessWorld, type ProcessWorld } from "../support/bot-process.js";
import { buttonsOf } from "../support/message-view.js";
import type { MessageSnapshot } from "../../tools/discord-emulator/world/message-objects.js";
import type { EmulatedUser } from "../../tools/discord-emulator/world/world-types.js";
import { isGrid, isLabel, startImagine, waitForJobEnd, waitForUpscale } from "./imagine-steps.js";

let h: BotHarness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

/** `n` members of the server, each of whom starts an /imagine in #general. */
async function jobsOfMembers(harness: BotHarness, n: number) {
  const jobs: { user: EmulatedUser; record: ServiceRecord }[] = [];
  for (let i = 0; i < n; i++) {
    const user = harness.emu.addUser({ username: `member-${i}` });
    harness.emu.addMember({ guildId: harness.world.guild.id, user });
    const { record } = await startImagine(harness, { prompt: `a lighthouse number ${i}`, user });
    jobs.push({ user, record });
  }
  return jobs;
}

/** The message the bot recorded as the job's result. */
async function resultMessage(harness: BotHarness, jobId: string): Promise<MessageSnapshot> {
  const post = await harness.bot.context.store.getPost(jobId, "result");
  if (!post) throw new Error(`no result recorded for job ${jobId}`);
  return harness.emu.message(post.messageId)!;
}

describe("results waiting for a busy channel", () => {
  test("six results ending together arrive in fewer messages; each requester is pinged once, by the message carrying their result", async () => {
    h = await startBotHarness();
    const { emu, service } = h;
    const jobs = await jobsOfMembers(h, 6);
    // One message per 3 s in the channel: after the first result, the others wait behind the limit.
    emu.rateLimits.configure({ channelMessageWrites: { limit: 1, windowMs: 3000 } });
    for (const { record } of jobs) service.completeNow(record.id);
    await emu.waitFor(
      () =>
        jobs.every(({ record }) => !h!.bot.context.imagine.activeJobs().some((j) => j.imageId === record.id)),
      {
        description: "every job ended",
        timeoutMs: 30_000,
      },
    );

    const carriers = await Promise.all(jobs.map(({ record }) => resultMessage(h!, record.id)));
    const messages = [...new Map(carriers.map((m) => [m.id, m])).values()];
    expect(messages.length).toBeLessThan(jobs.length);
    for (const message of messages) {
      const carried = jobs.filter((_j, i) => carriers[i]!.id === message.id);
      // One embed and one row of buttons per result, and the requesters of exactly those pinged.
      const embedded = message.embeds.map((e) =>
        carried.find(({ record }) => e.footer?.text?.includes(record.id)),
      );
      expect(new Set(embedded)).toEqual(new Set(carried));
      expect(buttonsOf(message).filter((b) => isLabel(b.label, "U1"))).toHaveLength(carried.length);
      expect(
        emu
          .notifiedBy(message.id)
          .map((n) => n.userId)
          .sort(),
      ).toEqual(carried.map(({ user }) => user.id).sort());
      for (const { user } of carried) expect(message.content.split(`<@${user.id}>`)).toHaveLength(2);
    }
    for (const { user } of jobs) expect(emu.notifications(user)).toHaveLength(1);
    emu.assertNoRejectedRequests();

    // U1 of the second result of a batched message posts that job's image, and keeps the other rows.
    const batched = messages.find((m) => m.embeds.length >= 2)!;
    const second = jobs.find(({ record }) => batched.embeds[1]?.footer?.text?.includes(record.id))!;
    const u1 = buttonsOf(batched).filter((b) => isLabel(b.label, "U1"))[1]!;
    await emu.clickButton({ message: batched, customId: u1.customId, user: second.user });
    const single = await waitForUpscale(h, second.record.id, 0);
    expect(single.message_reference?.message_id).toBe(batched.id);
    expect(emu.notifiedBy(single.id).map((n) => n.userId)).toEqual([second.user.id]);
    await emu.waitFor(
      () => buttonsOf(emu.message(batched.id)).find((b) => b.customId === u1.customId)?.style === 1,
      {
        description: "the used U1 marked on the batched message",
      },
    );
    const after = emu.message(batched.id)!;
    expect(after.embeds).toEqual(batched.embeds);
    expect(buttonsOf(after).map((b) => b.customId)).toEqual(buttonsOf(batched).map((b) => b.customId));
    expect(
      buttonsOf(after)
        .filter((b) => b.style === 1)
        .map((b) => b.customId),
    ).toEqual([u1.customId]);
  });

  test("a lone result is a message of its own, as before", async () => {
    h = await startBotHarness();
    const [job] = await jobsOfMembers(h, 1);
    h.service.completeNow(job!.record.id);
    await waitForJobEnd(h, job!.record.id);
    const message = await resultMessage(h, job!.record.id);
    expect(isGrid(message)).toBe(true);
    expect(message.embeds).toHaveLength(1);
    expect(h.emu.notifiedBy(message.id).map((n) => n.userId)).toEqual([job!.user.id]);
  });
});

describe("a batch posted exactly once", () => {
  let w: ProcessWorld | undefined;
  afterEach(async () => {
    await w?.stop();
    w = undefined;
  });

  test("a bot killed between posting a batch and recording it posts nothing twice after the restart, and records each job's message", async () => {
    w = await startProcessWorld();
    const { emu, world, service } = w;
    const first = await w.startBot();
    const jobs = [];
    for (let i = 0; i < 4; i++) {
      const user = emu.addUser({ username: `member-${i}` });
      emu.addMember({ guildId: world.guild.id, user });
      jobs.push({ user, ...(await imagineIn(w, `a windmill number ${i}`, { user })) });
    }
    emu.rateLimits.configure({ channelMessageWrites: { limit: 1, windowMs: 3000 } });
    // Discord creates every message after the first at once, but its answer never reaches this bot process.
    let posts = 0;
    emu.faults.holdResponse(60_000, {
      route: (r) => r.method === "POST" && r.route === "/channels/:channel/messages" && ++posts > 1,
    });
    // The first result takes the channel's one message; the other three end while the channel is busy and
    // wait for the next message together: the batch whose answer is lost.
    const [lone, ...rest] = jobs;
    service.completeNow(lone!.record.id);
    await emu.waitFor(() => posts === 1, { description: "the first result posted" });
    for (const { record } of rest) service.completeNow(record.id);
    const batch = await emu.waitFor(
      () => emu.messagesIn(world.general).find((m) => m.embeds.length >= 2 && m.author.id === emu.botUser.id),
      { description: "a batch posted", timeoutMs: 20_000 },
    );
    first.kill("SIGKILL");
    await first.exited;
    emu.faults.clear();

    const second = await w.startBot();
    const ended = (id: string) => (l: { msg?: unknown; [key: string]: unknown }) =>
      l.msg === "job ended" && l["jobId"] === id;
    for (const { record } of jobs) {
      if (!first.logs.some(ended(record.id))) await second.waitForLog(ended(record.id), 20_000);
    }

    const results = emu
      .messagesIn(world.general)
      .filter((m) => m.author.id === emu.botUser.id && !m.deleted && m.embeds.length > 0);
    for (const { user, record } of jobs) {
      const carrying = results.filter((m) => m.embeds.some((e) => e.footer?.text?.includes(record.id)));
      expect(carrying).toHaveLength(1);
      expect(emu.notifications(user).map((n) => n.messageId)).toEqual([carrying[0]!.id]);
      const recorded = [...first.logs, ...second.logs].filter(
        (l) => l.msg === "posted the result" && l["jobId"] === record.id,
      );
      expect(recorded.map((l) => l["messageId"])).toContain(carrying[0]!.id);
    }
    // The batch's results were posted again under its nonce after the restart, and got the same message.
    expect(
      second.logs.filter((l) => l.msg === "posted the result" && l["messageId"] === batch.id),
    ).not.toEqual([]);
  }, 90_000);
});
