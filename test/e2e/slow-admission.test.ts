/**
 * Admission can be slow (a loaded database, a fleet's ledger, the service's health check): the bot still
 * acknowledges every command and button within Discord's 3 seconds, and a refusal decided after it had to
 * acknowledge publicly is still shown only to the requester.
 */
import { afterEach, expect, test, vi } from "vitest";
import type { InteractionHandle } from "../../tools/discord-emulator/world/interaction-handle.js";
import { MemoryJobStore } from "../support/memory-job-store.js";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { textOf } from "../support/message-view.js";
import { answerTo } from "./admission-steps.js";
import { clickLabel, imagineGrid, isGrid, recordFor, startImagine, waitForResult } from "./imagine-steps.js";

let h: BotHarness;
afterEach(async () => {
  await h?.stop();
});

/**
 * A store whose reads of a user's last submission (part of every admission) wait while the gate is
 * closed: admission cannot decide until the test opens it.
 */
function storeWithGate(): { store: MemoryJobStore; close(): void; open(): void } {
  const store = new MemoryJobStore();
  let opened: Promise<void> = Promise.resolve();
  let openGate = () => {};
  const read = store.getLastSubmission.bind(store);
  vi.spyOn(store, "getLastSubmission").mockImplementation(async (userId) => {
    await opened;
    return read(userId);
  });
  return {
    store,
    close() {
      opened = new Promise((resolve) => (openGate = resolve));
    },
    open: () => openGate(),
  };
}

/** Alice runs /imagine in #general; returns at once, before the bot answers. */
function sendImagine(h: BotHarness, prompt: string): Promise<InteractionHandle> {
  return h.emu.sendSlashCommand({
    name: "imagine",
    options: { prompt },
    user: h.world.alice,
    channelId: h.world.general.id,
  });
}

test("/imagine whose admission has not decided is acknowledged publicly, then runs once admitted", async () => {
  const gate = storeWithGate();
  h = await startBotHarness({ store: gate.store });
  const { emu, service } = h;
  gate.close();
  const handle = await sendImagine(h, "a lighthouse at dusk");
  // Acknowledged while admission is still waiting: the channel sees "thinking…", no job exists yet.
  const ack = await handle.waitForAcknowledgement();
  expect(ack.ephemeral).toBe(false);
  expect(recordFor(h, handle.id)).toBeUndefined();

  gate.open();
  await handle.waitForResponse({ where: (m) => /waiting in line/i.test(textOf(m)) });
  const record = recordFor(h, handle.id)!;
  service.completeNow(record.id);
  await waitForResult(h, record.id, isGrid);
  emu.assertNoRejectedRequests();
});

test("a refusal decided after the public acknowledgement is seen only by the requester", async () => {
  const gate = storeWithGate();
  h = await startBotHarness({ store: gate.store, env: { USER_COOLDOWN_MS: "60000" } });
  const { emu, world } = h;
  await startImagine(h, { prompt: "a paper boat" });

  gate.close();
  const handle = await sendImagine(h, "a paper plane");
  expect((await handle.waitForAcknowledgement()).ephemeral).toBe(false);
  gate.open();

  const refusal = await answerTo(h, handle);
  expect(refusal.ephemeral).toBe(true);
  expect(textOf(refusal)).toMatch(/between images/);
  expect(textOf(refusal)).toContain("a paper plane");
  // The public placeholder is gone; the channel shows nothing of the refused command.
  await emu.waitFor(() => handle.response()?.deleted, { description: "the public placeholder deleted" });
  const visible = emu.messagesIn(world.general).map(textOf).join("\n");
  expect(visible).not.toContain("a paper plane");
  expect(visible).not.toMatch(/between images/);
  expect(h.service.records()).toHaveLength(1);
  emu.assertNoRejectedRequests();
});

test("🔄 whose admission has not decided is acknowledged, then starts the new job once admitted", async () => {
  const gate = storeWithGate();
  h = await startBotHarness({ store: gate.store });
  const { emu, world } = h;
  const { grid, record } = await imagineGrid(h, { prompt: "a red kite" });

  gate.close();
  const click = await clickLabel(h, grid, "🔄", world.alice);
  expect((await click.waitForAcknowledgement()).ephemeral).toBe(false);
  expect(recordFor(h, click.id)).toBeUndefined();

  gate.open();
  await click.waitForResponse({ where: (m) => /waiting in line/i.test(textOf(m)) });
  expect(recordFor(h, click.id)?.prompt).toBe(record.prompt);
  emu.assertNoRejectedRequests();
});

test("a command Discord dropped before the bot could acknowledge it holds no place: the next one is admitted", async () => {
  const gate = storeWithGate();
  // Discord gives up on an interaction before the bot's deadline to acknowledge it.
  h = await startBotHarness({
    store: gate.store,
    env: { USER_MAX_ACTIVE_JOBS: "1" },
    emulator: { interactionResponseDeadlineMs: 1000 },
  });
  gate.close();
  const dropped = await sendImagine(h, "a lost kite");
  await h.emu.waitFor(() => h.emu.rejectedRequests().find((r) => r.code === 10062), {
    description: "the late acknowledgement refused",
  });
  gate.open();

  const { record } = await startImagine(h, { prompt: "a found kite" });
  expect(record.prompt).toContain("a found kite");
  expect(recordFor(h, dropped.id)).toBeUndefined();
  h.emu.assertNoRejectedRequests({ ignoreCodes: [10062] });
});
