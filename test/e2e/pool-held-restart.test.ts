/**
 * A held server stays held across a restart (issue 39, point 2), end to end on a real SQLite database the
 * bot opens itself: after the notice and a restart, no create goes to it, /imagine-status still shows it
 * held, and Resume still works.
 */
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, test } from "vitest";
import { textOf } from "../support/message-view.js";
import { makeTempDir, removeTempDirs } from "./admission-steps.js";
import { buttonId } from "./imagine-steps.js";
import {
  createsAt,
  imagineOnPool,
  serviceOf,
  startedImageId,
  startPool,
  statusAsModerator,
  type PoolHarness,
} from "./pool-steps.js";

const NOTICE =
  "You have been blocked from accessing Midjourney. This happens on repeated or serious ToS violations.";

let p: PoolHarness | undefined;
afterEach(async () => {
  await p?.stop();
  p = undefined;
});
afterAll(removeTempDirs);

/** The server each new job went to (0: one, 1: two), waiting for those that queued; each is completed at once. */
async function serversOfNewJobs(pool: PoolHarness, prompts: string[]): Promise<number[]> {
  const found: number[] = [];
  for (const prompt of prompts) {
    const job = await imagineOnPool(pool, prompt);
    const id = await startedImageId(pool, job.handle.id);
    const server = serviceOf(pool, id);
    found.push(server);
    pool.services[server]?.completeNow(id);
  }
  return found;
}

describe("a held server after a restart", () => {
  test("gets no create, is still shown held in /imagine-status, and Resume still works", async () => {
    const databasePath = join(await makeTempDir(), "bot.sqlite");
    p = await startPool([{ initialHealth: "healthy" }], { slots: 2, databasePath });
    const { h, services } = p;
    services[0]!.lifecycle.accountNotice = NOTICE;
    const job = await imagineOnPool(p, "a quiet harbour");
    expect(serviceOf(p, job.imageId)).toBe(0);
    services[0]!.advance();
    await h.emu.waitFor(() => h.bot.context.pool.servers[0]!.takesJobs(Date.now()) === false, {
      description: "server one held",
    });

    await h.restart();
    expect(await serversOfNewJobs(p, ["a red boat", "a blue boat", "a green boat"])).toEqual([1, 1, 1]);
    expect(createsAt(services[0]!)).toBe(1);

    const status = await statusAsModerator(p);
    expect(status).toContain("⛔ **one** held until a moderator resumes it: Midjourney blocked its account");
    expect(status).toContain("1 of 2 image servers working");

    services[0]!.lifecycle.accountNotice = null;
    const page = await h.emu.sendSlashCommand({
      name: "imagine-status",
      user: h.world.mod,
      channelId: h.world.general.id,
    });
    const shown = await page.waitForResponse({ where: (m) => m.embeds.length > 0 });
    const click = await h.emu.clickButton({
      message: shown.id,
      customId: buttonId(shown, "Resume one"),
      user: h.world.mod,
    });
    expect(textOf(await click.waitForFollowUp())).toContain("one takes jobs again");
    expect(h.bot.context.pool.servers[0]!.takesJobs(Date.now())).toBe(true);
  });
});
