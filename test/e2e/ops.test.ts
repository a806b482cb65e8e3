/**
 * The operations endpoints of a running bot: `/healthz` reports the gateway, the job store and the image
 * service; `/metrics` counts what happened to jobs, service requests and Discord messages.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { openSqliteJobStore } from "../../src/store/sqlite-job-store.js";
import { sampleValue } from "../metrics/sample-value.js";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { textOf } from "../support/message-view.js";
import { isGrid, startImagine, waitForJobEnd, waitForResult } from "./imagine-steps.js";

const OPS_ENV = { HTTP_PORT: "0", HTTP_HOST: "127.0.0.1" };
/** Longer than the 15 s the bot reuses one answer of the service's status. */
const PAST_HEALTH_CACHE_MS = 16_000;

let h: BotHarness;
let dataDir: string | undefined;
afterEach(async () => {
  await h?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

async function get(path: string): Promise<{ status: number; body: string; type: string | null }> {
  const res = await fetch(`${h.bot.opsUrl}${path}`);
  return { status: res.status, body: await res.text(), type: res.headers.get("content-type") };
}

describe("GET /healthz", () => {
  test("answers 200 while the gateway is connected, the database takes writes and the service answers", async () => {
    dataDir = await mkdtemp(join(tmpdir(), "imagine-bot-ops-"));
    const store = await openSqliteJobStore(join(dataDir, "jobs.db"));
    h = await startBotHarness({ env: OPS_ENV, store });
    await h.emu.waitFor(() => h.bot.context.pool.first.profile.settled || undefined);

    const healthy = await get("/healthz");
    expect(healthy.status).toBe(200);
    expect(JSON.parse(healthy.body)).toEqual({
      status: "ok",
      checks: [
        { name: "discord-gateway", ok: true },
        { name: "store", ok: true },
        { name: "image-service", ok: true, detail: "bot_status healthy" },
        {
          name: "image-service-kind",
          ok: true,
          detail: expect.stringMatching(/^ref sent \(.+\); upscale route present \(.+\)$/) as unknown,
        },
        {
          name: "process",
          ok: true,
          detail: `${h.bot.context.imagine.processId}; shards: 0; 0 jobs`,
        },
      ],
    });
  });

  test("answers 503 with a reason for each broken part: a database that refuses writes, a failing service", async () => {
    dataDir = await mkdtemp(join(tmpdir(), "imagine-bot-ops-"));
    const store = await openSqliteJobStore(join(dataDir, "jobs.db"));
    h = await startBotHarness({ env: OPS_ENV, store });
    expect((await get("/healthz")).status).toBe(200);

    await store.close();
    h.service.faults.match = /\/items\/status/;
    h.service.faults.errorRate = 1;
    h.emu.clock.advance(PAST_HEALTH_CACHE_MS);
    const broken = await get("/healthz");

    expect(broken.status).toBe(503);
    const body = JSON.parse(broken.body) as { status: string; reasons: string[] };
    expect(body.status).toBe("unhealthy");
    expect(body.reasons).toHaveLength(2);
    expect(body.reasons[0]).toMatch(/^store: cannot write: .*closed/);
    expect(body.reasons[1]).toMatch(/^image-service: unreachable: /);
  });
});

describe("GET /metrics", () => {
  test("counts jobs by outcome, jobs in flight, service requests and errors, Discord edits and rate limits, and delivery latency", async () => {
    h = await startBotHarness({
      env: { ...OPS_ENV, JOB_TIMEOUT_MS: "3000", USER_MAX_ACTIVE_JOBS: "5" },
      service: { lifecycle: { hangPattern: /stuck/ } },
      // One edit per interaction token per 300 ms and one new message per channel per second: the bot's
      // quick edits and the results ending together run into the limits (results waiting for a busy channel
      // wait 300 ms for others to go with them, so a shorter channel window would let them through).
      emulator: {
        rateLimits: {
          interactionWebhook: { limit: 1, windowMs: 300 },
          channelMessageWrites: { limit: 1, windowMs: 1000 },
        },
      },
    });
    const done = await startImagine(h, { prompt: "a finished painting" });
    const failing = await startImagine(h, { prompt: "a failing painting" });
    const stuck = await startImagine(h, { prompt: "a stuck painting" });
    h.service.completeNow(done.record.id);
    h.service.failNow(failing.record.id, "Midjourney message: Invalid parameter");
    await waitForResult(h, done.record.id, isGrid);
    await failing.handle.waitForFollowUp({ where: (m) => /could not be made/.test(textOf(m)) });
    await waitForJobEnd(h, done.record.id);
    await waitForJobEnd(h, failing.record.id);

    const during = await get("/metrics");
    expect(during.type).toMatch(/^text\/plain/);
    expect(sampleValue(during.body, "imagine_jobs_in_flight")).toBe(1);

    await waitForResult(h, stuck.record.id, (m) => /Stopped waiting/.test(textOf(m)));
    await waitForJobEnd(h, stuck.record.id);
    h.service.faults.match = /\/items\/status/;
    h.service.faults.errorRate = 1;
    h.emu.clock.advance(PAST_HEALTH_CACHE_MS);
    expect((await get("/healthz")).status).toBe(503);

    const { body } = await get("/metrics");
    expect(sampleValue(body, "imagine_jobs_in_flight")).toBe(0);
    expect(sampleValue(body, 'imagine_jobs_finished_total{outcome="completed"}')).toBe(1);
    expect(sampleValue(body, 'imagine_jobs_finished_total{outcome="failed"}')).toBe(1);
    expect(sampleValue(body, 'imagine_jobs_finished_total{outcome="timed-out"}')).toBe(1);
    expect(sampleValue(body, 'imagine_service_requests_total{operation="create-image",outcome="ok"}')).toBe(
      3,
    );
    expect(
      sampleValue(body, 'imagine_service_requests_total{operation="get-service-status",outcome="server"}'),
    ).toBe(1);
    // Results are new messages in the channel; progress is edited through the interaction token.
    expect(sampleValue(body, 'imagine_discord_edits_total{route="channel-new",final="true"}')).toBe(3);
    expect(sampleValue(body, 'imagine_discord_edits_total{route="interaction",final="false"}')).toBe(3);
    expect(sampleValue(body, "imagine_discord_rate_limits_total")).toBeGreaterThan(0);
    expect(sampleValue(body, "imagine_delivery_latency_seconds_count")).toBe(3);
    expect(sampleValue(body, 'imagine_delivery_latency_seconds_bucket{le="+Inf"}')).toBe(3);
    expect(body).toMatch(/^process_cpu_user_seconds_total /m);
  });
});
