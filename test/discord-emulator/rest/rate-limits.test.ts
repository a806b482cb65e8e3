import { setTimeout as sleep } from "node:timers/promises";
import { RESTJSONErrorCodes } from "discord-api-types/v10";
import { request } from "undici";
import { afterEach, describe, expect, test } from "vitest";
import type { DiscordEmulator } from "../../../tools/discord-emulator/emulator.js";
import {
  nextInteraction,
  startDefaultEmulator,
  startHarness,
  type DefaultWorld,
  type EmulatorHarness,
  sendableChannel,
} from "../../../tools/discord-emulator/fixtures.js";

const RATE_LIMIT_HEADERS = [
  "x-ratelimit-limit",
  "x-ratelimit-remaining",
  "x-ratelimit-reset",
  "x-ratelimit-reset-after",
  "x-ratelimit-bucket",
];

function post(emu: DiscordEmulator, path: string, body: unknown, auth = true) {
  return request(`${emu.apiUrl}/v10${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(auth ? { authorization: `Bot ${emu.botToken}` } : {}),
    },
    body: JSON.stringify(body),
  });
}

describe("rate limits seen through raw requests", () => {
  let emu: DiscordEmulator | undefined;
  let world: DefaultWorld;
  afterEach(async () => {
    await emu?.close();
    emu = undefined;
  });

  test("overflowing a channel's bucket is answered 429 with retry_after, and the request passes after waiting it out", async () => {
    ({ emu, world } = await startDefaultEmulator({
      rateLimits: { channelMessageWrites: { limit: 2, windowMs: 300 } },
    }));
    const send = () =>
      post(emu as DiscordEmulator, `/channels/${world.general.id}/messages`, { content: "hi" });
    const first = await send();
    const second = await send();
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.headers["x-ratelimit-remaining"]).toBe("0");
    for (const name of RATE_LIMIT_HEADERS) expect(first.headers[name], name).toBeDefined();
    await Promise.all([first.body.dump(), second.body.dump()]);

    const limited = await send();
    const body = (await limited.body.json()) as { message: string; retry_after: number; global: boolean };
    expect(limited.statusCode).toBe(429);
    expect(body).toMatchObject({ message: "You are being rate limited.", global: false });
    expect(body.retry_after).toBeGreaterThan(0);
    expect(body.retry_after).toBeLessThanOrEqual(0.3);
    expect(Number(limited.headers["retry-after"])).toBe(body.retry_after);
    expect(emu.rateLimitHits).toBe(1);

    await sleep(body.retry_after * 1000 + 20);
    const after = await send();
    expect(after.statusCode).toBe(200);
    await after.body.dump();
  });

  test("the global limit answers 429 with global: true for any bot-token route", async () => {
    ({ emu, world } = await startDefaultEmulator({
      rateLimits: { global: { limit: 3, windowMs: 1000 }, other: { limit: 100, windowMs: 1000 } },
    }));
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await request(`${emu.apiUrl}/v10/users/@me`, {
        headers: { authorization: `Bot ${emu.botToken}` },
      });
      statuses.push(res.statusCode);
      if (i === 3) {
        expect(res.headers["x-ratelimit-global"]).toBe("true");
        expect(await res.body.json()).toMatchObject({ global: true });
      } else await res.body.dump();
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  test("requests without the bot token are 401", async () => {
    ({ emu, world } = await startDefaultEmulator());
    const res = await post(emu, `/channels/${world.general.id}/messages`, { content: "hi" }, false);
    expect(res.statusCode).toBe(401);
    expect(await res.body.json()).toEqual({ message: "401: Unauthorized", code: 0 });
  });
});

describe("discord.js against rate limits and faults", () => {
  let h: EmulatorHarness;
  afterEach(async () => {
    await h.stop();
  });

  async function general() {
    return sendableChannel(h.client, h.world.general.id);
  }

  test("interaction callbacks pass even when the global limit is exhausted", async () => {
    // Login (GET /gateway/bot) and registration use up the global bucket of 2.
    h = await startHarness({ rateLimits: { global: { limit: 2, windowMs: 5000 } } });
    await h.client.application.commands.set([{ name: "ping", description: "pong" }], h.world.guild.id);
    const exhausted = await request(`${h.emu.apiUrl}/v10/users/@me`, {
      headers: { authorization: `Bot ${h.emu.botToken}` },
    });
    expect(exhausted.statusCode).toBe(429);
    await exhausted.body.dump();
    const received = nextInteraction(h.client, (i) => i.isChatInputCommand());
    await h.emu.sendSlashCommand({ name: "ping", user: h.world.alice, channelId: h.world.general.id });
    const interaction = await received;
    const res = await post(
      h.emu,
      `/interactions/${interaction.id}/${interaction.token}/callback`,
      { type: 4, data: { content: "pong" } },
      false,
    );
    expect(res.statusCode).toBe(204);
    await res.body.dump();
  });

  test("discord.js waits out a 429 from an exhausted channel bucket by itself", async () => {
    h = await startHarness({ rateLimits: { channelMessageWrites: { limit: 1, windowMs: 300 } } });
    const exhaust = await post(h.emu, `/channels/${h.world.general.id}/messages`, { content: "raw" });
    await exhaust.body.dump();
    const channel = await general();
    await channel.send("after the limit");
    await channel.send("and again");
    expect(h.emu.rateLimitHits).toBeGreaterThanOrEqual(1);
    expect(h.emu.messagesIn(h.world.general).map((m) => m.content)).toEqual([
      "raw",
      "after the limit",
      "and again",
    ]);
    h.emu.assertNoRejectedRequests();
  });

  test.each([
    ["500s and 502s", [500, 502]],
    ["an injected 429", [429]],
  ] as const)("discord.js retries %s and the message still arrives once", async (_name, statuses) => {
    h = await startHarness();
    for (const status of statuses)
      h.emu.faults.failNext(1, { status, route: "POST /channels/:channel/messages", retryAfterMs: 50 });
    await (await general()).send("despite faults");
    const attempts = h.emu.requests.filter(
      (r) => r.route === "/channels/:channel/messages" && r.method === "POST",
    );
    expect(attempts.map((r) => r.status)).toEqual([...statuses, 200]);
    expect(h.emu.messagesIn(h.world.general).map((m) => m.content)).toEqual(["despite faults"]);
    expect(h.emu.rejectedRequests()).toEqual([]);
  });

  test("a request the rules reject is not hidden by fault injection bookkeeping", async () => {
    h = await startHarness();
    await expect((await general()).send({ content: "x".repeat(2001) })).rejects.toMatchObject({
      code: RESTJSONErrorCodes.InvalidFormBodyOrContentType,
    });
    expect(h.emu.rejectedRequests()).toHaveLength(1);
  });
});
