/**
 * Durability: the bot is killed (SIGKILL, no chance to save anything on the way out) with jobs at every
 * stage, and started again on the same database. Every job must end with exactly one final message.
 */
import { afterEach, describe, expect, test } from "vitest";
import type { InteractionHandle } from "../../tools/discord-emulator/world/interaction-handle.js";
import type { MessageSnapshot } from "../../tools/discord-emulator/world/message-objects.js";
import type { EmulatedChannel, EmulatedUser } from "../../tools/discord-emulator/world/world-types.js";
import type { ServiceRecord as ImageRecord } from "../../tools/reference-service/index.js";
import {
  imagineIn,
  linesWithSecrets,
  startProcessWorld,
  type BotProcess,
  type ProcessWorld,
  type StartedProcessJob,
} from "../support/bot-process.js";
import { textOf } from "../support/message-view.js";
import { isGrid, resultsOf, waitForResult } from "./imagine-steps.js";

let w: ProcessWorld;
afterEach(async () => {
  await w?.stop();
});

const LIMITS = { USER_MAX_ACTIVE_JOBS: "20", GUILD_MAX_ACTIVE_JOBS: "20" };
const FIFTEEN_MINUTES_MS = 15 * 60 * 1000;
/** pino's level number of `warn`: nothing in these restarts deserves a warning. */
const WARN = 40;

type Started = StartedProcessJob;

// A refused prompt shows the channel one neutral line (the detail goes to the requester only).
const isFailure = (m: MessageSnapshot) => /could not be made|could not be generated/.test(textOf(m));
const isFinal = (m: MessageSnapshot) => isGrid(m) || isFailure(m);

/** A user runs /imagine; resolves once the bot shows the job waiting in the queue. */
function imagine(prompt: string, user: EmulatedUser, channel: EmulatedChannel): Promise<Started> {
  return imagineIn(w, prompt, { user, channel });
}

/** Waits until the job's progress message (the interaction's reply) satisfies `where`. */
function shows(job: Started, where: (m: MessageSnapshot) => boolean): Promise<MessageSnapshot> {
  return job.handle.waitForResponse({ where, timeoutMs: 10_000 });
}

/** Waits until the job's result is posted and satisfies `where`. */
function ends(job: Started, where: (m: MessageSnapshot) => boolean): Promise<MessageSnapshot> {
  return waitForResult(w, job.record.id, where, { timeoutMs: 30_000 });
}

/** Every message a user can see anywhere that is a final result for this image. */
function finalMessagesOf(record: ImageRecord, user: EmulatedUser): MessageSnapshot[] {
  const channels = [w.world.general, w.world.nsfw, w.emu.dmChannelWith(user)];
  return channels
    .flatMap((c) => w.emu.messagesIn(c))
    .filter((m) => isFinal(m) && textOf(m).includes(record.id));
}

/** How many versions of a message were a final result: more than one means it was delivered twice. */
function finalVersions(message: MessageSnapshot): number {
  return w.emu.messageHistory(message.id).filter(isFinal).length;
}

function secretsOf(handles: InteractionHandle[]): string[] {
  return [w.emu.botToken, w.service.token, ...handles.map((h) => h.token)];
}

async function kill(bot: BotProcess): Promise<void> {
  bot.kill("SIGKILL");
  const exit = await bot.exited;
  expect(exit.signal).toBe("SIGKILL");
}

describe("restart after SIGKILL", () => {
  test("ten jobs at every stage each end with exactly one final message", async () => {
    w = await startProcessWorld({ service: { lifecycle: { steps: 4 } } });
    const { world, service } = w;
    const first = await w.startBot(LIMITS);

    const early: Started[] = [];
    for (let i = 0; i < 4; i++) early.push(await imagine(`early job ${i}`, world.alice, world.general));
    service.advance(2);
    const middle: Started[] = [];
    for (let i = 0; i < 2; i++) middle.push(await imagine(`middle job ${i}`, world.mod, world.general));
    service.advance(1);
    const late: Started[] = [];
    for (let i = 0; i < 4; i++) late.push(await imagine(`late job ${i}`, world.alice, world.general));
    const jobs = [...early, ...middle, ...late];
    const [doneBefore, failedBefore, doneWhileDown, atHalf] = early as [Started, Started, Started, Started];
    const [failedWhileDown, ...pending] = late as [Started, ...Started[]];

    service.completeNow(doneBefore.record.id);
    service.failNow(failedBefore.record.id, "Midjourney message: Banned prompt detected");
    await ends(doneBefore, isGrid);
    await ends(failedBefore, isFailure);
    for (const job of [doneWhileDown, atHalf]) await shows(job, (m) => /50%/.test(textOf(m)));
    for (const job of middle) await shows(job, (m) => /Generating/.test(textOf(m)));
    const deliveredBefore = [doneBefore, failedBefore];
    for (const job of deliveredBefore)
      await first.waitForLog((l) => l.msg === "job ended" && l["jobId"] === job.record.id);
    const versionsBefore = deliveredBefore.map((j) => w.emu.messageHistory(resultsOf(w, j.record.id)[0]!.id));

    await kill(first);
    // While the bot is down: one job completes, one fails, the rest move on.
    service.completeNow(doneWhileDown.record.id);
    service.failNow(failedWhileDown.record.id, "Midjourney message: Banned prompt detected");
    service.advance(1);

    const second = await w.startBot(LIMITS);
    await ends(doneWhileDown, isGrid);
    await ends(failedWhileDown, isFailure);
    service.advance(5);
    for (const job of [atHalf, ...middle, ...pending]) await ends(job, isGrid);

    for (const job of jobs) {
      const user = job.handle.userId === world.mod.id ? world.mod : world.alice;
      const finals = finalMessagesOf(job.record, user);
      expect(finals.map((m) => m.id)).toEqual(resultsOf(w, job.record.id).map((m) => m.id));
      expect(finalVersions(finals[0]!)).toBe(1);
      expect(w.emu.notifications(user).filter((n) => n.messageId === finals[0]!.id)).toHaveLength(1);
      await w.emu.waitFor(() => job.handle.response()?.deleted, {
        description: "the progress message deleted",
      });
      expect(service.createsByRef.get(job.handle.id)).toBe(1);
    }
    // Jobs delivered before the kill were not touched again.
    expect(deliveredBefore.map((j) => w.emu.messageHistory(resultsOf(w, j.record.id)[0]!.id))).toEqual(
      versionsBefore,
    );
    w.emu.assertNoRejectedRequests();
    const lines = [...first.logs, ...second.logs].map((l) => l.raw);
    expect([...first.logs, ...second.logs].filter((l) => l.level >= WARN).map((l) => l.msg)).toEqual([]);
    expect(linesWithSecrets(lines, secretsOf(jobs.map((j) => j.handle)))).toEqual([]);
  }, 60_000);

  test("a job whose interaction token expired while the bot was down is posted with the bot token, or by DM", async () => {
    w = await startProcessWorld();
    const { emu, world, service } = w;
    const first = await w.startBot();
    const inGeneral = await imagine("a harbour at night", world.alice, world.general);
    const inNsfw = await imagine("a storm over the sea", world.alice, world.nsfw);
    await kill(first);

    // Sixteen minutes pass: the interaction tokens expire; meanwhile the bot loses access to #nsfw-art.
    emu.clock.advance(FIFTEEN_MINUTES_MS + 60_000);
    emu.setBotPermissions(world.nsfw, 0n);
    service.completeNow(inGeneral.record.id);
    service.completeNow(inNsfw.record.id);
    const second = await w.startBot();

    const posted = await ends(inGeneral, isGrid);
    expect(textOf(posted)).toContain(inGeneral.record.id);
    const dm = await emu.waitFor(
      () => finalMessagesOf(inNsfw.record, world.alice).find((m) => m.channel_id !== world.nsfw.id),
      { description: "the grid of the #nsfw-art job in alice's DMs" },
    );
    expect(dm.channel_id).toBe(emu.dmChannelWith(world.alice).id);
    expect(textOf(dm)).toContain(`<@${world.alice.id}>`);

    expect(finalMessagesOf(inGeneral.record, world.alice)).toHaveLength(1);
    expect(finalMessagesOf(inNsfw.record, world.alice)).toHaveLength(1);
    // The progress message in #general is deleted with the bot token.
    await emu.waitFor(() => inGeneral.handle.response()?.deleted, { description: "the progress deleted" });
    const channelDelete = emu.requests.find(
      (r) => r.method === "DELETE" && r.path.includes(`/channels/${world.general.id}/messages/`),
    );
    expect(channelDelete?.status).toBe(204);
    // The only refusals are the expired tokens and the channel the bot lost: each tried once, then avoided.
    // The only refusals are the expired tokens and the channel the bot lost, each route tried once.
    const rejected = emu.rejectedRequests();
    expect(new Set(rejected.map((r) => r.code))).toEqual(new Set([50001, 50027]));
    const routes = rejected.map((r) => `${r.method} ${r.path}`);
    expect(new Set(routes).size).toBe(routes.length);
    const lines = [...first.logs, ...second.logs].map((l) => l.raw);
    expect([...first.logs, ...second.logs].filter((l) => l.level >= WARN).map((l) => l.msg)).toEqual([]);
    expect(linesWithSecrets(lines, secretsOf([inGeneral.handle, inNsfw.handle]))).toEqual([]);
  }, 60_000);
});
