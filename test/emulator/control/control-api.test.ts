import { request } from "undici";
import { afterEach, describe, expect, test } from "vitest";
import { controlApi } from "./control-api.js";
import { startDiscordEmulator, type DiscordEmulator } from "../emulator.js";
import { createDefaultWorld, nextMessage, startTestClient, type DefaultWorld } from "../fixtures.js";
import type { Client } from "discord.js";

describe("the control API of the standalone emulator", () => {
  let emu: DiscordEmulator | undefined;
  let client: Client<true> | undefined;
  afterEach(async () => {
    await client?.destroy();
    await emu?.close();
    client = undefined;
    emu = undefined;
  });

  async function start(): Promise<{ emu: DiscordEmulator; world: DefaultWorld }> {
    let running: DiscordEmulator | null = null;
    running = await startDiscordEmulator(
      {},
      controlApi(() => running),
    );
    emu = running;
    return { emu: running, world: createDefaultWorld(running) };
  }

  async function call(path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
    const res = await request(
      `${emu?.baseUrl ?? ""}/_control/${path}`,
      body === undefined ? {} : { method: "POST", body: JSON.stringify(body) },
    );
    return { status: res.statusCode, json: await res.body.json() };
  }

  test("a DM sent through the control API reaches the bot and shows in the message list", async () => {
    const { emu, world } = await start();
    client = await startTestClient(emu);
    const received = nextMessage(client);
    expect((await call("dm", { user: "outsider", content: "hi bot" })).status).toBe(200);
    expect((await received).content).toBe("hi bot");
    const listed = await call(`messages?dm=outsider`);
    expect(listed.json).toMatchObject([{ content: "hi bot", author: { id: world.outsider.id } }]);
  });

  test("state lists the world and unknown users or routes get a clear error", async () => {
    const { world } = await start();
    expect((await call("state")).json).toMatchObject({
      guilds: [{ id: world.guild.id, name: "Test Server" }],
    });
    expect(await call("dm", { user: "nobody", content: "x" })).toMatchObject({
      status: 400,
      json: { error: expect.stringMatching(/No user "nobody"/) },
    });
    expect((await call("nothing")).status).toBe(404);
  });

  test("the request log can be read from an index without bodies, counted by route, and IDENTIFYs listed", async () => {
    const { emu } = await start();
    client = await startTestClient(emu);
    const all = (await call("requests?from=0")).json as { body?: unknown; route: string }[];
    expect(all.length).toBeGreaterThan(0);
    const tail = (await call(`requests?from=${all.length - 1}&bodies=0`)).json as object[];
    expect(tail).toHaveLength(1);
    expect(tail[0]).not.toHaveProperty("body");
    expect((await call("stats?from=0")).json).toMatchObject({
      total: all.length,
      rateLimited: 0,
      byRoute: { "GET /gateway/bot": 1 },
    });
    expect((await call(`stats?from=${all.length}`)).json).toMatchObject({ total: 0 });
    expect((await call("gateway")).json).toMatchObject({
      identifies: [{ accepted: true, at: expect.any(Number) }],
      connectedSessions: 1,
    });
    expect(await call("stats?from=-1")).toMatchObject({
      status: 400,
      json: { error: expect.stringMatching(/from must be a whole number/) },
    });
  });

  test("the clock can be advanced", async () => {
    await start();
    expect((await call("clock/advance", { ms: 1000 })).json).toEqual({ offsetMs: 1000 });
  });
});
