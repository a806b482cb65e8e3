import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { openSqliteJobStore } from "../../src/store/sqlite-job-store.js";
import type { MessageSnapshot } from "../../tools/discord-emulator/world/message-objects.js";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { textOf } from "../support/message-view.js";
import { imagineAnswer, makeTempDir, removeTempDirs } from "./admission-steps.js";
import { isGrid, startImagine, waitForJobEnd, waitForResult } from "./imagine-steps.js";

let h: BotHarness;
afterEach(async () => {
  await h?.stop();
  await removeTempDirs();
});

/** Expects `answer` to be an ephemeral refusal and that the service was never asked for it. */
function expectRefused(answer: MessageSnapshot, recordsBefore: number, pattern: RegExp): void {
  expect(answer.ephemeral).toBe(true);
  expect(textOf(answer)).toMatch(pattern);
  expect(h.service.records()).toHaveLength(recordsBefore);
}

/** The time a refusal says the user can try again (`<t:SECONDS:R>`), in ms. */
function retryTimeIn(answer: MessageSnapshot): number {
  const seconds = /<t:(\d+):R>/.exec(textOf(answer))?.[1];
  if (seconds === undefined) throw new Error(`no retry time in: ${textOf(answer)}`);
  return Number(seconds) * 1000;
}

describe("usage limits", () => {
  test("a member with two images in flight is told to wait for one to finish, then may start another", async () => {
    h = await startBotHarness();
    const { world, service } = h;
    const first = await startImagine(h, { prompt: "a red kite" });
    await startImagine(h, { prompt: "a blue kite" });

    const refusal = await imagineAnswer(h, world.alice, "a green kite");
    expectRefused(refusal, 2, /already have 2 images being generated/);
    expect(textOf(refusal)).toMatch(/when one of them finishes/);
    // The refusal repeats the prompt, so it can be copied for later.
    expect(textOf(refusal)).toContain("a green kite");

    service.completeNow(first.record.id);
    await waitForResult(h, first.record.id, isGrid);
    await waitForJobEnd(h, first.record.id);
    const accepted = await imagineAnswer(h, world.alice, "a green kite");
    expect(accepted.ephemeral).toBe(false);
    expect(service.records()).toHaveLength(3);
    h.emu.assertNoRejectedRequests();
  });

  test("three /imagine at once with a limit of two start exactly two images", async () => {
    h = await startBotHarness();
    const answers = await Promise.all(
      ["a red kite", "a blue kite", "a green kite"].map((prompt) => imagineAnswer(h, h.world.alice, prompt)),
    );
    expect(answers.filter((a) => a.ephemeral).map(textOf)).toEqual([
      expect.stringMatching(/already have 2 images being generated/),
    ]);
    expect(h.service.records()).toHaveLength(2);
  });

  test("two /imagine at once during a cooldown start one image", async () => {
    h = await startBotHarness({ env: { USER_COOLDOWN_MS: "60000" } });
    const answers = await Promise.all(
      ["a red kite", "a blue kite"].map((prompt) => imagineAnswer(h, h.world.alice, prompt)),
    );
    expect(answers.filter((a) => a.ephemeral).map(textOf)).toEqual([expect.stringMatching(/between images/)]);
    expect(h.service.records()).toHaveLength(1);
  });

  test("a cooldown refuses the next image until it ends and says when that is", async () => {
    const cooldownMs = 30_000;
    h = await startBotHarness({ env: { USER_COOLDOWN_MS: String(cooldownMs) } });
    const { emu, world, service } = h;
    const before = emu.clock.now();
    const first = await startImagine(h, { prompt: "a paper boat" });
    const after = emu.clock.now();
    service.completeNow(first.record.id);
    await waitForResult(h, first.record.id, isGrid);
    await waitForJobEnd(h, first.record.id);

    const refusal = await imagineAnswer(h, world.alice, "a paper plane");
    expectRefused(refusal, 1, /wait 30 seconds between images/);
    const retryAt = retryTimeIn(refusal);
    expect(retryAt).toBeGreaterThanOrEqual(before + cooldownMs);
    expect(retryAt).toBeLessThanOrEqual(after + cooldownMs + 1000);

    emu.clock.advance(cooldownMs);
    const accepted = await imagineAnswer(h, world.alice, "a paper plane");
    expect(accepted.ephemeral).toBe(false);
    expect(service.records()).toHaveLength(2);
    emu.assertNoRejectedRequests();
  });

  test("a server at its limit refuses everyone, moderators included", async () => {
    h = await startBotHarness({ env: { GUILD_MAX_ACTIVE_JOBS: "2" } });
    const { world } = h;
    await startImagine(h, { prompt: "a stone bridge", user: world.alice });
    await startImagine(h, { prompt: "a wooden bridge", user: world.mod });

    const refusal = await imagineAnswer(h, world.alice, "a rope bridge");
    expectRefused(refusal, 2, /This server already has 2 images being generated/);
    expect(textOf(refusal)).toMatch(/try again when one of them finishes/);
    const modRefusal = await imagineAnswer(h, world.mod, "an iron bridge");
    expectRefused(modRefusal, 2, /This server already has 2 images/);
    h.emu.assertNoRejectedRequests();
  });

  test("moderators are exempt from the per-user limits", async () => {
    h = await startBotHarness({ env: { USER_MAX_ACTIVE_JOBS: "1", USER_COOLDOWN_MS: "600000" } });
    const { world, service } = h;
    for (const prompt of ["a snow owl", "a barn owl", "an eagle owl"]) {
      await startImagine(h, { prompt, user: world.mod });
    }
    expect(service.records()).toHaveLength(3);
    await startImagine(h, { prompt: "a tawny owl", user: world.alice });
    const refusal = await imagineAnswer(h, world.alice, "a little owl");
    expectRefused(refusal, 4, /already have 1 image being generated/);
  });

  test("the cooldown survives a restart when the job store is a database", async () => {
    const tempDir = await makeTempDir();
    const path = join(tempDir, "jobs.db");
    h = await startBotHarness({
      env: { USER_COOLDOWN_MS: "600000" },
      store: await openSqliteJobStore(path),
    });
    const { world, service } = h;
    const first = await startImagine(h, { prompt: "a lighthouse keeper" });
    service.completeNow(first.record.id);
    await waitForResult(h, first.record.id, isGrid);
    await waitForJobEnd(h, first.record.id);

    // A new process opens the same database file.
    await h.restart({ store: await openSqliteJobStore(path) });
    const refusal = await imagineAnswer(h, world.alice, "a lighthouse keeper's cat");
    expectRefused(refusal, 1, /wait 10 minutes between images/);
    const stillRunning = await startImagine(h, { prompt: "a harbour at night", user: world.mod });
    expect(stillRunning.record.prompt).toBe("a harbour at night");
    h.emu.assertNoRejectedRequests();
  });

  test("jobs still in flight count against the limit after a restart", async () => {
    const tempDir = await makeTempDir();
    const path = join(tempDir, "jobs.db");
    h = await startBotHarness({ env: { USER_MAX_ACTIVE_JOBS: "1" }, store: await openSqliteJobStore(path) });
    await startImagine(h, { prompt: "a slow glacier" });

    await h.restart({ store: await openSqliteJobStore(path) });
    const refusal = await imagineAnswer(h, h.world.alice, "a fast river");
    expectRefused(refusal, 1, /already have 1 image being generated/);
  });
});
