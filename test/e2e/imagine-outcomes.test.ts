/**
 * /imagine end to end, for jobs that end without an image: refused by the generator, failed by the
 * service, or given up on by the bot's own time limit. What the requester sees in #general.
 */
import { afterEach, describe, expect, test } from "vitest";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { buttonsOf, textOf } from "../support/message-view.js";
import { isGrid, startImagine, waitForResult } from "./imagine-steps.js";

let h: BotHarness;
afterEach(async () => {
  await h?.stop();
});

/** Alice runs /imagine in #general; resolves once the job's "waiting" message is shown. */
const imagine = (prompt: string) => startImagine(h, { prompt });

/** GET requests the bot made for one image record. */
function pollsOf(id: string): number {
  return h.service.requests.filter((r) => r.request === `GET /items/images/${id}`).length;
}

describe("/imagine outcomes without an image", () => {
  test("a prompt the generator bans is explained only to the requester; the channel sees one neutral line", async () => {
    h = await startBotHarness({ service: { lifecycle: { bannedWords: ["gore"] } } });
    const { emu, world } = h;
    const { handle, record } = await imagine("a gore scene in a castle");

    h.service.advance();
    const detail = await handle.waitForFollowUp({ where: (m) => /could not be made/i.test(textOf(m)) });
    expect(detail.ephemeral).toBe(true);
    const text = textOf(detail);
    expect(text).toMatch(/moderation refused this prompt/i);
    expect(text).toMatch(/Rephrase the prompt/);
    expect(text).toContain('The word "gore" is banned');
    expect(text).toContain(record.id);
    expect(buttonsOf(detail).filter((b) => /^U\d$/.test(b.label))).toEqual([]);

    const shown = await waitForResult(
      h,
      record.id,
      (m) => m.content === `<@${world.alice.id}> This prompt could not be generated. Job ${record.id}`,
    );
    expect(shown.ephemeral).toBe(false);
    // The requester is pinged by the neutral line (the detail is ephemeral), nobody else is.
    expect(emu.notifiedBy(shown.id).map((n) => n.userId)).toEqual([world.alice.id]);
    expect(shown.embeds).toEqual([]);
    // What every other member can see in #general, in every version of every message: never the refusal.
    const publicTexts = emu
      .messagesIn(world.general)
      .flatMap((m) => emu.messageHistory(m.id))
      .map(textOf);
    expect(publicTexts.some((t) => /banned|moderation|could not be made/i.test(t))).toBe(false);
    expect(emu.messagesIn(world.general).some((m) => m.id === detail.id)).toBe(false);
    emu.assertNoRejectedRequests();
  });

  test("a job the service fails with a timeout tells the requester in a sentence, with the job id and a way to try again", async () => {
    h = await startBotHarness();
    const { handle, record } = await imagine("a quiet harbour at dawn");

    h.service.advance();
    await handle.waitForResponse({ where: (m) => /Generating/.test(textOf(m)) });
    h.service.failNow(record.id, "Timeout while waiting for completion");
    const failed = await waitForResult(h, record.id, (m) => /could not be made/i.test(textOf(m)));
    expect(h.emu.notifications(h.world.alice).map((n) => n.messageId)).toEqual([failed.id]);
    await h.emu.waitFor(() => handle.response()?.deleted, { description: "the progress message deleted" });
    const text = textOf(failed);
    expect(text).toContain("The generator started the image but did not finish it in time.");
    expect(text).not.toContain("Timeout while waiting for completion");
    expect(text).toContain(record.id);
    const buttons = buttonsOf(failed);
    expect(buttons.map((b) => b.label)).toEqual(["Try again"]);
    expect(buttons.every((b) => !b.disabled)).toBe(true);
    h.emu.assertNoRejectedRequests();
  });

  test("a job that never finishes is given up after JOB_TIMEOUT_MS: the message says so with the job id and polling stops", async () => {
    h = await startBotHarness({
      env: { JOB_TIMEOUT_MS: "1500" },
      service: { lifecycle: { hangPattern: /\bstuck\b/ } },
    });
    const { handle, record } = await imagine("a stuck elevator between floors");
    h.service.advance(2); // starts, then sticks at 42%
    await handle.waitForResponse({ where: (m) => /42%/.test(textOf(m)) });

    const timedOut = await waitForResult(h, record.id, (m) => /Stopped waiting/i.test(textOf(m)));
    expect(h.emu.notifications(h.world.alice).map((n) => n.messageId)).toEqual([timedOut.id]);
    await h.emu.waitFor(() => handle.response()?.deleted, { description: "the progress message deleted" });
    const text = textOf(timedOut);
    expect(text).toMatch(/took too long/i);
    expect(text).toMatch(/did not finish this job within/i);
    expect(text).toContain(record.id);
    expect(buttonsOf(timedOut).map((b) => b.label)).toEqual(["Try again"]);
    const pollsAtTimeout = pollsOf(record.id);
    expect(pollsAtTimeout).toBeGreaterThan(0);

    // A second job that needs several polls to finish measures "a while" in the bot's own poll rhythm.
    const second = await imagine("a calm lake");
    h.service.advance();
    await second.handle.waitForResponse({ where: (m) => /Generating/.test(textOf(m)) });
    h.service.completeNow(second.record.id);
    await waitForResult(h, second.record.id, isGrid);
    expect(pollsOf(second.record.id)).toBeGreaterThanOrEqual(2);
    expect(pollsOf(record.id)).toBe(pollsAtTimeout);
    h.emu.assertNoRejectedRequests();
  });

  test("one /imagine creates exactly one record, whose ref is the interaction id", async () => {
    h = await startBotHarness();
    const { handle, record } = await imagine("a paper boat on a puddle");

    expect(record.ref).toBe(handle.id);
    expect(record.prompt).toBe("a paper boat on a puddle");
    expect(h.service.createsByRef.get(handle.id)).toBe(1);
    expect(h.service.records()).toHaveLength(1);
    h.service.completeNow(record.id);
    await waitForResult(h, record.id, isGrid);
    expect(h.service.createsByRef.get(handle.id)).toBe(1);
    expect(h.service.records()).toHaveLength(1);
  });
});
