/**
 * Try again end to end: a refusal before any job exists (the service unavailable, a limit) is shown only to
 * the requester with their prompt and a Try again button that runs the same prompt for them, also after a
 * restart; an expired button says so and what to do; a banned-words refusal offers none.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { InjectedFault } from "../../tools/reference-service/index.js";
import { MemoryJobStore } from "../support/memory-job-store.js";
import type { MessageSnapshot } from "../../tools/discord-emulator/world/message-objects.js";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { buttonsOf, textOf } from "../support/message-view.js";
import { answerTo, imagineAnswer } from "./admission-steps.js";
import { clickLabel, isGrid, startImagine, waitForJobEnd, waitForResult } from "./imagine-steps.js";

let h: BotHarness;
const store = new MemoryJobStore();
beforeAll(async () => {
  h = await startBotHarness({
    store,
    env: { BANNED_WORDS: "dragon", USER_MAX_ACTIVE_JOBS: "1", USER_COOLDOWN_MS: "0" },
  });
});
afterAll(async () => {
  await h?.stop();
});

const createRequests = () => h.service.requests.filter((r) => r.request === "POST /items/images").length;

async function clickTryAgain(refusal: MessageSnapshot): Promise<MessageSnapshot> {
  return answerTo(h, await clickLabel(h, refusal, "Try again", h.world.alice));
}

describe("Try again", () => {
  test("after an outage, the refusal keeps the prompt and Try again runs it for the requester, also after a restart", async () => {
    h.service.faults.queue.push(...Array<InjectedFault>(6).fill("502-html"));
    const refusal = await imagineAnswer(h, h.world.alice, "a lighthouse at dusk --ar 16:9");
    expect(refusal.ephemeral).toBe(true);
    expect(textOf(refusal)).toMatch(/The image service is unavailable/);
    expect(textOf(refusal)).toContain("a lighthouse at dusk --ar 16:9");
    expect(buttonsOf(refusal).map((b) => b.label)).toEqual(["Try again"]);

    h.service.faults.queue.length = 0;
    await h.restart({ hard: true });
    const before = createRequests();
    const started = await clickTryAgain(refusal);
    expect(started.ephemeral).toBe(false);
    expect(textOf(started)).toMatch(/waiting in line/i);
    const records = h.service.records().filter((r) => r.prompt === "a lighthouse at dusk --ar 16:9");
    expect(records).toHaveLength(1);
    expect(createRequests()).toBe(before + 1);
    expect(textOf(started)).toContain(`<@${h.world.alice.id}>`);

    h.service.completeNow(records[0]?.id ?? "");
    const grid = await waitForResult(h, records[0]?.id ?? "", isGrid);
    expect(textOf(grid)).toContain(`<@${h.world.alice.id}>`);
    h.emu.assertNoRejectedRequests();
  });

  test("at the limit, Try again is refused again with a new button, and works once the running job ends", async () => {
    const running = await startImagine(h, { prompt: "a red bird" });
    const refusal = await imagineAnswer(h, h.world.alice, "a blue whale");
    expect(textOf(refusal)).toMatch(/You already have 1 image being generated/);

    const again = await clickTryAgain(refusal);
    expect(again.ephemeral).toBe(true);
    expect(textOf(again)).toMatch(/You already have 1 image being generated/);
    expect(textOf(again)).toContain("a blue whale");
    expect(buttonsOf(again).map((b) => b.label)).toEqual(["Try again"]);

    h.service.completeNow(running.record.id);
    await waitForResult(h, running.record.id, isGrid);
    await waitForJobEnd(h, running.record.id);
    const started = await clickTryAgain(again);
    expect(textOf(started)).toMatch(/waiting in line/i);
    const whale = h.service.records().find((r) => r.prompt === "a blue whale");
    expect(whale).toBeDefined();
    h.service.completeNow(whale?.id ?? "");
    const grid = await waitForResult(h, whale?.id ?? "", isGrid);
    expect(textOf(grid)).toContain(`<@${h.world.alice.id}>`);
  });

  test("a double click on Try again runs the prompt once; the second click is told so, only the clicker sees it", async () => {
    h.service.faults.queue.push(...Array<InjectedFault>(6).fill("502-html"));
    const refusal = await imagineAnswer(h, h.world.alice, "a green comet over the sea");
    h.service.faults.queue.length = 0;
    const clicks = [
      await clickLabel(h, refusal, "Try again", h.world.alice),
      await clickLabel(h, refusal, "Try again", h.world.alice),
    ];
    const answers = await Promise.all(clicks.map((click) => answerTo(h, click)));

    const records = h.service.records().filter((r) => r.prompt === "a green comet over the sea");
    expect(records).toHaveLength(1);
    expect(answers.filter((m) => /waiting in line/i.test(textOf(m)))).toHaveLength(1);
    const told = answers.filter((m) => m.ephemeral);
    expect(told.map(textOf)).toEqual(["This prompt was just tried again."]);
    h.service.completeNow(records[0]?.id ?? "");
    await waitForResult(h, records[0]?.id ?? "", isGrid);
    await waitForJobEnd(h, records[0]?.id ?? "");
    h.emu.assertNoRejectedRequests();
  });

  test("a banned-words refusal offers no Try again (the same prompt would be refused again)", async () => {
    const refusal = await imagineAnswer(h, h.world.alice, "a dragon over the city");
    expect(refusal.ephemeral).toBe(true);
    expect(buttonsOf(refusal)).toEqual([]);
  });

  test("an invalid parameter is refused privately with the typed prompt to copy, and no Try again", async () => {
    const refusal = await imagineAnswer(h, h.world.alice, "a red bird on a wire --chaos 150");
    expect(refusal.ephemeral).toBe(true);
    expect(textOf(refusal)).toMatch(/`--chaos 150` is not valid/);
    expect(textOf(refusal)).toContain("a red bird on a wire --chaos 150");
    expect(buttonsOf(refusal)).toEqual([]);
  });

  test("an image link the generator cannot reach is refused privately, naming the host, with no Try again", async () => {
    const refusal = await imagineAnswer(h, h.world.alice, "http://10.0.0.5:8055/assets/x.png a fox");
    expect(refusal.ephemeral).toBe(true);
    expect(textOf(refusal)).toContain("10.0.0.5:8055");
    expect(buttonsOf(refusal)).toEqual([]);
  });

  test("a Try again button older than a day says it expired and how to run the prompt again", async () => {
    h.service.faults.queue.push(...Array<InjectedFault>(6).fill("502-html"));
    const refusal = await imagineAnswer(h, h.world.alice, "a quiet harbour");
    h.service.faults.queue.length = 0;
    h.emu.clock.advance(25 * 60 * 60 * 1000);
    const before = createRequests();

    const answer = await clickTryAgain(refusal);
    expect(answer.ephemeral).toBe(true);
    expect(textOf(answer)).toMatch(
      /This \*\*Try again\*\* button has expired \(prompts are kept for 24 hours\)/,
    );
    expect(textOf(answer)).toMatch(/Copy the prompt from the message above and run `\/imagine` again/);
    expect(createRequests()).toBe(before);
    h.emu.assertNoRejectedRequests();
  });
});
