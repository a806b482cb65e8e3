/**
 * The two kinds of ImagineAPI server end to end (service-facts.md, "Two kinds of server"): the bot finds out
 * by itself whether the service takes `ref` and has the upscale route, with no setting changed from
 * .env.example. The stories every user sees run on both profiles; what only one kind has is tested on it.
 */
import { afterEach, describe, expect, test } from "vitest";
import type { ServiceProfile } from "../../tools/reference-service/index.js";
import type { MessageSnapshot } from "../../tools/discord-emulator/world/message-objects.js";
import type { BotHarness, BotHarnessOptions } from "../support/bot-harness.js";
import { startOnProfile } from "./profile-steps.js";
import { buttonsOf, textOf } from "../support/message-view.js";
import {
  clickLabel,
  isGrid,
  startImagine,
  waitForResult,
  waitForUpscale,
  GRID_BUTTON_LABELS,
} from "./imagine-steps.js";

const SECRET = "webhook-secret-for-tests-0123456789";
const ENHANCE_2X = "Enhance 2× (uses credits)";
/** The tools under every single image, after its Enhance buttons. */
const SINGLE_TOOLS = ["Remix", "More like this", "Prompt", "Delete"] as const;

let h: BotHarness;
afterEach(async () => {
  await h?.stop();
});

/** Starts the bot against the reference service of `profile`, its bot healthy unless told otherwise. */
async function start(profile: ServiceProfile, options: BotHarnessOptions = {}): Promise<BotHarness> {
  h = await startOnProfile(profile, options);
  return h;
}

/** Bodies of the creates the service answered 500. */
function failedCreates(): number {
  return h.service.requests.filter((r) => r.request === "POST /items/images" && r.status === 500).length;
}

describe.each(["hosted", "self-hosted"] as const)("on a %s server", (profile) => {
  test("/imagine gives the grid with U1-U4, U1 shows upscaled_urls[0], and one request makes one record", async () => {
    await start(profile, { service: { lifecycle: { steps: 4 } } });
    const { service, world } = h;
    const job = await startImagine(h, { prompt: "a lighthouse at dusk --ar 16:9" });

    service.advance();
    await job.handle.waitForResponse({ where: (m) => /Generating/.test(textOf(m)) });
    service.advance();
    // The preview's percentage: 25 % on hosted, 31 % on self-hosted (its integer ticks 0, 31, 62, 93).
    await job.handle.waitForResponse({ where: (m) => /\b[1-9]\d?%/.test(textOf(m)) });
    service.advance(3);
    const grid = await waitForResult(h, job.record.id, isGrid);
    expect(buttonsOf(grid).map((b) => b.label)).toEqual(GRID_BUTTON_LABELS);

    await clickLabel(h, grid, "U1", world.alice);
    const single = await waitForUpscale(h, job.record.id, 0);
    const u1 = service.record(job.record.id)?.upscaled_urls?.[0];
    expect(u1).toBeTruthy();
    // Shown by link or uploaded: either way the image is the service's first single image.
    const shownUrl = single.embeds[0]?.image?.url ?? "";
    expect(shownUrl === u1 || single.attachments.length === 1).toBe(true);
    expect(h.service.requests.some((r) => r.request === `GET ${new URL(u1!).pathname}`)).toBe(true);

    expect(service.creates).toBe(1);
    expect(failedCreates()).toBe(0);
    if (profile === "hosted") expect(service.createsByRef.get(job.handle.id)).toBe(1);
    else expect(service.record(job.record.id)?.ref ?? null).toBeNull();
    h.emu.assertNoRejectedRequests();
  });

  test.each([
    ["Midjourney message: Invalid parameter --zz", /Invalid parameter --zz/],
    ["Midjourney message: Banned prompt detected", /Banned prompt detected|moderation refused/i],
  ])("the failure text %j reaches the requester", async (error, shown) => {
    await start(profile);
    const job = await startImagine(h, { prompt: "a doomed ship" });

    h.service.failNow(job.record.id, error);

    const detail = await job.handle.waitForFollowUp({ where: (m) => shown.test(textOf(m)) });
    expect(detail.ephemeral).toBe(true);
    expect(textOf(detail)).toContain(job.record.id);
  });

  test("a webhook from the service's flow is accepted and shows the change long before the next poll", async () => {
    await start(profile, {
      env: { HTTP_PORT: "0", HTTP_HOST: "127.0.0.1", WEBHOOK_SECRET: SECRET, POLL_INTERVAL_MS: "20000" },
      service: { lifecycle: { steps: 4 } },
    });
    h.service.webhooks.urls.add(`${h.bot.opsUrl}/webhooks/imagine/${SECRET}`);
    const job = await startImagine(h, { prompt: "a glass city under the sea" });

    h.service.advance();
    await job.handle.waitForResponse({ where: (m) => /Generating/.test(textOf(m)), timeoutMs: 5000 });
    h.service.completeNow(job.record.id);
    await waitForResult(h, job.record.id, isGrid, { timeoutMs: 5000 });

    const metrics = await (await fetch(`${h.bot.opsUrl}/metrics`)).text();
    const accepted = Number(/imagine_webhooks_received_total\{result="accepted"\} (\d+)/.exec(metrics)?.[1]);
    expect(accepted).toBeGreaterThanOrEqual(2);
    expect(metrics).toMatch(/imagine_webhooks_ignored_total\{reason="bad_body"\} 0/);
  });

  test.each([
    ["starting", /reports that it is starting/],
    ["unhealthy", /reports that it is down/],
  ] as const)(
    "a job sent while the service reports %s is accepted, says so while it waits, and completes once it is healthy",
    async (status, says) => {
      await start(profile, { service: { initialHealth: status, lifecycle: { steps: 2 } } });
      const job = await startImagine(h, { prompt: "an early bird" });
      await job.handle.waitForResponse({ where: (m) => says.test(textOf(m)) });

      h.service.setHealth("healthy");
      h.service.advance(3);

      const grid = await waitForResult(h, job.record.id, isGrid);
      expect(textOf(grid)).toContain(job.record.id);
      expect(h.service.creates).toBe(1);
    },
  );
});

describe("Enhance follows the upscale route", () => {
  /** Makes a grid and posts its U1; returns that single image's message. */
  async function singleImage(): Promise<MessageSnapshot> {
    const job = await startImagine(h, { prompt: "a red fox in snow" });
    h.service.completeNow(job.record.id);
    const grid = await waitForResult(h, job.record.id, isGrid);
    await clickLabel(h, grid, "U1", h.world.alice);
    return waitForUpscale(h, job.record.id, 0);
  }

  /** The /help answer alice sees. */
  async function help(): Promise<string> {
    const handle = await h.emu.sendSlashCommand({
      name: "help",
      user: h.world.alice,
      channelId: h.world.general.id,
    });
    return textOf(await handle.waitForResponse());
  }

  test.each([
    ["hosted", [ENHANCE_2X, ...SINGLE_TOOLS]],
    ["self-hosted", SINGLE_TOOLS],
  ] as const)(
    "with ENHANCE_FACTORS=2x, on a %s server the single image offers %j",
    async (profile, labels) => {
      await start(profile, { env: { ENHANCE_FACTORS: "2x" } });

      expect(buttonsOf(await singleImage()).map((b) => b.label)).toEqual(labels);
      expect(/Enhance/.test(await help())).toBe((labels as readonly string[]).includes(ENHANCE_2X));
    },
  );

  test("an Enhance the owner forced on is refused by a self-hosted server: the clicker is told privately there is no Enhance, with no Try again, and it is offered no more", async () => {
    await start("self-hosted", { env: { ENHANCE_FACTORS: "2x", IMAGINE_API_UPSCALE: "on" } });
    const single = await singleImage();
    expect(buttonsOf(single).map((b) => b.label)).toEqual([ENHANCE_2X, ...SINGLE_TOOLS]);

    const click = await clickLabel(h, single, ENHANCE_2X, h.world.alice);
    // The click was acknowledged before the service answered: the refusal is a private follow-up.
    const answer = await click.waitForFollowUp({ where: (m) => /no Enhance/.test(textOf(m)) });
    expect(answer.ephemeral).toBe(true);
    expect(buttonsOf(answer)).toEqual([]);
    expect(h.logs.text()).toMatch(/no upscale route/);

    // The same old button again: answered at once, nothing sent to the service.
    const upscales = () => h.service.requests.filter((r) => r.request.includes("/upscale/")).length;
    const before = upscales();
    const again = await clickLabel(h, single, ENHANCE_2X, h.world.alice);
    const second = await again.waitForResponse({ where: (m) => /no Enhance/.test(textOf(m)) });
    expect(second.ephemeral).toBe(true);
    expect(upscales()).toBe(before);
    expect(buttonsOf(await singleImage()).map((b) => b.label)).toEqual(SINGLE_TOOLS);
  });
});

describe("ref on a self-hosted server", () => {
  test("with IMAGINE_API_REF=send, the first create's 500 is learned: it is sent again without ref (the service proves it has no ref field), and ref is never sent again", async () => {
    await start("self-hosted", { env: { IMAGINE_API_REF: "send" } });
    const first = await startImagine(h, { prompt: "a first try" });
    const second = await startImagine(h, { prompt: "a second try" });

    expect(failedCreates()).toBe(1);
    expect(h.service.creates).toBe(2);
    expect(first.record.id).not.toBe(second.record.id);
    expect(h.logs.text().match(/refused ref/g)).toHaveLength(1);
    h.service.completeNow(first.record.id);
    await waitForResult(h, first.record.id, isGrid);
  });

  test("/imagine-status warns when the service reports healthy but a job has waited minutes to start", async () => {
    await start("self-hosted", { env: { JOB_TIMEOUT_MS: "3600000" } });
    // Its Midjourney bot is down, but the status row still says healthy.
    h.service.setBotRunning(false);
    const job = await startImagine(h, { prompt: "a stuck request" });
    const status = async () => {
      const handle = await h.emu.sendSlashCommand({
        name: "imagine-status",
        user: h.world.mod,
        channelId: h.world.general.id,
      });
      return textOf(await handle.waitForResponse({ where: (m) => m.embeds.length > 0 }));
    };
    expect(await status()).not.toMatch(/may be out of date/);

    h.emu.clock.advance(4 * 60_000);

    expect(await status()).toMatch(/Images waiting more than 3 min to start: 1\. .*may be out of date/);
    expect(h.service.record(job.record.id)?.status).toBe("pending");
  });

  test("/healthz and /imagine-status say what the bot found out", async () => {
    await start("self-hosted", { env: { HTTP_PORT: "0", HTTP_HOST: "127.0.0.1" } });
    const health = (await (await fetch(`${h.bot.opsUrl}/healthz`)).json()) as {
      checks: { name: string; detail?: string }[];
    };
    const kind = health.checks.find((c) => c.name === "image-service-kind");
    expect(kind?.detail).toMatch(/^ref not sent .*upscale route absent/);

    const handle = await h.emu.sendSlashCommand({
      name: "imagine-status",
      user: h.world.mod,
      channelId: h.world.general.id,
    });
    const status = await handle.waitForResponse({ where: (m) => m.embeds.length > 0 });
    expect(textOf(status)).toContain(
      "It does not tell which request an image belongs to (the bot keeps track itself) · Enhance (larger images) not offered by it",
    );
  });
});
