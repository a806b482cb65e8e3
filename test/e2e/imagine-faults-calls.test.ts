import { afterEach, describe, expect, test } from "vitest";
import type { RequestRecord } from "../../tools/discord-emulator/rest/request-log.js";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { textOf } from "../support/message-view.js";
import { messageNonce } from "../../src/imagine/posted-message.js";
import { isGrid, startImagine, type StartedJob, waitForResult } from "./imagine-steps.js";

let h: BotHarness;
afterEach(async () => {
  await h?.stop();
});

/**
 * Every Discord request the bot made for one job: its interaction's callback and token requests, channel
 * requests on its progress message, and the post of its result (known by its nonce).
 */
function requestsOfJob(h: BotHarness, job: StartedJob): RequestRecord[] {
  const resultNonce = messageNonce(job.record.id, "result");
  return h.emu.requests.filter(
    (r) =>
      r.path.includes(job.handle.token) ||
      r.path.includes(`/interactions/${job.handle.id}/`) ||
      r.path.includes(`/messages/${job.waiting.id}`) ||
      (r.body as { nonce?: unknown } | undefined)?.nonce === resultNonce,
  );
}

describe("the Discord requests of one /imagine job", () => {
  test("a job shown through waiting and ten progress steps makes one callback and one edit per visible change, then one post and one delete", async () => {
    h = await startBotHarness({ service: { lifecycle: { steps: 10 } } });
    const { emu, service } = h;
    const job = await startImagine(h, { prompt: "a clockwork bird" });
    for (const percent of [0, 10, 20, 30, 40, 50, 60, 70, 80, 90]) {
      service.advance();
      const shown = new RegExp(`Generating[^]*\\s${percent}%`);
      await job.handle.waitForResponse({ where: (m) => shown.test(textOf(m)) });
    }
    service.advance();
    await waitForResult(h, job.record.id, isGrid);
    await emu.waitFor(() => job.handle.response()?.deleted, { description: "the progress message deleted" });

    // One line per request, so a failure shows exactly which request was extra (a retry, a 429, ...).
    const calls = requestsOfJob(h, job).map((r) => `${r.method} ${r.route} ${r.status}`);
    const callback = "POST /interactions/:interaction/:token/callback 204";
    const edit = "PATCH /webhooks/:application/:token/messages/:message 200";
    // The deferred reply, then one edit per visible change: waiting, 0%, 10% … 90%. The grid is then
    // posted as a new message (an edit would notify nobody) and the progress message deleted: 14 calls,
    // one more than when the grid was edited in (13), the price of the requester's notification.
    expect(calls).toEqual([
      callback,
      ...Array<string>(11).fill(edit),
      "POST /channels/:channel/messages 200",
      "DELETE /webhooks/:application/:token/messages/:message 204",
    ]);
    expect(
      job.handle
        .responseHistory()
        .slice(1)
        .map((m) => m.version),
    ).toHaveLength(11);
    emu.assertNoRejectedRequests();
    expect(emu.rateLimitHits).toBe(0);
  });
});
