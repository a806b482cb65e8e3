/**
 * The Discord gateway after the start: a drop the bot recovers from is logged once when it happens and once
 * when it is over, with /healthz 503 in between; Discord refusing the bot for good (a reset token, refused
 * intents) stops the process with exit code 1 and one line saying what to check, instead of exit 0 and
 * silence.
 */
import { GatewayCloseCodes } from "discord.js";
import { afterEach, describe, expect, test } from "vitest";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { spawnBot, startProcessWorld, type ProcessWorld } from "../support/bot-process.js";

/** pino's level for `error`: what the owner is told to look at. */
const ERROR_LEVEL = 50;
const STACK_LINE = /^\s+at .+/m;

describe("Discord refusing the bot after the start", () => {
  // Concurrent, each with its own world: most of each test is discord.js waiting out the 5 s between two
  // IDENTIFYs (Discord's limit) before the refused one.
  test.concurrent.for<[GatewayCloseCodes, RegExp]>([
    [GatewayCloseCodes.AuthenticationFailed, /4004 AuthenticationFailed: .*token was reset.*DISCORD_TOKEN/],
    [GatewayCloseCodes.DisallowedIntents, /4014 DisallowedIntents: .*Privileged Gateway Intents/],
  ])(
    "a reconnect refused with %i exits 1 with one clear line",
    { timeout: 30_000 },
    async ([code, says], { expect, onTestFinished }) => {
      const w = await startProcessWorld();
      onTestFinished(() => w.stop());
      const bot = await w.startBot();

      w.emu.gateway.refuseIdentifyWith = code;
      w.emu.faults.disconnectGateway();
      const exit = await bot.exited;

      expect(exit.code).toBe(1);
      const problems = bot.logs.filter((line) => line.level >= ERROR_LEVEL);
      expect(problems.map((line) => line.msg)).toEqual([expect.stringMatching(says)]);
      expect(problems[0]!.raw).not.toContain(w.emu.botToken);
      expect(bot.stderr()).not.toMatch(STACK_LINE);
      // It tried to resume first, as after any drop, and was refused.
      expect(w.emu.gateway.identifies.at(-1)).toMatchObject({ accepted: false });
    },
  );
});

describe("Discord refusing the bot at the start", () => {
  let w: ProcessWorld | undefined;
  afterEach(async () => {
    await w?.stop();
    w = undefined;
  });

  test("a refused first IDENTIFY stops the start with the gateway's reason on stderr and exit code 1", async () => {
    w = await startProcessWorld();
    w.emu.gateway.refuseIdentifyWith = GatewayCloseCodes.DisallowedIntents;
    const bot = spawnBot(w.env(), w.dataDir);
    const exit = await bot.exited;

    expect(exit.code).toBe(1);
    expect(bot.stderr().trim().split("\n")).toEqual([
      expect.stringMatching(
        /^Discord closed the gateway connection with 4014 DisallowedIntents: .*Developer Portal/,
      ),
    ]);
    expect(bot.logs.some((line) => line.msg === "connected to Discord")).toBe(false);
  }, 30_000);
});

describe("a gateway outage the bot recovers from", () => {
  let h: BotHarness | undefined;
  afterEach(async () => {
    await h?.stop();
    h = undefined;
  });

  async function healthz(): Promise<{ status: number; reasons: string[] }> {
    const res = await fetch(`${h!.bot.opsUrl}/healthz`);
    const body = (await res.json()) as { reasons?: string[] };
    return { status: res.status, reasons: body.reasons ?? [] };
  }

  /** Asks /healthz until it answers `status` (for up to 5 s) and returns that answer. */
  async function healthzUntil(status: number): Promise<{ status: number; reasons: string[] }> {
    let answer = await healthz();
    for (let i = 0; i < 250 && answer.status !== status; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      answer = await healthz();
    }
    return answer;
  }

  test("/healthz is 503 while the gateway is down and 200 once resumed; each change is logged once", async () => {
    h = await startBotHarness({ env: { HTTP_PORT: "0", HTTP_HOST: "127.0.0.1" } });
    expect((await healthz()).status).toBe(200);

    h.emu.gateway.refuseConnections = true;
    h.emu.faults.disconnectGateway();
    expect(await healthzUntil(503)).toEqual({
      status: 503,
      reasons: [expect.stringMatching(/^discord-gateway: disconnected for \d+ s; reconnecting$/)],
    });
    // Reconnect attempts fail (every 0.5 s) while the gateway refuses connections.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await healthz()).status).toBe(503);

    h.emu.gateway.refuseConnections = false;
    await h.emu.waitFor(() => h!.emu.gateway.resumes >= 1, { description: "the bot resumed" });
    expect((await healthzUntil(200)).status).toBe(200);

    const gatewayLines = h.logs.lines.filter((line) => line.includes('"component":"gateway"'));
    const messages = gatewayLines.map((line) => (JSON.parse(line) as { msg: string; level: number }).msg);
    expect(messages.filter((m) => /connection lost/.test(m))).toHaveLength(1);
    expect(messages.filter((m) => /connection restored/.test(m))).toHaveLength(1);
    expect(gatewayLines.filter((line) => (JSON.parse(line) as { level: number }).level >= 40)).toHaveLength(
      1,
    );
  });
});
