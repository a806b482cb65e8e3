import { afterEach, describe, expect, test } from "vitest";
import type { MessageSnapshot } from "../../tools/discord-emulator/world/message-objects.js";
import type { RequestRecord } from "../../tools/discord-emulator/rest/request-log.js";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { textOf } from "../support/message-view.js";
import { isGrid, startImagine, type StartedJob } from "./imagine-steps.js";

let h: BotHarness;
afterEach(async () => {
  await h?.stop();
});

/** Progress changes the job makes after its message is gone: each would be an edit before the fix. */
const PROGRESS_CHANGES_AFTER = 8;

/** How many times the bot has polled this image record so far. */
function pollsOf(id: string): number {
  return h.service.requests.filter((r) => r.request.startsWith("GET") && r.request.includes(id)).length;
}

/** A job showing progress, then `remove` deletes its message; the job moves on and completes. */
async function jobWhoseMessageGoes(remove: (shown: MessageSnapshot) => void) {
  h = await startBotHarness({ service: { lifecycle: { steps: 20 } } });
  const started: StartedJob = await startImagine(h, { prompt: "a lighthouse in fog" });
  h.service.advance(2);
  const shown = await started.handle.waitForResponse({ where: (m) => /\d+ ?%/.test(textOf(m)) });
  const logsBefore = h.logs.lines.length;
  const requestsBefore = h.emu.requests.length;
  remove(shown);
  for (let i = 0; i < PROGRESS_CHANGES_AFTER; i++) {
    h.service.advance(1);
    // Three polls: the change is seen, and the throttle's interval has passed for the next one.
    const target = pollsOf(started.record.id) + 3;
    await h.emu.waitFor(() => pollsOf(started.record.id) >= target, { description: "three more polls" });
  }
  h.service.completeNow(started.record.id);
  await h.emu.waitFor(() => h.bot.context.imagine.activeJobs().length === 0, {
    description: "the job ended",
  });
  const requests = h.emu.requests.slice(requestsBefore);
  const lines = h.logs.lines.slice(logsBefore);
  return { ...started, shown, requests, lines };
}

/** Requests that tried to edit the job's first message, with its interaction token or the bot token. */
function editsOf(requests: RequestRecord[], token: string, messageId: string): RequestRecord[] {
  return requests.filter(
    (r) => r.method === "PATCH" && (r.path.includes(token) || r.path.includes(messageId)),
  );
}

/** Log lines at warn or above (pino levels 40+), and lines carrying a stack trace. */
function loudLines(lines: string[]) {
  return {
    warnings: lines.filter((l) => /"level":(40|50|60)/.test(l)),
    stacks: lines.filter((l) => l.includes('"stack"')),
  };
}

describe("/imagine when the job's message is gone mid-job", () => {
  test("a deleted message is edited no more, logged once, and the result is posted once, anew, in the channel", async () => {
    const { handle, shown, requests, lines } = await jobWhoseMessageGoes((m) => h.emu.deleteMessage(m.id));
    const { emu, world } = h;

    const edits = editsOf(requests, handle.token, shown.id);
    expect(edits.map((r) => r.code)).toEqual([10008]);
    const grids = emu.messagesIn(world.general).filter(isGrid);
    expect(grids).toHaveLength(1);
    expect(grids[0]!.content).toContain(`<@${world.alice.id}>`);
    expect(requests.filter((r) => r.method === "POST" && r.status === 200)).toHaveLength(1);
    expect(emu.messagesIn(emu.dmChannelWith(world.alice))).toEqual([]);

    const { warnings, stacks } = loudLines(lines);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/message is gone/);
    expect(JSON.parse(warnings[0]!)).toMatchObject({ interactionId: handle.id, userId: world.alice.id });
    expect(stacks).toEqual([]);
    emu.assertNoRejectedRequests({ ignoreCodes: [10008] });
  });

  test("a deleted channel is edited no more, logged once, and the result arrives once by DM", async () => {
    const { handle, shown, requests, lines } = await jobWhoseMessageGoes(() =>
      h.emu.deleteChannel(h.world.general),
    );
    const { emu, world } = h;

    const edits = editsOf(requests, handle.token, shown.id);
    expect(edits.map((r) => r.code)).toEqual([10015]);
    const dms = emu.messagesIn(emu.dmChannelWith(world.alice));
    expect(dms.filter(isGrid)).toHaveLength(1);
    expect(dms).toHaveLength(1);
    const posts = requests.filter((r) => r.method === "POST" && r.route.includes("/messages"));
    expect(posts.map((r) => r.code ?? r.status)).toEqual([10003, 200]);

    const { warnings, stacks } = loudLines(lines);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/message is gone/);
    expect(stacks).toEqual([]);
    emu.assertNoRejectedRequests({ ignoreCodes: [10003, 10015] });
  });
});
