/**
 * Several ImagineAPI servers behind one bot: new jobs spread over them, a job stays with the server that holds
 * its record (polls, resume), a server that refuses connections gets no new job until it is back.
 */
import { afterEach, describe, expect, test } from "vitest";
import { startReferenceService, type ReferenceService } from "../../tools/reference-service/index.js";
import { FIRST_BACKOFF_MS } from "../../src/pool/image-server.js";
import { textOf } from "../support/message-view.js";
import { buttonsOf } from "../support/message-view.js";
import { clickLabel, isGrid, resultsOf, waitForResult, waitForUpscale } from "./imagine-steps.js";
import { createsAt, imagineOnPool, serviceOf, startPool, type PoolHarness } from "./pool-steps.js";

let p: PoolHarness | undefined;
let revived: ReferenceService | undefined;
afterEach(async () => {
  await p?.stop();
  await revived?.close();
  p = undefined;
  revived = undefined;
});

describe("a pool of ImagineAPI servers", () => {
  test("three jobs on three servers (one self-hosted) go one to each, and each result comes from its own server", async () => {
    p = await startPool([{}, { profile: "self-hosted", initialHealth: "healthy" }], { slots: 1 });
    const jobs = [];
    for (const prompt of ["a red fox", "a blue heron", "a green frog"])
      jobs.push(await imagineOnPool(p, prompt));

    expect(jobs.map((j) => serviceOf(p!, j.imageId)).sort()).toEqual([0, 1, 2]);
    // Each service made exactly one record: none was asked twice.
    expect(p.services.map((s) => s.creates)).toEqual([1, 1, 1]);

    // Moderators see a row per server: name, health, slots in use, what it offers; never a URL or token.
    const status = await p.h.emu.sendSlashCommand({
      name: "imagine-status",
      user: p.h.world.mod,
      channelId: p.h.world.general.id,
    });
    const page = textOf(await status.waitForResponse({ where: (m) => textOf(m).includes("Image servers") }));
    expect(page).toContain("Image servers (0 jobs waiting in the bot's line)");
    for (const name of ["one", "two", "three"])
      expect(page).toMatch(new RegExp(`\\*\\*${name}\\*\\* \\S+.* · 1 of 1 slots busy`));
    // The headline speaks for all of them; no API words ("ref") in a row.
    expect(page).toContain("🟢 **3 of 3 image servers working**");
    expect(page).not.toContain("no ref");
    for (const service of p.services) {
      expect(page).not.toContain(service.token);
      expect(page).not.toContain(new URL(service.url).host);
    }
    for (const job of jobs) p.services[serviceOf(p, job.imageId)]!.completeNow(job.imageId);
    for (const job of jobs) await waitForResult(p.h, job.imageId, isGrid);
    // The job is recorded with its server's name.
    const stored = await Promise.all(jobs.map((j) => p!.h.bot.context.store.get(j.imageId)));
    expect(stored.map((j) => j?.server).sort()).toEqual(["one", "three", "two"]);
  });

  test("/healthz has a check per server and /metrics its gauges labelled by name; a dead server does not fail the bot", async () => {
    p = await startPool([{}], { slots: 2, env: { HTTP_PORT: "0", HTTP_HOST: "127.0.0.1" } });
    await imagineOnPool(p, "a red fox");
    await p.services[1]!.close();
    p.h.emu.clock.advance(16_000);
    await p.h.bot.context.pool.health.current();
    const health = await fetch(`${p.h.bot.opsUrl}/healthz`);
    const body = await health.text();
    expect(health.status).toBe(200);
    expect(body).toMatch(/image-server:one[^\n]*bot_status healthy · 1\/2 slots busy/);
    expect(body).toMatch(/image-server:two[^\n]*unreachable/);
    const metrics = await (await fetch(`${p.h.bot.opsUrl}/metrics`)).text();
    expect(metrics).toContain('imagine_server_slots_in_use{server="one"} 1');
    expect(metrics).toContain('imagine_server_up{server="two"} 0');
    expect(metrics).toContain('imagine_server_slots{server="two"} 2');
    expect(metrics).toContain("imagine_jobs_waiting 0");
    expect(metrics).toContain('imagine_server_state{server="two",state="not-answering"} 1');
    expect(metrics).toContain('imagine_server_state{server="one",state="working"} 1');
  });

  test("Enhance is offered under a single image only where its grid's server has the upscale route", async () => {
    p = await startPool([{ profile: "self-hosted", initialHealth: "healthy" }], {
      slots: 1,
      env: { ENHANCE_FACTORS: "2x" },
    });
    const { h } = p;
    // Both servers' kinds are found out before the grids are shown.
    await Promise.all(h.bot.context.pool.servers.map((s) => s.profile.probe()));
    const labels: string[][] = [];
    const jobs = [await imagineOnPool(p, "a red fox"), await imagineOnPool(p, "a blue heron")];
    expect(jobs.map((j) => serviceOf(p!, j.imageId))).toEqual([0, 1]);
    for (const job of jobs) {
      p.services[serviceOf(p, job.imageId)]!.completeNow(job.imageId);
      const grid = await waitForResult(h, job.imageId, isGrid);
      await clickLabel(h, grid, "U1", h.world.alice);
      const single = await waitForUpscale(h, job.imageId, 0);
      labels.push(buttonsOf(single).map((b) => b.label ?? ""));
    }
    expect(labels[0]).toContain("Enhance 2× (uses credits)");
    expect(labels[1]).not.toContain("Enhance 2× (uses credits)");
  });

  test("a job stays with its server through a crash of the bot: after the restart it is read from there and delivered once", async () => {
    p = await startPool([{}], { slots: 1 });
    const first = await imagineOnPool(p, "a red fox");
    const second = await imagineOnPool(p, "a blue heron");
    expect(serviceOf(p, second.imageId)).toBe(1);

    await p.h.restart({ hard: true });
    p.services[1]!.completeNow(second.imageId);
    p.services[0]!.completeNow(first.imageId);
    await waitForResult(p.h, second.imageId, isGrid);
    await waitForResult(p.h, first.imageId, isGrid);
    expect([resultsOf(p.h, first.imageId), resultsOf(p.h, second.imageId)].map((r) => r.length)).toEqual([
      1, 1,
    ]);
    // Server 1 was never asked about the other server's image.
    expect(p.services[0]!.requests.some((r) => r.request.includes(second.imageId))).toBe(false);
  });

  test("a server killed mid-run: the next job goes to another server once, later jobs avoid it, and it is used again once back", async () => {
    p = await startPool([{}], { slots: 3 });
    const [one, two] = p.services as [ReferenceService, ReferenceService];
    const a = await imagineOnPool(p, "job a");
    const b = await imagineOnPool(p, "job b");
    expect([serviceOf(p, a.imageId), serviceOf(p, b.imageId)]).toEqual([0, 1]);
    one.completeNow(a.imageId);
    await waitForResult(p.h, a.imageId, isGrid);

    // Server 1 dies with no job of its own running; server 2 still runs b.
    const { port } = new URL(one.url);
    await one.close();
    const c = await imagineOnPool(p, "job c");
    const d = await imagineOnPool(p, "job d");
    expect([serviceOf(p, c.imageId), serviceOf(p, d.imageId)]).toEqual([1, 1]);
    const failovers = p.h.logs.lines.filter((l) => l.includes("creating the image on another server"));
    expect(failovers).toHaveLength(1);
    for (const job of [b, c, d]) two.completeNow(job.imageId);
    for (const job of [b, c, d]) await waitForResult(p.h, job.imageId, isGrid);

    // Back on its port; once its back-off passed (and its status was read again), it takes jobs.
    revived = await startReferenceService({
      port: Number(port),
      tickMs: 0,
      tokens: { [one.token]: "local-user" },
    });
    p.h.emu.clock.advance(Math.max(FIRST_BACKOFF_MS, 15_000) + 1000);
    const e = await imagineOnPool(p, "job e");
    expect(revived.record(e.imageId)).toBeDefined();
    expect(createsAt(revived)).toBe(1);
  });
});
