import { request } from "undici";
import { afterEach, describe, expect, test } from "vitest";
import { controlApi } from "../../../tools/discord-emulator/control/control-api.js";
import { startDiscordEmulator, type DiscordEmulator } from "../../../tools/discord-emulator/emulator.js";
import {
  createDefaultWorld,
  nextMessage,
  startTestClient,
  type DefaultWorld,
  sendableChannel,
} from "../../../tools/discord-emulator/fixtures.js";
import { Events, MessageFlags, type Client } from "discord.js";
import type { DiscordEmulatorOptions } from "../../../tools/discord-emulator/context.js";

describe("the control API of the standalone emulator", () => {
  let emu: DiscordEmulator | undefined;
  let client: Client<true> | undefined;
  afterEach(async () => {
    await client?.destroy();
    await emu?.close();
    client = undefined;
    emu = undefined;
  });

  async function start(
    options: DiscordEmulatorOptions = {},
  ): Promise<{ emu: DiscordEmulator; world: DefaultWorld }> {
    let running: DiscordEmulator | null = null;
    running = await startDiscordEmulator(
      options,
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

  /** The JSON of a call that must succeed. */
  async function ok<T = unknown>(path: string, body?: unknown): Promise<T> {
    const { status, json } = await call(path, body);
    if (status !== 200) throw new Error(`${path}: ${status} ${JSON.stringify(json)}`);
    return json as T;
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
      guilds: [
        { id: world.guild.id, name: "Test Server", botIsIn: true },
        { id: world.friends.id, name: "Friends", botIsIn: false },
      ],
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
  test("a fixed token is the one the bot logs in with", async () => {
    const { emu } = await start({ botToken: "fixed.bot.token" });
    expect(emu.botToken).toBe("fixed.bot.token");
  });

  test("a file uploaded with a DM reaches the bot with its bytes", async () => {
    const { emu } = await start();
    client = await startTestClient(emu);
    const received = nextMessage(client);
    await ok("dm", {
      user: "outsider",
      content: "from a file",
      attachments: [{ filename: "note.txt", base64: Buffer.from("hello").toString("base64") }],
    });
    const message = await received;
    const url = message.attachments.first()?.url ?? "";
    expect(await (await fetch(url)).text()).toBe("hello");
  });

  test("an ephemeral reply is listed for its user only, and every version of an edited message is kept", async () => {
    const { emu, world } = await start();
    client = await startTestClient(emu);
    await client.application.commands.set([{ name: "ping", description: "Ping" }], world.guild.id);
    client.on(Events.InteractionCreate, (i) => {
      if (i.isChatInputCommand()) void i.reply({ content: "secret", flags: MessageFlags.Ephemeral });
    });
    await ok("slash", { name: "ping", user: "alice", channel: world.general.id });
    const forAlice = () => ok<{ content: string }[]>(`messages?channel=${world.general.id}&as=alice`);
    await emu.waitFor(() => emu.messagesIn(world.general, { includeEphemeral: true }).length > 0);
    expect((await forAlice()).map((m) => m.content)).toEqual(["secret"]);
    expect(await ok(`messages?channel=${world.general.id}&as=mod`)).toEqual([]);

    const channel = await sendableChannel(client, world.general.id);
    const sent = await channel.send("first");
    await sent.edit(`second <@${world.alice.id}>`);
    const history = await ok<{ content: string }[]>(`message-history?id=${sent.id}`);
    expect(history.map((m) => m.content)).toEqual(["first", `second <@${world.alice.id}>`]);
    expect(await ok(`notifications?user=alice`)).toEqual([]);
  });

  test("a 403 fault set through the control API refuses the next delete as Discord's Missing Permissions", async () => {
    const { emu, world } = await start();
    client = await startTestClient(emu);
    const channel = await sendableChannel(client, world.general.id);
    const sent = await channel.send("keep me");
    await ok("faults", { failNext: 1, status: 403, route: "DELETE /channels" });

    await expect(sent.delete()).rejects.toMatchObject({ status: 403, code: 50013 });
    expect(emu.message(sent.id)?.deleted).toBe(false);
    await sent.delete();
    expect(emu.message(sent.id)?.deleted).toBe(true);
  });

  test("the event stream says change when a message arrives", async () => {
    const { emu } = await start();
    client = await startTestClient(emu);
    const res = await request(`${emu.baseUrl}/_control/events`);
    const chunks: string[] = [];
    const changes = new Promise<void>((resolve) => {
      res.body.on("data", (chunk: Buffer) => {
        chunks.push(chunk.toString());
        if (chunks.join("").includes("data: 1")) resolve();
      });
    });
    const received = nextMessage(client);
    await ok("dm", { user: "outsider", content: "ping" });
    await received;
    await changes;
    // The stream never ends by itself; undici reports closing it as an abort error.
    res.body.once("error", () => undefined);
    res.body.destroy();
    expect(chunks.join("")).toContain("event: change");
  });
});
