/**
 * Graceful shutdown of the bot process: on SIGTERM or SIGINT it stops taking work, keeps its jobs in the
 * database, closes the HTTP server and the Discord connection, and exits 0; the next start finishes the jobs.
 */
import { afterEach, describe, expect, test } from "vitest";
import {
  imagineIn,
  isRunningLine,
  startProcessWorld,
  type BotProcess,
  type ProcessWorld,
} from "../support/bot-process.js";
import { textOf } from "../support/message-view.js";
import { isGrid, resultsOf, waitForResult } from "./imagine-steps.js";

let w: ProcessWorld;
afterEach(async () => {
  await w?.stop();
});

const OPS_ENV = { HTTP_PORT: "0", HTTP_HOST: "127.0.0.1" };

const imagine = (prompt: string) => imagineIn(w, prompt);

/** The ops server's URL, as the bot logged it when it came up. */
function opsUrlOf(bot: BotProcess): string {
  const url = bot.logs.find(isRunningLine)?.["opsUrl"];
  if (typeof url !== "string") throw new Error("the bot did not log its ops server URL");
  return url;
}

describe("graceful shutdown", () => {
  test.each(["SIGTERM", "SIGINT"] as const)(
    "%s with a job in flight: the bot disconnects, closes its HTTP server and exits 0",
    async (signal) => {
      w = await startProcessWorld();
      const bot = await w.startBot(OPS_ENV);
      const opsUrl = opsUrlOf(bot);
      expect((await fetch(`${opsUrl}/healthz`)).status).toBe(200);
      const job = await imagine("a windmill in a storm");
      w.service.advance();
      await job.handle.waitForResponse({ where: (m) => /Generating/.test(textOf(m)) });

      bot.kill(signal);
      const exit = await bot.exited;

      expect(exit).toEqual({ code: 0, signal: null });
      expect(bot.logs.map((l) => l.msg)).toContain("stopped");
      expect(bot.stderr()).toBe("");
      await expect(fetch(`${opsUrl}/healthz`)).rejects.toThrow();
      expect(w.emu.gateway.connectedSessions).toBe(0);
    },
  );

  test("jobs in flight at a SIGTERM finish, each with one final message, after the next start", async () => {
    w = await startProcessWorld();
    const bot = await w.startBot();
    const running = await imagine("a lighthouse in fog");
    w.service.advance();
    await running.handle.waitForResponse({ where: (m) => /Generating/.test(textOf(m)) });
    const waiting = await imagine("a field of sunflowers");
    bot.kill("SIGTERM");
    expect(await bot.exited).toEqual({ code: 0, signal: null });

    w.service.completeNow(running.record.id);
    w.service.completeNow(waiting.record.id);
    await w.startBot();
    for (const job of [running, waiting]) {
      await waitForResult(w, job.record.id, isGrid);
      expect(resultsOf(w, job.record.id)).toHaveLength(1);
      await w.emu.waitFor(() => job.handle.response()?.deleted, {
        description: "the progress message deleted",
      });
    }
    w.emu.assertNoRejectedRequests();
  });

  test("a poll hanging on an unresponsive image service does not hold the exit up", async () => {
    w = await startProcessWorld();
    const bot = await w.startBot({ SERVICE_TIMEOUT_MS: "30000" });
    await imagine("a clock tower at noon");
    w.service.faults.match = /^GET \/items\/images\//;
    w.service.faults.queue.push("hang");
    await w.emu.waitFor(() => w.service.faults.queue.length === 0, {
      description: "a poll of the job left hanging",
    });

    bot.kill("SIGTERM");
    expect(await bot.exited).toEqual({ code: 0, signal: null });
  });
});
