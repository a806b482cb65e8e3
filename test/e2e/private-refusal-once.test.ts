/**
 * The private detail of a prompt the generator refused is shown to the requester exactly once, also when
 * the bot restarts before it saved that the job was delivered (what a SIGKILL at that moment leaves).
 */
import { afterEach, expect, test, vi } from "vitest";
import { MemoryJobStore } from "../support/memory-job-store.js";
import type { Job } from "../../src/imagine/job.js";
import type { MessageSnapshot } from "../../tools/discord-emulator/world/message-objects.js";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { textOf } from "../support/message-view.js";
import { resultsOf, startImagine, waitForResult } from "./imagine-steps.js";

let h: BotHarness;
afterEach(async () => {
  await h?.stop();
});

test("a restart that delivers a refused job again does not show its private detail a second time", async () => {
  const store = new MemoryJobStore();
  // Every version of the job the bot saves, as it was saved (the bot goes on changing the object it saved).
  const saved: Job[] = [];
  const saveOwned = store.saveOwned.bind(store);
  const spy = vi.spyOn(store, "saveOwned").mockImplementation(async (job, lease) => {
    saved.push(structuredClone(job));
    return saveOwned(job, lease);
  });
  h = await startBotHarness({ store, service: { lifecycle: { bannedWords: ["gore"] } } });
  const { handle, record } = await startImagine(h, { prompt: "a gore scene in a castle" });
  h.service.advance();
  const isDetail = (m: MessageSnapshot) => /could not be made/i.test(textOf(m));
  await handle.waitForFollowUp({ where: isDetail });
  // The refusal is posted once in the channel, mentioning the requester; the progress message is removed.
  const result = await waitForResult(h, record.id);
  expect(textOf(result)).toContain(`<@${h.world.alice.id}>`);
  const progress = await h.emu.waitFor(() => (handle.response()?.deleted ? handle.response() : undefined), {
    description: "the progress message deleted",
  });
  await expect.poll(async () => (await store.get(record.id))?.delivered, { timeout: 10_000 }).toBe(true);

  // The state a crash leaves when it lands after the detail was sent (and the progress message removed) but
  // before `delivered` was saved: the last version saved with the outcome and not yet delivered.
  const beforeDelivered = saved
    .filter((j) => j.imageId === record.id && j.outcome !== null && !j.delivered)
    .at(-1);
  if (!beforeDelivered) throw new Error("the job's outcome was never saved before its delivery");
  spy.mockRestore();
  await store.save(beforeDelivered);
  await h.restart({ hard: true });
  await expect.poll(async () => (await store.get(record.id))?.delivered, { timeout: 10_000 }).toBe(true);

  const details = handle.followUps().filter((m) => isDetail(m));
  const dms = h.emu.messagesIn(h.emu.dmChannelWith(h.world.alice)).filter((m) => isDetail(m));
  expect(details.length + dms.length).toBe(1);
  // The restart did deliver the job again (so the detail had its chance to be repeated).
  expect(h.logs.text()).toContain("the refusal's detail was already shown to the requester");
  // ...and the requester still sees the one refusal posted the first time.
  expect(resultsOf(h, record.id).map((m) => [m.id, m.deleted])).toEqual([[result.id, false]]);
  // Delivering again tries to remove the progress message once more; it is already gone (the crash landed
  // after that), which Discord answers with 10008 Unknown Message. That is the only request it refuses.
  const rejected = h.emu.rejectedRequests();
  expect(rejected.map((r) => `${r.method} ${r.code}`)).toEqual(["DELETE 10008"]);
  expect(rejected[0]?.path).toMatch(new RegExp(`/messages/(${progress.id}|%40original)$`));
  h.emu.assertNoRejectedRequests({ ignoreCodes: [10008] });
});
