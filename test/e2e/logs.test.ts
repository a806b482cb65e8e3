/**
 * What the bot writes to its log while jobs run, including the rough paths (a failing poll, a Discord
 * error, an expired interaction token, webhooks): every line about a job says which job, interaction and
 * user it is about, and no token or secret ever appears.
 */
import { afterEach, describe, expect, test } from "vitest";
import { systemClock } from "../../src/jobs/clock.js";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { textOf } from "../support/message-view.js";
import { isGrid, startImagine, waitForResult } from "./imagine-steps.js";

const SECRET = "log-test-webhook-secret-000111222";
const FIFTEEN_MINUTES_MS = 15 * 60 * 1000;

let h: BotHarness;
afterEach(async () => {
  await h?.stop();
});

interface ParsedLine {
  level: number;
  jobId?: string;
  interactionId?: string;
  userId?: string;
  msg?: string;
}

describe("bot logs", () => {
  test("every line about a job names the job, the interaction and the user, and no secret is ever logged", async () => {
    h = await startBotHarness({
      env: { HTTP_PORT: "0", HTTP_HOST: "127.0.0.1", WEBHOOK_SECRET: SECRET },
      service: { lifecycle: { steps: 2 } },
      // Real time: the bot does not see the emulator's clock jump, so it tries the expired token itself.
      clock: systemClock,
    });
    const { emu, service, world } = h;
    const pushed = await startImagine(h, { prompt: "a comet over the mountains" });
    const polled = await startImagine(h, { prompt: "a tram in the rain", user: world.mod });
    // One failing poll per job (an answer not worth retrying), then a failing Discord edit.
    service.faults.match = /^GET \/items\/images\//;
    service.faults.queue.push("quota", "quota");
    await emu.waitFor(() => service.faults.queue.length === 0, { description: "the failing polls" });
    service.faults.match = null;
    emu.faults.failNext(1, { status: 500, route: "PATCH" });
    service.webhooks.urls.add(`${h.bot.opsUrl}/webhooks/imagine/${SECRET}`);
    service.advance();
    await pushed.handle.waitForResponse({ where: (m) => /Generating|50%/.test(textOf(m)) });
    await polled.handle.waitForResponse({ where: (m) => /Generating|50%/.test(textOf(m)) });
    service.completeNow(pushed.record.id);
    await waitForResult(h, pushed.record.id, isGrid);
    // The second job finishes after its interaction token expired: the bot falls back to the bot token.
    emu.clock.advance(FIFTEEN_MINUTES_MS + 60_000);
    service.completeNow(polled.record.id);
    await waitForResult(h, polled.record.id, isGrid);
    await fetch(`${h.bot.opsUrl}/webhooks/imagine/wrong-secret-0123456789`, { method: "POST", body: "{}" });

    const lines = h.logs.lines;
    const secrets = [emu.botToken, service.token, SECRET, pushed.handle.token, polled.handle.token];
    expect(lines.filter((line) => secrets.some((s) => line.includes(s)))).toEqual([]);

    const parsed = lines.map((line) => JSON.parse(line) as ParsedLine);
    const about = (job: typeof pushed, userId: string) => {
      // Lines of the job's own code carry its id; at info level and above, so does any line naming it
      // (only debug transport lines, a request path or a webhook call, name it in passing).
      const jobLines = parsed.filter(
        (l, i) => l.jobId === job.record.id || (l.level >= 30 && lines[i]!.includes(job.record.id)),
      );
      expect(jobLines.length).toBeGreaterThan(2);
      const missing = jobLines.filter(
        (l) => l.jobId !== job.record.id || l.interactionId !== job.handle.id || l.userId !== userId,
      );
      expect(missing.map((l) => l.msg)).toEqual([]);
    };
    about(pushed, world.alice.id);
    about(polled, world.mod.id);
    // The rough paths were really taken (and so were logged above).
    expect(parsed.some((l) => l.jobId === polled.record.id && /poll/i.test(l.msg ?? ""))).toBe(true);
    expect(emu.rejectedRequests().map((r) => r.code)).toContain(50027);
  });
});
