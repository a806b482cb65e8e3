import { createServer } from "node:net";
import { REST } from "@discordjs/rest";
import { Routes } from "discord-api-types/v10";
import { request } from "undici";
import { afterEach, describe, expect, test } from "vitest";
import { startDiscordProxy, type DiscordProxy } from "../../src/discord-proxy/proxy-server.js";
import { silentLogger } from "../../src/logger.js";
import type { DiscordEmulator } from "../../tools/discord-emulator/emulator.js";
import { startDefaultEmulator } from "../../tools/discord-emulator/fixtures.js";

let emu: DiscordEmulator | undefined;
let proxy: DiscordProxy | undefined;
afterEach(async () => {
  await proxy?.close();
  await emu?.close();
  proxy = undefined;
  emu = undefined;
});

async function start(
  rateLimits: Parameters<typeof startDefaultEmulator>[0],
  globalRequestsPerSecond?: number,
) {
  const started = await startDefaultEmulator(rateLimits);
  emu = started.emu;
  proxy = await startDiscordProxy({
    api: emu.apiUrl,
    port: 0,
    host: "127.0.0.1",
    logger: silentLogger,
    ...(globalRequestsPerSecond ? { globalRequestsPerSecond } : {}),
  });
  return { emu, world: started.world, proxy };
}

function post(base: string, path: string, body: unknown, token?: string) {
  return request(`${base}/v10${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bot ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

/** Posts messages `m0`, `m1`, … to a channel one after the other; their statuses and Retry-After headers. */
async function sendOneByOne(apiUrl: string, channelId: string, count: number, token?: string) {
  const answers: { status: number; retryAfter: string | undefined }[] = [];
  for (let i = 0; i < count; i++) {
    const res = await post(apiUrl, `/channels/${channelId}/messages`, { content: `m${i}` }, token);
    const retryAfter = res.headers["retry-after"];
    answers.push({
      status: res.statusCode,
      retryAfter: typeof retryAfter === "string" ? retryAfter : undefined,
    });
    await res.body.dump();
  }
  return answers;
}

/** `count` messages to `channelId` from each of `processes` REST clients at once (as a fleet's processes). */
async function fleetSends(
  apiUrl: string,
  e: DiscordEmulator,
  channelId: string,
  processes: number,
  count: number,
) {
  const clients = Array.from({ length: processes }, () => new REST({ api: apiUrl }).setToken(e.botToken));
  await Promise.all(
    clients.flatMap((rest, p) =>
      Array.from({ length: count }, (_, i) =>
        rest.post(Routes.channelMessages(channelId), {
          body: { content: `process ${p} message ${i}` },
        }),
      ),
    ),
  );
  for (const rest of clients) {
    rest.clearHashSweeper();
    rest.clearHandlerSweeper();
  }
}

describe("the Discord proxy", () => {
  test("passes calls through while a bucket has room, then answers 429 with Retry-After itself: Discord sees no 429", async () => {
    const {
      emu: e,
      world,
      proxy: p,
    } = await start({
      rateLimits: { channelMessageWrites: { limit: 2, windowMs: 5000 } },
    });
    const answers = await sendOneByOne(p.apiUrl, world.general.id, 4, e.botToken);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 429, 429]);
    expect(Number(answers[3]!.retryAfter)).toBeGreaterThan(0);
    expect(e.messagesIn(world.general).map((m) => m.content)).toEqual(["m0", "m1"]);
    expect(e.rateLimitHits).toBe(0);
    expect(p.counts()).toEqual({ calls: 4, rateLimited: 2, rateLimitedHere: 2 });
  });

  test("three REST clients on one channel: direct, Discord answers some 429s; through the proxy none, and every message arrives once", async () => {
    const {
      emu: e,
      world,
      proxy: p,
    } = await start({
      rateLimits: { channelMessageWrites: { limit: 3, windowMs: 400 } },
    });
    await fleetSends(e.apiUrl, e, world.general.id, 3, 3);
    const direct = e.rateLimitHits;
    expect(direct).toBeGreaterThan(0);

    // Another channel, whose bucket the direct calls did not touch.
    await fleetSends(p.apiUrl, e, world.nsfw.id, 3, 3);
    expect(e.rateLimitHits).toBe(direct);
    const contents = e.messagesIn(world.nsfw).map((m) => m.content);
    expect(contents).toHaveLength(9);
    expect(new Set(contents).size).toBe(9);
    expect(p.counts().rateLimitedHere).toBeGreaterThan(0);
  });

  test("calls without the bot token (interaction tokens) are not held back by the bot token's global limit", async () => {
    const {
      emu: e,
      world,
      proxy: p,
    } = await start({ rateLimits: { global: { limit: 3, windowMs: 1000 } } }, 3);
    const withToken = (await sendOneByOne(p.apiUrl, world.general.id, 4, e.botToken)).map((a) => a.status);
    const without = (await sendOneByOne(p.apiUrl, world.general.id, 4)).map((a) => a.status);
    expect(withToken).toEqual([200, 200, 200, 429]);
    // Discord's own answer to a call without a token, not the proxy's 429.
    expect(without).toEqual([401, 401, 401, 401]);
  });

  test("a Discord that cannot be reached is a 502, never an empty success", async () => {
    const closed = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, "127.0.0.1", () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    proxy = await startDiscordProxy({
      api: `http://127.0.0.1:${closed}/api`,
      port: 0,
      host: "127.0.0.1",
      logger: silentLogger,
    });
    const res = await request(`${proxy.apiUrl}/v10/users/@me`, { headers: { authorization: "Bot x" } });
    expect(res.statusCode).toBe(502);
    await res.body.dump();
  });
});
