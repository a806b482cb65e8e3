import { sendDocumented } from "../../src/discord/documented-fields.js";
import { REST } from "discord.js";
import { Routes } from "discord-api-types/v10";
import { afterEach, describe, expect, test } from "vitest";
import { proxiedRestOptions } from "../../src/discord/create-client.js";
import { startDiscordProxy, type DiscordProxy } from "../../src/discord-proxy/proxy-server.js";
import { silentLogger } from "../../src/logger.js";
import type { DiscordEmulator } from "../../tools/discord-emulator/emulator.js";
import { startDefaultEmulator } from "../../tools/discord-emulator/fixtures.js";

let emu: DiscordEmulator | undefined;
let proxy: DiscordProxy | undefined;
let rest: REST | undefined;
afterEach(async () => {
  rest?.clearHashSweeper();
  rest?.clearHandlerSweeper();
  await proxy?.close();
  await emu?.close();
  proxy = undefined;
  emu = undefined;
});

describe("the bot's REST client with a Discord proxy", () => {
  test("sends bot-token calls through the proxy and interaction calls straight to Discord", async () => {
    const started = await startDefaultEmulator();
    emu = started.emu;
    proxy = await startDiscordProxy({ api: emu.apiUrl, port: 0, host: "127.0.0.1", logger: silentLogger });
    rest = new REST(proxiedRestOptions({ apiUrl: emu.apiUrl, proxyUrl: proxy.apiUrl })).setToken(
      emu.botToken,
    );

    await rest.post(Routes.channelMessages(started.world.general.id), { body: { content: "through" } });
    expect(proxy.counts().calls).toBe(1);

    // An interaction Discord does not know: answered by Discord itself, not through the proxy.
    const callback = rest.post(Routes.interactionCallback("1234567890123456789", "unknown-token"), {
      auth: false,
      body: { type: 5 },
    });
    await expect(callback).rejects.toThrow(/Unknown interaction/);
    const edit = rest.patch(Routes.webhookMessage(emu.applicationId, "unknown-token", "@original"), {
      auth: false,
      body: { content: "edit" },
    });
    await expect(edit).rejects.toThrow();
    expect(proxy.counts().calls).toBe(1);
    expect(emu.requests.map((r) => r.route)).toEqual([
      "/channels/:channel/messages",
      "/interactions/:interaction/:token/callback",
      "/webhooks/:application/:token/messages/:message",
    ]);
  });

  test("without a proxy, every call goes to the one API address", () => {
    expect(proxiedRestOptions({ apiUrl: "https://discord.com/api" })).toEqual({
      api: "https://discord.com/api",
      makeRequest: sendDocumented,
    });
  });
});
