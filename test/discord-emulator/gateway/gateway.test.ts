import { ChannelType, GatewayCloseCodes, GatewayIntentBits, GatewayOpcodes } from "discord-api-types/v10";
import { Events, type Client } from "discord.js";
import { afterEach, describe, expect, test } from "vitest";
import { WebSocket } from "ws";
import { startDiscordEmulator, type DiscordEmulator } from "../../../tools/discord-emulator/emulator.js";
import {
  addGuildOnShard,
  nextInteraction,
  startTestClient,
  nextMessage,
  startDefaultEmulator,
  startHarness,
  type EmulatorHarness,
} from "../../../tools/discord-emulator/fixtures.js";

/** Opens a raw gateway connection, sends `payload` after HELLO and resolves with the close code. */
function closeCodeAfter(
  emu: DiscordEmulator,
  payload: unknown,
  query = "v=10&encoding=json",
): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${emu.baseUrl.replace("http", "ws")}/gateway?${query}`);
    ws.on("message", (raw: Buffer) => {
      const message = JSON.parse(raw.toString()) as { op: number };
      if (message.op === GatewayOpcodes.Hello) ws.send(JSON.stringify(payload));
    });
    ws.on("close", (code) => resolve(code));
    ws.on("error", reject);
  });
}

describe("gateway shards with real discord.js clients", () => {
  let emu: DiscordEmulator | undefined;
  const clients: Client[] = [];
  afterEach(async () => {
    for (const client of clients.splice(0)) await client.destroy();
    await emu?.close();
    emu = undefined;
  });

  test("two processes on shards 0 and 1 of 2 each get the servers and interactions of their shard only", async () => {
    emu = await startDiscordEmulator({ allowUnregisteredCommands: true });
    const alice = emu.addUser({ username: "alice", globalName: "Alice" });
    const servers = [addGuildOnShard(emu, 0, 2, [alice]), addGuildOnShard(emu, 1, 2, [alice])];
    for (const shard of [0, 1]) clients.push(await startTestClient(emu, { shards: [shard], shardCount: 2 }));
    expect(emu.gateway.sessionShards).toEqual([
      [0, 2],
      [1, 2],
    ]);
    for (const [shard, client] of clients.entries()) {
      expect(client.guilds.cache.has(servers[shard]!.guild.id)).toBe(true);
      expect(client.guilds.cache.has(servers[1 - shard]!.guild.id)).toBe(false);
    }
    // Each client's first interaction is the one from its own server, though shard 1's is sent first.
    const received = clients.map((client) => nextInteraction(client));
    for (const shard of [1, 0]) {
      await emu.sendSlashCommand({ name: "ping", user: alice, channelId: servers[shard]!.general.id });
    }
    const [first0, first1] = await Promise.all(received);
    expect([first0?.guildId, first1?.guildId]).toEqual([servers[0]!.guild.id, servers[1]!.guild.id]);
  });
});

describe("gateway with a real discord.js client", () => {
  let harness: EmulatorHarness | undefined;
  afterEach(async () => {
    await harness?.stop();
    harness = undefined;
  });

  test("the client logs in, gets READY and the default world's guild with its channels", async () => {
    harness = await startHarness();
    const { client, emu, world } = harness;
    expect(client.user.id).toBe(emu.applicationId);
    expect(client.application.id).toBe(emu.applicationId);
    const guild = client.guilds.cache.get(world.guild.id);
    expect(guild?.name).toBe("Test Server");
    expect(guild?.channels.cache.get(world.general.id)?.type).toBe(ChannelType.GuildText);
    expect(
      guild?.channels.cache.get(world.nsfw.id)?.isTextBased() && guild.channels.cache.get(world.nsfw.id),
    ).toMatchObject({ nsfw: true });
    expect(guild?.members.me?.permissionsIn(world.general.id).has("SendMessages")).toBe(true);
    expect(emu.gateway.lastIntents).toBe(GatewayIntentBits.Guilds | GatewayIntentBits.DirectMessages);
  });

  test("heartbeats are acknowledged at the interval HELLO announced", async () => {
    harness = await startHarness({ heartbeatIntervalMs: 50 });
    const { emu, client } = harness;
    await emu.waitFor(() => emu.gateway.heartbeats >= 3, { description: "three heartbeats" });
    await emu.waitFor(() => client.ws.ping >= 0 || undefined, {
      description: "a measured ping (heartbeat ACK received)",
    });
    expect(client.ws.status).toBe(0);
  });

  test("a server added after READY reaches the client as GUILD_CREATE", async () => {
    harness = await startHarness();
    const { emu, client } = harness;
    const guildCreated = new Promise((resolve) => client.once(Events.GuildCreate, resolve));
    const second = emu.addGuild({ name: "Second Server" });
    await guildCreated;
    expect(client.guilds.cache.get(second.id)?.name).toBe("Second Server");
  });

  test("after a dropped connection the client resumes and receives the interaction it missed", async () => {
    harness = await startHarness();
    const { emu, client, world } = harness;
    await client.application.commands.set([{ name: "ping", description: "Replies pong" }], world.guild.id);
    const dropped = emu.faults.disconnectGateway();
    expect(dropped).toBe(1);
    const received = nextInteraction(client);
    const handle = await emu.sendSlashCommand({
      name: "ping",
      user: world.alice,
      channelId: world.general.id,
    });
    const interaction = await received;
    expect(interaction.id).toBe(handle.id);
    expect(emu.gateway.resumes).toBe(1);
    expect(emu.gateway.identifies.filter((i) => i.accepted)).toHaveLength(1);
  });

  test("guild messages reach a client with the Guild Messages intent, their content blank without Message Content unless the bot is mentioned", async () => {
    harness = await startHarness({
      client: { intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages] },
    });
    const { emu, client, world } = harness;
    const plain = nextMessage(client);
    await emu.sendGuildMessage({
      user: world.alice,
      channelId: world.general.id,
      content: "hello all",
      attachments: [{ filename: "a.txt", bytes: "a" }],
    });
    expect(await plain).toMatchObject({ content: "", author: { id: world.alice.id } });
    const mentioned = nextMessage(client);
    await emu.sendGuildMessage({
      user: world.alice,
      channelId: world.general.id,
      content: `<@${emu.applicationId}> draw a fox`,
    });
    const message = await mentioned;
    expect(message.content).toBe(`<@${emu.applicationId}> draw a fox`);
    expect(message.mentions.users.has(emu.applicationId)).toBe(true);
  });

  test("destroying the client closes the connection cleanly and ends the session", async () => {
    harness = await startHarness();
    const { emu, client } = harness;
    await client.destroy();
    await emu.waitFor(() => emu.gateway.connectedSessions === 0, { description: "the session to end" });
    expect(emu.gateway.closes.at(-1)).toMatchObject({ code: 1000, by: "client" });
    expect(emu.gateway.sessionCount).toBe(0);
  });
});

describe("gateway rules on raw connections", () => {
  let emu: DiscordEmulator | undefined;
  afterEach(async () => {
    await emu?.close();
    emu = undefined;
  });

  test.each([
    ["a wrong token", GatewayCloseCodes.AuthenticationFailed, { token: "not-the-token", intents: 1 }],
    ["an unknown intent bit", GatewayCloseCodes.InvalidIntents, { intents: 1 << 30 }],
    [
      "the Message Content intent not enabled for the app",
      GatewayCloseCodes.DisallowedIntents,
      { intents: GatewayIntentBits.MessageContent },
    ],
    ["a shard id not below the shard count", GatewayCloseCodes.InvalidShard, { intents: 1, shard: [2, 2] }],
    ["a shard that is not [id, count]", GatewayCloseCodes.InvalidShard, { intents: 1, shard: [0] }],
  ])("IDENTIFY with %s is refused with close code %i", async (_name, code, fields) => {
    ({ emu } = await startDefaultEmulator());
    const d = {
      token: emu.botToken,
      properties: { os: "linux", browser: "test", device: "test" },
      ...fields,
    };
    expect(await closeCodeAfter(emu, { op: GatewayOpcodes.Identify, d })).toBe(code);
  });

  test("a payload before IDENTIFY is refused as not authenticated", async () => {
    emu = await startDiscordEmulator();
    expect(await closeCodeAfter(emu, { op: GatewayOpcodes.PresenceUpdate, d: {} })).toBe(
      GatewayCloseCodes.NotAuthenticated,
    );
  });

  test("a gateway version other than 10 is refused", async () => {
    emu = await startDiscordEmulator();
    expect(await closeCodeAfter(emu, {}, "v=9&encoding=json")).toBe(GatewayCloseCodes.InvalidAPIVersion);
  });
});
