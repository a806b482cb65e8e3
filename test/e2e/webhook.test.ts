/**
 * Webhook push: the reference service POSTs every change of a record to the bot's
 * `/webhooks/imagine/<secret>`. A webhook is only a hint: the bot reads the record back from the service
 * at once, so the user sees the change right away instead of at the next poll, and polling slows to a
 * safety-net pace. Forged calls neither show their content nor end a job; bad calls are answered without
 * disturbing anything.
 */
import { afterEach, describe, expect, test } from "vitest";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { textOf } from "../support/message-view.js";
import { isGrid, resultsOf, startImagine, waitForResult } from "./imagine-steps.js";

const SECRET = "webhook-secret-for-tests-0123456789";

let h: BotHarness;
afterEach(async () => {
  await h?.stop();
});

/** Starts the bot with its ops server and webhook receiver, registered with the reference service. */
async function startWithWebhook(env: Record<string, string>, steps = 4): Promise<string> {
  h = await startBotHarness({
    env: { HTTP_PORT: "0", HTTP_HOST: "127.0.0.1", WEBHOOK_SECRET: SECRET, ...env },
    service: { lifecycle: { steps } },
  });
  const url = `${h.bot.opsUrl}/webhooks/imagine/${SECRET}`;
  h.service.webhooks.urls.add(url);
  return url;
}

/** How many times the bot polled this image. */
function pollsOf(imageId: string): number {
  return h.service.requests.filter((r) => r.request === `GET /items/images/${imageId}`).length;
}

function post(url: string, body: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: "POST", body, headers: { "content-type": "application/json", ...headers } });
}

describe("webhook push", () => {
  test("progress and the finished grid appear as soon as webhooks announce them, long before the first poll is due", async () => {
    await startWithWebhook({ POLL_INTERVAL_MS: "20000" });
    const job = await startImagine(h, { prompt: "a glass city under the sea" });
    const id = job.record.id;

    h.service.advance();
    await job.handle.waitForResponse({ where: (m) => /Generating/.test(textOf(m)) });
    h.service.advance();
    await job.handle.waitForResponse({ where: (m) => /25%/.test(textOf(m)) });
    h.service.completeNow(id);
    const grid = await waitForResult(h, job.record.id, isGrid);

    expect(textOf(grid)).toContain(id);
    // Every change the user saw was read back right after its webhook, not at the 20 s poll pace.
    expect(pollsOf(id)).toBeGreaterThanOrEqual(3);
    expect(pollsOf(id)).toBeLessThanOrEqual(h.service.webhooks.sent);
    expect(h.service.webhooks.sent).toBeGreaterThanOrEqual(4);
    h.emu.assertNoRejectedRequests();
  });

  test("while webhooks arrive a job is no longer polled at the normal pace, but a job without them still is", async () => {
    const url = await startWithWebhook({ POLL_INTERVAL_MS: "100" }, 10);
    // The quiet job starts before the bot's webhook is registered, then hangs at 42%: no change, no push.
    h.service.webhooks.urls.clear();
    h.service.lifecycle.hangPattern = /quiet/;
    const quiet = await startImagine(h, { prompt: "a quiet pond" });
    h.service.advance(2);
    await quiet.handle.waitForResponse({ where: (m) => /42%/.test(textOf(m)) });
    h.service.webhooks.urls.add(url);
    const pushed = await startImagine(h, { prompt: "a lantern festival" });

    h.service.advance();
    await pushed.handle.waitForResponse({ where: (m) => /Generating/.test(textOf(m)) });
    h.service.advance();
    await pushed.handle.waitForResponse({ where: (m) => /10%/.test(textOf(m)) });
    const pushedPolls = pollsOf(pushed.record.id);
    const quietPolls = pollsOf(quiet.record.id);

    // Time for several polls of the quiet job passes; the pushed one is left alone meanwhile.
    await h.emu.waitFor(() => pollsOf(quiet.record.id) >= quietPolls + 4, {
      description: "four more polls of the job without webhooks",
    });
    expect(pollsOf(pushed.record.id)).toBe(pushedPolls);

    h.service.completeNow(pushed.record.id);
    await waitForResult(h, pushed.record.id, isGrid);
    // One read of the record, to confirm what the webhook announced.
    expect(pollsOf(pushed.record.id)).toBe(pushedPolls + 1);
  });

  test("bad webhook calls are answered 404, 413 or 400, an unknown job 200, and none disturbs a job", async () => {
    const url = await startWithWebhook({ POLL_INTERVAL_MS: "20000" });
    const job = await startImagine(h, { prompt: "a paper boat" });
    const base = h.bot.opsUrl!;
    const record = h.service.record(job.record.id)!;
    const event = (payload: object) => JSON.stringify({ event: "images.items.update", payload });

    const wrongSecret = await post(`${base}/webhooks/imagine/not-the-secret-at-all-0000`, event(record));
    expect(wrongSecret.status).toBe(404);
    const tooLarge = await post(url, event({ ...record, prompt: "x".repeat(300 * 1024) }));
    expect(tooLarge.status).toBe(413);
    const notJson = await post(url, "{ not json");
    expect(notJson.status).toBe(400);
    const notAnEvent = await post(url, JSON.stringify({ hello: "world" }));
    expect(notAnEvent.status).toBe(400);
    const wrongShape = await post(url, event({ ...record, status: 42 }));
    expect(wrongShape.status).toBe(400);
    const unknownJob = await post(
      url,
      event({ ...record, id: "0b0e8f3c-1111-4222-8333-944455556666", status: "completed" }),
    );
    expect(unknownJob.status).toBe(200);
    expect(await unknownJob.json()).toEqual({ ok: true });

    // The job itself was not disturbed: it ends with one grid.
    h.service.completeNow(job.record.id);
    const grid = await waitForResult(h, job.record.id, isGrid);
    expect(resultsOf(h, job.record.id)).toHaveLength(1);
    expect(textOf(grid)).toContain(job.record.id);

    const metrics = await (await fetch(`${base}/metrics`)).text();
    expect(metrics).toMatch(/imagine_webhooks_received_total\{result="rejected"\} 5\b/);
    expect(metrics).toMatch(/imagine_webhooks_received_total\{result="ignored"\} \d+/);
    expect(metrics).toMatch(/imagine_webhooks_received_total\{result="accepted"\} [1-9]/);
    expect(h.logs.text()).not.toContain(SECRET);
  });
});
