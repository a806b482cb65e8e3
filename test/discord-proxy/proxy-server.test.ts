import { createServer } from "node:net";
import { REST } from "@discordjs/rest";
import { Routes } from "discord-api-types/v10";
import { request } from "undici";
import { afterEach, describe, expect, test } from "vitest";
import { startDiscordProxy, type DiscordProxy } from "../../src/discord-proxy/proxy-server.js";
import { silentLogger } from "../../src/logger.js";
import type { DiscordEmulator } from "../../tools/discord-emulator/emulator.js";
import { startDefaultEmulator } from "../../tools/discord-emulator/fixtures.js";

/** A promise that never settles (drops a value from a race). */
const never = () => new Promise<never>(() => undefined);

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
    expect(p.counts()).toEqual({
      calls: 4,
      rateLimited: 2,
      rateLimitedHere: 2,
      heldForGlobalLimit: 0,
      longestGlobalHoldMs: 0,
    });
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
    const at = Date.now();
    const withToken = Promise.all(
      Array.from({ length: 5 }, async (_, i) => {
        const res = await post(
          p.apiUrl,
          `/channels/${world.general.id}/messages`,
          { content: `m${i}` },
          e.botToken,
        );
        await res.body.dump();
        return { status: res.statusCode, afterMs: Date.now() - at };
      }),
    );
    // Sent while two of the five wait for the global limit.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const without = (await sendOneByOne(p.apiUrl, world.general.id, 4)).map((a) => a.status);
    const withoutAfterMs = Date.now() - at;
    // Discord's own answer to a call without a token, at once, not the proxy's hold.
    expect(without).toEqual([401, 401, 401, 401]);
    const answers = await withToken;
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(Math.max(...answers.map((a) => a.afterMs))).toBeGreaterThanOrEqual(1000);
    expect(withoutAfterMs).toBeLessThan(1000);
    expect(p.counts()).toMatchObject({ heldForGlobalLimit: 2, rateLimitedHere: 0 });
  });

  test("a burst straddling the edge of a second: Discord never sees more than the global limit in one second, and the call beyond it is held, not refused", async () => {
    const {
      emu: e,
      world,
      proxy: p,
    } = await start(
      {
        rateLimits: {
          global: { limit: 5, windowMs: 1000 },
          channelMessageWrites: { limit: 100, windowMs: 5000 },
        },
      },
      5,
    );
    // One call of the first second is slow on the way (as across the Internet): Discord counts it 800 ms
    // after the proxy sent it, in its next second.
    e.faults.delay(800, { route: `POST /channels/${world.nsfw.id}/messages` });
    const at = Date.now();
    const until = (ms: number) =>
      new Promise((resolve) => setTimeout(resolve, Math.max(0, at + ms - Date.now())));
    const send = async (channelId: string, content: string) => {
      const res = await post(p.apiUrl, `/channels/${channelId}/messages`, { content }, e.botToken);
      await res.body.dump();
      return res.statusCode;
    };
    const first = await Promise.all([0, 1, 2, 3].map((i) => send(world.general.id, `first ${i}`)));
    await until(500);
    const slow = send(world.nsfw.id, "slow");
    // A fixed window that opened at 0 is over at 1000 and lets five more through at 1150: with the slow
    // call, six in Discord's second from 1150.
    await until(1150);
    const burst = await Promise.all([0, 1, 2, 3, 4].map((i) => send(world.general.id, `burst ${i}`)));
    const statuses = [...first, await slow, ...burst];
    expect(e.rateLimitHits).toBe(0);
    expect(statuses).toEqual(Array<number>(10).fill(200));
    const contents = [...e.messagesIn(world.general), ...e.messagesIn(world.nsfw)].map((m) => m.content);
    expect(new Set(contents).size).toBe(10);
    expect(contents).toHaveLength(10);
    expect(p.counts().rateLimited).toBe(0);
    expect(p.counts().heldForGlobalLimit).toBeGreaterThanOrEqual(1);
  });

  test("past five seconds' worth of held calls, the next is answered 429 with Retry-After at once, and Discord never sees it", async () => {
    const {
      emu: e,
      world,
      proxy: p,
    } = await start({ rateLimits: { global: { limit: 1, windowMs: 1000 } } }, 1);
    // One call goes, five are held (five seconds at one a second), the seventh is refused. Each to its own
    // channel, as calls on one route's bucket are sent one after the other.
    const channels = Array.from({ length: 7 }, (_, i) =>
      e.addChannel({ guildId: world.guild.id, name: `c${i}` }),
    );
    const answers = channels.map((channel, i) =>
      post(p.apiUrl, `/channels/${channel.id}/messages`, { content: `m${i}` }, e.botToken).then(
        async (res) => {
          await res.body.dump();
          return { status: res.statusCode, retryAfter: res.headers["retry-after"] };
        },
        () => ({ status: 0, retryAfter: undefined }),
      ),
    );
    const refused = await Promise.race(answers.map((a) => a.then((x) => (x.status === 429 ? x : never()))));
    // Until the one call sent frees its place: a second after its answer.
    expect(Number(refused.retryAfter)).toBeGreaterThan(0.5);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(1.5);
    expect(p.counts()).toMatchObject({ rateLimited: 1, rateLimitedHere: 1 });
    expect(channels.flatMap((c) => e.messagesIn(c))).toHaveLength(1);
    expect(e.rateLimitHits).toBe(0);
    // The held calls end unsent with the proxy (afterEach).
  });

  test("a held call whose caller gives up is never sent and leaves its turn to the next", async () => {
    const {
      emu: e,
      world,
      proxy: p,
    } = await start({ rateLimits: { global: { limit: 1, windowMs: 1000 } } }, 1);
    const posted = await post(
      p.apiUrl,
      `/channels/${world.general.id}/messages`,
      { content: "kept" },
      e.botToken,
    );
    const message = (await posted.body.json()) as { id: string };
    const answeredAt = Date.now();
    // A deletion, which has no body to break off: held, then given up.
    const givingUp = new AbortController();
    const held = request(`${p.apiUrl}/v10/channels/${world.general.id}/messages/${message.id}`, {
      method: "DELETE",
      headers: { authorization: `Bot ${e.botToken}` },
      signal: givingUp.signal,
    }).catch(() => "gave up");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(p.counts().heldForGlobalLimit).toBe(1);
    givingUp.abort();
    expect(await held).toBe("gave up");
    // The next call takes the place the deletion would have had, when the first call's frees.
    const next = await request(`${p.apiUrl}/v10/channels/${world.general.id}`, {
      headers: { authorization: `Bot ${e.botToken}` },
    });
    await next.body.dump();
    expect(next.statusCode).toBe(200);
    expect(Date.now() - answeredAt).toBeLessThan(1700);
    expect(e.messagesIn(world.general).map((m) => m.content)).toEqual(["kept"]);
    expect(e.requests.filter((r) => r.method === "DELETE")).toEqual([]);
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
