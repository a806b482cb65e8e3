import { ChannelType, type APIMessage, type APIUser } from "discord-api-types/v10";
import { ClientUser, type Client, type DMChannel, type Message, type User } from "discord.js";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, test } from "vitest";
import {
  createDiscordClient,
  createInteractionRest,
  DISCORD_CONNECTIONS,
  IDLE_HANDLER_SWEEP_MS,
} from "../../src/discord/create-client.js";

const API_URL = "http://127.0.0.1:1/api";

function apiUser(id: string, username: string): APIUser {
  return { id, username, discriminator: "0", global_name: null, avatar: null };
}

/** discord.js's own entry point for data Discord sent (what the gateway and interactions go through). */
type Adds<T> = { _add(data: unknown, cache?: boolean): T };

let client: Client | null = null;
afterEach(async () => {
  await client?.destroy();
  client = null;
});

describe("what the Discord client keeps of what Discord sends", () => {
  test("users who used the bot are built for their interaction but not kept; the bot's own user is", () => {
    client = createDiscordClient({ apiUrl: API_URL });
    const self = new (ClientUser as unknown as new (c: Client, d: APIUser) => ClientUser)(
      client,
      apiUser("100000000000000001", "imagine-bot"),
    );
    client.user = self;
    const users = client.users as unknown as Adds<User>;
    users._add(apiUser("100000000000000001", "imagine-bot"));
    const members = Array.from({ length: 50 }, (_, i) =>
      users._add(apiUser(`2000000000000000${10 + i}`, `m${i}`)),
    );
    expect(members[7]?.username).toBe("m7");
    expect([...client.users.cache.keys()]).toEqual(["100000000000000001"]);
  });

  test("messages are built but not kept: the bot never reads one back from the cache", () => {
    client = createDiscordClient({ apiUrl: API_URL });
    const channels = client.channels as unknown as Adds<DMChannel>;
    const dm = channels._add({ id: "300000000000000001", type: ChannelType.DM, recipients: [] });
    const messages = dm.messages as unknown as Adds<Message>;
    for (let i = 0; i < 20; i++) {
      const message = messages._add({
        id: `40000000000000000${i % 10}${i}`,
        channel_id: dm.id,
        author: apiUser("100000000000000001", "imagine-bot"),
        content: `result ${i}`,
        timestamp: new Date().toISOString(),
        edited_timestamp: null,
        tts: false,
        mention_everyone: false,
        mentions: [],
        mention_roles: [],
        attachments: [],
        embeds: [],
        pinned: false,
        type: 0,
      } satisfies APIMessage);
      expect(message.content).toBe(`result ${i}`);
    }
    expect(dm.messages.cache.size).toBe(0);
    // The channel itself is kept: a DM's replies and a command's channel are read from it.
    expect(client.channels.cache.has(dm.id)).toBe(true);
  });
});

describe("the interaction-token REST client", () => {
  test("drops idle rate-limit handlers every minute instead of every hour (one handler per token), as the bot's client does", () => {
    const rest = createInteractionRest({ apiUrl: API_URL });
    expect(IDLE_HANDLER_SWEEP_MS).toBe(60_000);
    expect(rest.options.handlerSweepInterval).toBe(IDLE_HANDLER_SWEEP_MS);
    expect(rest.options.globalRequestsPerSecond).toBe(Number.POSITIVE_INFINITY);
    // The bot's own client too: discord.js answers every click through it, one handler per token.
    client = createDiscordClient({ apiUrl: API_URL });
    expect(client.rest.options.handlerSweepInterval).toBe(IDLE_HANDLER_SWEEP_MS);
    rest.clearHandlerSweeper();
    rest.clearHashSweeper();
  });

  test("keeps at most its cap of connections open, however many requests are due at once", async () => {
    let connections = 0;
    const server = createServer((req, res) => {
      setTimeout(() => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ id: "1" }));
      }, 30);
    });
    server.on("connection", () => connections++);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const rest = createInteractionRest({ apiUrl: `http://127.0.0.1:${port}/api` });
    try {
      // One token each: @discordjs/rest sends requests of different tokens side by side.
      const edits = Array.from({ length: 3 * DISCORD_CONNECTIONS }, (_, i) =>
        rest.patch(`/webhooks/100000000000000001/token-${i}/messages/@original`, { auth: false, body: {} }),
      );
      expect(await Promise.all(edits)).toHaveLength(3 * DISCORD_CONNECTIONS);
      expect(connections).toBeGreaterThan(1);
      expect(connections).toBeLessThanOrEqual(DISCORD_CONNECTIONS);
    } finally {
      rest.clearHandlerSweeper();
      rest.clearHashSweeper();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
