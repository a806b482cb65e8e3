/**
 * A server that stops answering mid-job (issue 39, point 5), with real reference services: the member's
 * message says so in plain words; when the server answers again without the record (its reference service
 * restarted on the same port, so it lost every record), the job is made again, once, on a server that takes
 * it and delivered; with no line to make it again in, it ends in plain words with Try again. How fast each
 * is told at the bot's default pace is `test/jobs/poll-outages.test.ts`'s, on a manual clock.
 */
import { afterEach, describe, expect, test } from "vitest";
import { startReferenceService, type ReferenceService } from "../../tools/reference-service/index.js";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { textOf } from "../support/message-view.js";
import { buttonId, resultsOf, waitForResult } from "./imagine-steps.js";
import { imagineOnPool, serviceOf, startPool, type PoolHarness } from "./pool-steps.js";
import { RETRIES_MS } from "./service-error-steps.js";

const NOT_ANSWERING = "The image service is not answering right now";
/** A poll to a server that went down fails once the client's retries are spent; then the member is told. */
const TOLD_MS = 5_000 + RETRIES_MS;

let p: PoolHarness | undefined;
let h: BotHarness | undefined;
let replacement: ReferenceService | undefined;
afterEach(async () => {
  await p?.stop();
  await h?.stop();
  await replacement?.close();
  p = h = replacement = undefined;
});

/** Starts a fresh reference service in `service`'s place: same port and token, none of its records. */
async function restartWithoutRecords(service: ReferenceService): Promise<ReferenceService> {
  const { port } = new URL(service.url);
  replacement = await startReferenceService({
    port: Number(port),
    tickMs: 0,
    initialHealth: "healthy",
    tokens: { [service.token]: "local-user" },
  });
  return replacement;
}

/** Every version of the job's message, oldest first. */
function history(handle: { responseHistory(): unknown[] }): string[] {
  return handle.responseHistory().map((m) => textOf(m as Parameters<typeof textOf>[0]));
}

describe("a server that stops answering mid-job", () => {
  test("the member is told it is not answering; when it comes back without the record the job is made again once and delivered", async () => {
    p = await startPool([{ initialHealth: "healthy" }], { slots: 2 });
    const { services } = p;
    const job = await imagineOnPool(p, "a lighthouse in the fog");
    expect(serviceOf(p, job.imageId)).toBe(0);
    services[0]!.advance(3);
    await job.handle.waitForResponse({ where: (m) => /\d+ ?%/.test(textOf(m)) });

    await services[0]!.close();
    const silent = await job.handle.waitForResponse({
      where: (m) => textOf(m).includes(NOT_ANSWERING),
      timeoutMs: TOLD_MS,
    });
    expect(textOf(silent)).toContain("will update this message");
    expect(textOf(silent)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|https?:\/\//);

    const back = await restartWithoutRecords(services[0]!);
    const again = await p.h.emu.waitFor(
      () =>
        p!.h.bot.context.imagine
          .activeJobs()
          .find((j) => j.ref === job.handle.id && j.phase === "sent" && j.imageId !== job.imageId),
      { description: "the job made again" },
    );
    expect(again.remadeFrom).toEqual({ imageId: job.imageId, server: "one", why: "lost" });
    // The member is told it is being made again, without blame.
    await job.handle.waitForResponse({
      where: (m) => textOf(m).includes("could not finish it") && textOf(m).includes("Your prompt is fine"),
    });
    const holder = [back, services[1]!].find((s) => s.record(again.imageId) !== undefined);
    expect(holder).toBeDefined();
    holder!.completeNow(again.imageId);
    await waitForResult(p.h, again.imageId);

    // Delivered once, from the record made again; the first one never ended as "lost" for the member.
    expect(resultsOf(p.h, again.imageId)).toHaveLength(1);
    expect(resultsOf(p.h, job.imageId)).toHaveLength(0);
    expect(history(job.handle).join("\n")).not.toMatch(/Lost|no longer knows/);
    const creates = [back, services[1]!].map(
      (s) => s.requests.filter((r) => r.request === "POST /items/images").length,
    );
    expect(creates[0]! + creates[1]!).toBe(1);
  });

  test("with one server and no line, the job ends in plain words with Try again once the server is back without it", async () => {
    h = await startBotHarness();
    const handle = await h.emu.sendSlashCommand({
      name: "imagine",
      options: { prompt: "a lighthouse in the fog" },
      user: h.world.alice,
      channelId: h.world.general.id,
    });
    await handle.waitForResponse({ where: (m) => /waiting in (queue|line)/i.test(textOf(m)) });
    const { imageId } = (await h.bot.context.imagine.findJob(handle.id))!;
    await h.service.close();
    await handle.waitForResponse({ where: (m) => textOf(m).includes(NOT_ANSWERING), timeoutMs: TOLD_MS });
    await restartWithoutRecords(h.service);
    const ended = await waitForResult(h, imageId, (m) => textOf(m).includes("no longer knows this job"));
    expect(buttonId(ended, "Try again")).toBeTruthy();
    expect(textOf(ended)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|forbidden/i);
  });
});
