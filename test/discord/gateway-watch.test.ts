import { EventEmitter } from "node:events";
import { Events, type Client } from "discord.js";
import { describe, expect, test } from "vitest";
import { watchGateway } from "../../src/discord/gateway-watch.js";
import type { LoginError } from "../../src/discord/login-error.js";
import { captureLogs } from "../support/log-capture.js";

/** The part of a discord.js Client the watch listens to: its shard events. */
function fakeClient(ready: boolean) {
  const emitter = new EventEmitter();
  return Object.assign(emitter, { isReady: () => ready }) as unknown as Client & EventEmitter;
}

function setup(ready = true) {
  const client = fakeClient(ready);
  const logs = captureLogs();
  let time = 0;
  const refusals: { error: LoginError; code: number }[] = [];
  const watch = watchGateway(client, {
    logger: logs.logger,
    now: () => time,
    onRefused: (error, code) => refusals.push({ error, code }),
  });
  const messages = () => logs.lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
  return { client, watch, refusals, messages, advance: (ms: number) => (time += ms) };
}

describe("watchGateway", () => {
  test("a drop is logged once however many attempts fail, and the recovery once with how long it took", () => {
    const env = setup();
    for (let i = 0; i < 3; i++) {
      env.client.emit(Events.ShardReconnecting, 0);
      env.client.emit(Events.ShardError, new Error("connect ECONNREFUSED"), 0);
    }
    env.advance(12_000);
    expect(env.watch.problem()).toBe("disconnected for 12 s; reconnecting");
    env.client.emit(Events.ShardResume, 0, 3);

    expect(env.watch.problem()).toBeNull();
    expect(env.messages()).toEqual([
      "Discord gateway connection lost; reconnecting",
      "Discord gateway error",
      "Discord gateway error",
      "Discord gateway error",
      "Discord gateway connection restored",
    ]);
  });

  test("the first READY of the start is not a reconnect", () => {
    const env = setup(false);
    expect(env.watch.problem()).toBe("connecting");
    env.client.emit(Events.ShardReady, 0, new Set());
    expect(env.watch.problem()).toBeNull();
    expect(env.messages()).toEqual([]);
  });

  test.each([4004, 4010, 4011, 4012, 4013, 4014])(
    "a close with %i is a refusal: reported once, not logged by the watch, and /healthz says why",
    (code) => {
      const env = setup();
      env.client.emit(Events.ShardDisconnect, { code }, 0);
      env.client.emit(Events.ShardError, new Error("Authentication failed"), 0);
      env.client.emit(Events.ShardDisconnect, { code }, 0);

      expect(env.refusals.map((r) => r.code)).toEqual([code]);
      expect(env.refusals[0]!.error.message).toMatch(
        new RegExp(`^Discord closed the gateway connection with ${code} `),
      );
      expect(env.watch.problem()).toMatch(/^refused by Discord: /);
      expect(env.messages().filter((m) => m !== "Discord gateway error")).toEqual([]);
    },
  );

  test("after dispose the bot's own disconnect is not reported", () => {
    const env = setup();
    env.watch.dispose();
    env.client.emit(Events.ShardReconnecting, 0);
    env.client.emit(Events.ShardDisconnect, { code: 4004 }, 0);
    expect(env.refusals).toEqual([]);
    expect(env.messages()).toEqual([]);
  });
});
