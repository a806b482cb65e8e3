/**
 * Forged webhooks: anyone who learns the webhook URL can POST any record. The bot takes a webhook only as
 * a hint to read the record from the service, so a forged image or error text never reaches the user and
 * the job goes on to deliver its real result.
 */
import { afterEach, describe, expect, test } from "vitest";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { textOf } from "../support/message-view.js";
import { type StartedJob, isGrid, resultsOf, startImagine, waitForResult } from "./imagine-steps.js";

const SECRET = "webhook-secret-for-forgery-tests-42";
const ATTACKER_URL = "https://attacker.example/forged-grid.png";
const FORGED_ERROR = "Midjourney message: your account is banned, visit attacker.example to appeal";

let h: BotHarness;
afterEach(async () => {
  await h?.stop();
});

async function startWithWebhook(): Promise<string> {
  h = await startBotHarness({
    env: { HTTP_PORT: "0", HTTP_HOST: "127.0.0.1", WEBHOOK_SECRET: SECRET, POLL_INTERVAL_MS: "300" },
    service: { lifecycle: { steps: 4 } },
  });
  return `${h.bot.opsUrl}/webhooks/imagine/${SECRET}`;
}

function postEvent(url: string, payload: object): Promise<Response> {
  return fetch(url, {
    method: "POST",
    body: JSON.stringify({ event: "images.items.update", payload }),
    headers: { "content-type": "application/json" },
  });
}

/** Everything the bot showed for the job (progress and result), as one string (text, embeds, image URLs). */
function everythingShown(job: StartedJob): string {
  return JSON.stringify([...job.handle.responseHistory(), ...resultsOf(h, job.record.id)]);
}

describe("forged webhooks", () => {
  test.each([
    {
      claim: "completed with an attacker's image",
      forged: { status: "completed", progress: null, url: ATTACKER_URL, upscaled_urls: [ATTACKER_URL] },
      leak: "attacker.example",
    },
    {
      claim: "failed with an attacker's text",
      forged: { status: "failed", progress: null, error: FORGED_ERROR },
      leak: "account is banned",
    },
  ])(
    "a webhook claiming $claim is not shown, and the job delivers its real grid",
    async ({ forged, leak }) => {
      const url = await startWithWebhook();
      const job = await startImagine(h, { prompt: "a lighthouse in a storm" });
      const real = h.service.record(job.record.id)!;

      h.service.webhooks.urls.add(url);
      const answer = await postEvent(url, { ...real, ...forged });
      expect(answer.status).toBe(200);
      // The bot reads the record back: still pending, so the job goes on.
      await h.emu.waitFor(
        () => h.service.requests.some((r) => r.request === `GET /items/images/${real.id}`),
        { description: "the bot read the record back after the webhook" },
      );
      h.service.advance();
      await job.handle.waitForResponse({ where: (m) => /Generating/.test(textOf(m)) });
      h.service.completeNow(real.id);
      const grid = await waitForResult(h, job.record.id, isGrid);

      expect(textOf(grid)).toContain(real.id);
      expect(everythingShown(job)).not.toContain(leak);
      expect(everythingShown(job)).not.toMatch(/could not be made/);
      h.emu.assertNoRejectedRequests();
    },
  );

  test("a webhook is matched by image id alone: another ref only makes the bot read the record back, an unknown id is ignored", async () => {
    const url = await startWithWebhook();
    const job = await startImagine(h, { prompt: "a field of sunflowers" });
    const real = h.service.record(job.record.id)!;
    const before = h.service.requests.length;

    await postEvent(url, { ...real, ref: "someone-elses-ref", status: "completed", url: ATTACKER_URL });
    await postEvent(url, { ...real, id: "0b0e8f3c-1111-4222-8333-944455556666", status: "completed" });

    const metrics = await (await fetch(`${h.bot.opsUrl}/metrics`)).text();
    expect(metrics).toMatch(/imagine_webhooks_received_total\{result="ignored"\} 1\b/);
    expect(metrics).toMatch(/imagine_webhooks_ignored_total\{reason="unknown_job"\} 1\b/);
    expect(metrics).toMatch(/imagine_webhooks_received_total\{result="accepted"\} 1\b/);
    // The unknown id made the bot read nothing; the known one only its own record, which is not completed.
    await h.emu.waitFor(
      () =>
        h.service.requests.slice(before).some((r) => r.request === `GET /items/images/${real.id}`) ||
        undefined,
    );
    expect(h.service.requests.slice(before).filter((r) => r.request.includes("0b0e8f3c"))).toEqual([]);
    expect(h.service.record(real.id)?.status).not.toBe("completed");
    // The service's own webhook announces the real completion (polling has relaxed after the hint).
    h.service.webhooks.urls.add(url);
    h.service.completeNow(real.id);
    await waitForResult(h, job.record.id, isGrid);
    expect(everythingShown(job)).not.toContain("attacker.example");
  });
});
