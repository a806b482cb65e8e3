/**
 * The private detail of a prompt the generator refused is shown to the requester exactly once, also when
 * the bot restarts before it saved that the job was delivered (what a SIGKILL at that moment leaves).
 */
import { afterEach, expect, test } from "vitest";
import { MemoryJobStore } from "../../src/imagine/job-store.js";
import type { MessageSnapshot } from "../emulator/world/message-objects.js";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { textOf } from "../support/message-view.js";
import { startImagine } from "./imagine-steps.js";

let h: BotHarness;
afterEach(async () => {
  await h?.stop();
});

test("a restart that delivers a refused job again does not show its private detail a second time", async () => {
  const store = new MemoryJobStore();
  h = await startBotHarness({ store, service: { lifecycle: { bannedWords: ["gore"] } } });
  const { handle, record } = await startImagine(h, { prompt: "a gore scene in a castle" });
  h.service.advance();
  const isDetail = (m: MessageSnapshot) => /could not be made/i.test(textOf(m));
  await handle.waitForFollowUp({ where: isDetail });
  await expect.poll(async () => (await store.get(record.id))?.delivered, { timeout: 10_000 }).toBe(true);

  // The state a crash leaves when it lands after the detail was sent but before `delivered` was saved.
  const job = await store.get(record.id);
  if (!job) throw new Error("job not stored");
  await store.save({ ...job, delivered: false });
  await h.restart({ hard: true });
  await expect.poll(async () => (await store.get(record.id))?.delivered, { timeout: 10_000 }).toBe(true);

  const details = handle.followUps().filter((m) => isDetail(m));
  const dms = h.emu.messagesIn(h.emu.dmChannelWith(h.world.alice)).filter((m) => isDetail(m));
  expect(details.length + dms.length).toBe(1);
  // The restart did deliver the job again (so the detail had its chance to be repeated).
  expect(h.logs.text()).toContain("the refusal's detail was already shown to the requester");
  h.emu.assertNoRejectedRequests();
});
