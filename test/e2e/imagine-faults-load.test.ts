import { afterEach, describe, expect, test } from "vitest";
import type { RequestRecord } from "../emulator/request-log.js";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { textOf } from "../support/message-view.js";
import { isGrid, startImagine, type StartedJob } from "./imagine-steps.js";

let h: BotHarness;
afterEach(async () => {
  await h?.stop();
});

/** Every Discord request the bot made for one job: its interaction's callback and token edits, channel edits. */
function requestsOfJob(h: BotHarness, job: StartedJob): RequestRecord[] {
  return h.emu.requests.filter(
    (r) =>
      r.path.includes(job.handle.token) ||
      r.path.includes(`/interactions/${job.handle.id}/`) ||
      r.path.includes(`/messages/${job.waiting.id}`),
  );
}

describe("/imagine under load with Discord's default rate limits", () => {
  test("twenty members running /imagine at once in one channel all get their grid without one rate limit hit", async () => {
    h = await startBotHarness({
      env: { GUILD_MAX_ACTIVE_JOBS: "50" },
      service: { lifecycle: { steps: 4, concurrency: 20 } },
    });
    const { emu, world, service } = h;
    const members = Array.from({ length: 20 }, (_, i) => {
      const user = emu.addUser({ username: `member${i}` });
      emu.addMember({ guildId: world.guild.id, user });
      return user;
    });
    const jobs = await Promise.all(
      members.map((user, i) => startImagine(h, { prompt: `lantern number ${i}`, user })),
    );
    const allShow = (where: (text: string) => boolean) =>
      Promise.all(jobs.map((j) => j.handle.waitForResponse({ where: (m) => where(textOf(m)) })));

    service.advance();
    await allShow((text) => /Generating/.test(text));
    service.advance(2);
    await allShow((text) => /50%/.test(text));
    service.advance(3);
    const grids = await Promise.all(jobs.map((j) => j.handle.waitForResponse({ where: isGrid })));

    grids.forEach((grid, i) => {
      expect(textOf(grid)).toContain(jobs[i]!.record.id);
      expect(grid.content).toContain(`<@${members[i]!.id}>`);
    });
    expect(emu.messagesIn(world.general)).toHaveLength(20);
    emu.assertNoRejectedRequests();
    expect(emu.rateLimitHits).toBe(0);
  });

  test("a job shown through waiting, ten progress steps and its grid makes one callback and one edit per visible change", async () => {
    h = await startBotHarness({ service: { lifecycle: { steps: 10 } } });
    const { emu, service } = h;
    const job = await startImagine(h, { prompt: "a clockwork bird" });
    for (const percent of [0, 10, 20, 30, 40, 50, 60, 70, 80, 90]) {
      service.advance();
      await job.handle.waitForResponse({ where: (m) => textOf(m).includes(`${percent}%`) });
    }
    service.advance();
    await job.handle.waitForResponse({ where: isGrid });

    const requests = requestsOfJob(h, job);
    for (const r of requests) console.log(r.method, r.route, r.status, r.at, r.realAt % 100000);
    for (const m of job.handle.responseHistory()) console.log(JSON.stringify(textOf(m)));
    const callbacks = requests.filter((r) => r.route.includes("/callback"));
    const edits = requests.filter((r) => r.method === "PATCH");
    expect(callbacks).toHaveLength(1);
    // waiting + 0% + 10 … 90% + the grid: 12 visible versions of the one message.
    expect(edits).toHaveLength(12);
    expect(requests).toHaveLength(13);
    expect(job.handle.responseHistory().length).toBe(13);
    emu.assertNoRejectedRequests();
    expect(emu.rateLimitHits).toBe(0);
  });
});
