import { Events, MessageFlags, type Client } from "discord.js";
import { request } from "undici";
import { afterEach, describe, expect, test } from "vitest";
import { controlApi } from "./control-api.js";
import { startDiscordEmulator, type DiscordEmulator } from "../emulator.js";
import { createDefaultWorld, nextMessage, startTestClient, type DefaultWorld } from "../fixtures.js";

describe("the control API routes the demo page uses", () => {
  let emu: DiscordEmulator | undefined;
  let client: Client<true> | undefined;
  afterEach(async () => {
    await client?.destroy();
    await emu?.close();
    client = undefined;
    emu = undefined;
  });

  async function start(): Promise<{ emu: DiscordEmulator; world: DefaultWorld; client: Client<true> }> {
    let running: DiscordEmulator | null = null;
    running = await startDiscordEmulator(
      { botToken: "fixed.bot.token" },
      controlApi(() => running),
    );
    emu = running;
    const world = createDefaultWorld(running);
    client = await startTestClient(running);
    return { emu: running, world, client };
  }

  async function call<T = unknown>(path: string, body?: unknown): Promise<T> {
    const res = await request(
      `${emu?.baseUrl ?? ""}/_control/${path}`,
      body === undefined ? {} : { method: "POST", body: JSON.stringify(body) },
    );
    const json = (await res.body.json()) as T;
    if (res.statusCode !== 200) throw new Error(JSON.stringify(json));
    return json;
  }

  test("a fixed token is the one the bot logs in with", async () => {
    const { emu } = await start();
    expect(emu.botToken).toBe("fixed.bot.token");
  });

  test("a file uploaded with a DM reaches the bot with its bytes", async () => {
    const { client } = await start();
    const received = nextMessage(client);
    await call("dm", {
      user: "outsider",
      content: "from a file",
      attachments: [{ filename: "note.txt", base64: Buffer.from("hello").toString("base64") }],
    });
    const message = await received;
    const url = message.attachments.first()?.url ?? "";
    expect(await (await fetch(url)).text()).toBe("hello");
  });

  test("an ephemeral reply is listed for its user only, and every version of an edited message is kept", async () => {
    const { client, world } = await start();
    await client.application.commands.set([{ name: "ping", description: "Ping" }], world.guild.id);
    client.on(Events.InteractionCreate, (i) => {
      if (i.isChatInputCommand()) void i.reply({ content: "secret", flags: MessageFlags.Ephemeral });
    });
    await call("slash", { name: "ping", user: "alice", channel: world.general.id });
    const forAlice = () => call<{ content: string }[]>(`messages?channel=${world.general.id}&as=alice`);
    await emu!.waitFor(() => emu!.messagesIn(world.general, { includeEphemeral: true }).length > 0);
    expect((await forAlice()).map((m) => m.content)).toEqual(["secret"]);
    expect(await call(`messages?channel=${world.general.id}&as=mod`)).toEqual([]);

    const channel = await client.channels.fetch(world.general.id);
    if (!channel?.isSendable()) throw new Error("#general must be sendable");
    const sent = await channel.send("first");
    await sent.edit(`second <@${world.alice.id}>`);
    const history = await call<{ content: string }[]>(`message-history?id=${sent.id}`);
    expect(history.map((m) => m.content)).toEqual(["first", `second <@${world.alice.id}>`]);
    expect(await call(`notifications?user=alice`)).toEqual([]);
  });

  test("the event stream says change when a message arrives", async () => {
    const { client } = await start();
    const res = await request(`${emu!.baseUrl}/_control/events`);
    const chunks: string[] = [];
    const changes = new Promise<void>((resolve) => {
      res.body.on("data", (chunk: Buffer) => {
        chunks.push(chunk.toString());
        if (chunks.join("").includes("data: 1")) resolve();
      });
    });
    const received = nextMessage(client);
    await call("dm", { user: "outsider", content: "ping" });
    await received;
    await changes;
    res.body.destroy();
    expect(chunks.join("")).toContain("event: change");
  });
});
