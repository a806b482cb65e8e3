/**
 * A restart after the jobs' time limit passed (an outage, a crash loop, a long deploy): the bot was killed
 * with SIGKILL mid-job, and comes back after JOB_TIMEOUT_MS. Each job is read once before it is given up:
 * one the service finished meanwhile is delivered as usual, one still pending is reported timed out.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, test } from "vitest";
import type { MessageSnapshot } from "../../tools/discord-emulator/world/message-objects.js";
import { imagineIn, startProcessWorld, type ProcessWorld } from "../support/bot-process.js";
import { textOf } from "../support/message-view.js";
import { isGrid, resultsOf, waitForResult } from "./imagine-steps.js";

let w: ProcessWorld;
afterEach(async () => {
  await w?.stop();
});

const JOB_TIMEOUT_MS = 6_000;
/** pino's level number of `warn`: nothing in this restart deserves a warning. */
const WARN = 40;

const isTimedOut = (m: MessageSnapshot) => /Stopped waiting/.test(textOf(m));

/** How often the service was asked for this image so far. */
function readsOf(imageId: string): number {
  return w.service.requests.filter((r) => r.request === `GET /items/images/${imageId}`).length;
}

describe("restart after the time limit passed", () => {
  test("a job the service finished while the bot was down is delivered once; one still pending times out after one read", async () => {
    w = await startProcessWorld();
    const { emu, world, service } = w;
    const env = { JOB_TIMEOUT_MS: String(JOB_TIMEOUT_MS) };
    const first = await w.startBot(env);
    const submittedAt = Date.now();
    const finished = await imagineIn(w, "a lighthouse finished while the bot was down");
    const pending = await imagineIn(w, "a lighthouse still queued after the outage");
    first.kill("SIGKILL");
    expect((await first.exited).signal).toBe("SIGKILL");

    service.completeNow(finished.record.id);
    // The bot stays down past both jobs' time limit.
    await sleep(Math.max(0, submittedAt + JOB_TIMEOUT_MS + 1_000 - Date.now()));
    const readsBefore = [finished, pending].map((j) => readsOf(j.record.id));
    const second = await w.startBot(env);

    const grid = await waitForResult(w, finished.record.id, isGrid);
    expect(textOf(grid)).toContain(finished.record.id);
    const timedOut = await waitForResult(w, pending.record.id, isTimedOut);
    await second.waitForLog((l) => l.msg === "job ended" && l["jobId"] === pending.record.id);
    await second.waitForLog((l) => l.msg === "job ended" && l["jobId"] === finished.record.id);

    expect(resultsOf(w, finished.record.id).map((m) => m.id)).toEqual([grid.id]);
    expect(emu.messageHistory(grid.id).filter((m) => !isGrid(m))).toEqual([]);
    expect(emu.notifications(world.alice).filter((n) => n.messageId === grid.id)).toHaveLength(1);
    expect(resultsOf(w, pending.record.id).map((m) => m.id)).toEqual([timedOut.id]);
    // One read each after the restart, and none after the job ended.
    await sleep(500);
    const readsAfter = [finished, pending].map((j, i) => readsOf(j.record.id) - readsBefore[i]!);
    expect(readsAfter).toEqual([1, 1]);
    emu.assertNoRejectedRequests();
    expect(second.logs.filter((l) => l.level >= WARN).map((l) => l.msg)).toEqual([]);
  }, 60_000);
});
