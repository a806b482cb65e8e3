import { afterEach, describe, expect, test } from "vitest";
import type { RequestRecord } from "../emulator/rest/request-log.js";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { textOf } from "../support/message-view.js";
import { isGrid, startImagine, type StartedJob } from "./imagine-steps.js";

let h: BotHarness;
afterEach(async () => {
  await h?.stop();
});

/** Every Discord request the bot made for one job: its interaction's callback and token edits, channel edits. */
function requestsOfJob(h: BotHarness, job: StartedJob): RequestRecord[] {
  return h.emu.requests.filter(
    (r) =>
      r.path.includes(job.handle.token) ||
      r.path.includes(`/interactions/${job.handle.id}/`) ||
      r.path.includes(`/messages/${job.waiting.id}`),
  );
}

describe("the Discord requests of one /imagine job", () => {
  test("a job shown through waiting, ten progress steps and its grid makes one callback and one edit per visible change", async () => {
    h = await startBotHarness({ service: { lifecycle: { steps: 10 } } });
    const { emu, service } = h;
    const job = await startImagine(h, { prompt: "a clockwork bird" });
    for (const percent of [0, 10, 20, 30, 40, 50, 60, 70, 80, 90]) {
      service.advance();
      const shown = new RegExp(`Generating[^]*\\s${percent}%`);
      await job.handle.waitForResponse({ where: (m) => shown.test(textOf(m)) });
    }
    service.advance();
    await job.handle.waitForResponse({ where: isGrid });

    // One line per request, so a failure shows exactly which request was extra (a retry, a 429, ...).
    const calls = requestsOfJob(h, job).map((r) => `${r.method} ${r.route} ${r.status}`);
    const callback = "POST /interactions/:interaction/:token/callback 204";
    const edit = "PATCH /webhooks/:application/:token/messages/:message 200";
    // The deferred reply, then one edit per visible change: waiting, 0%, 10% … 90%, the grid.
    expect(calls).toEqual([callback, ...Array<string>(12).fill(edit)]);
    expect(
      job.handle
        .responseHistory()
        .slice(1)
        .map((m) => m.version),
    ).toHaveLength(12);
    emu.assertNoRejectedRequests();
    expect(emu.rateLimitHits).toBe(0);
  });
});
