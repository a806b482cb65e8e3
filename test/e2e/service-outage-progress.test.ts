/**
 * A service outage while a job runs: after a few failed polls the job's message says the service is not
 * answering and that the bot keeps trying; once the service answers again the message is back to normal
 * and the job delivers its grid. A service that takes connections but does not answer is told as soon, not
 * after the client's time limit and its retries.
 */
import { afterEach, describe, expect, test } from "vitest";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { textOf } from "../support/message-view.js";
import { isGrid, startImagine, waitForResult } from "./imagine-steps.js";
import { serviceStatusText } from "./status-steps.js";

let h: BotHarness;
afterEach(async () => {
  await h?.stop();
});

const UNANSWERING = /not answering right now/i;

describe("a service outage during a job", () => {
  test("the progress message says the service is not answering, then recovers and delivers the grid", async () => {
    h = await startBotHarness();
    const { handle, record } = await startImagine(h, { prompt: "a snowy mountain village" });
    h.service.advance(2);
    await handle.waitForResponse({ where: (m) => /Generating/.test(textOf(m)) });

    h.service.faults.match = /^GET \/items\/images\//;
    h.service.faults.errorRate = 1;
    const hint = await handle.waitForResponse({
      where: (m) => UNANSWERING.test(textOf(m)),
      timeoutMs: 30_000,
    });
    expect(textOf(hint)).toMatch(/keeps trying/i);
    expect(textOf(hint)).toMatch(/Generating/);
    expect(textOf(hint)).toContain(record.id);
    // /imagine-status agrees: the service says healthy, but the bot's requests fail.
    const status = await serviceStatusText(h);
    expect(status).toMatch(/🟠 \*\*Image service: working, with errors\*\*/);
    // In plain words, without the HTTP status or any address.
    expect(status).toMatch(/Last problem reaching it <t:\d+:R>: it answered with an error/);
    expect(status).not.toMatch(/500|INTERNAL|127\.0\.0\.1/);

    h.service.faults.errorRate = 0;
    const recovered = await handle.waitForResponse({
      where: (m) => !UNANSWERING.test(textOf(m)) && /Generating/.test(textOf(m)),
      timeoutMs: 30_000,
    });
    expect(textOf(recovered)).toContain(record.id);
    h.service.completeNow(record.id);
    const grid = await waitForResult(h, record.id, isGrid, { timeoutMs: 30_000 });
    expect(textOf(grid)).not.toMatch(UNANSWERING);
    h.emu.assertNoRejectedRequests();
  });

  test("a service that takes the poll but never answers is told within seconds, long before the request's time limit", async () => {
    // With a 60 s time limit, a failed poll could not say so within the 20 s waited for here.
    h = await startBotHarness({ env: { SERVICE_TIMEOUT_MS: "60000" } });
    const { handle, record } = await startImagine(h, { prompt: "a lighthouse in a storm" });
    h.service.advance(2);
    await handle.waitForResponse({ where: (m) => /Generating/.test(textOf(m)) });

    h.service.faults.match = /^GET \/items\/images\//;
    h.service.faults.delayMs = 120_000;
    const hint = await handle.waitForResponse({
      where: (m) => UNANSWERING.test(textOf(m)),
      timeoutMs: 20_000,
    });
    expect(textOf(hint)).toMatch(/keeps trying/i);
    expect(textOf(hint)).toContain(record.id);
    h.emu.assertNoRejectedRequests();
  });
});
