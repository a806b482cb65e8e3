import { afterEach, describe, expect, test } from "vitest";
import type { DiscordEmulator } from "../../../tools/discord-emulator/emulator.js";
import { startDefaultEmulator, type DefaultWorld } from "../../../tools/discord-emulator/fixtures.js";
import { describeIssue, SchemaCheck } from "../../../tools/discord-emulator/schema/schema-check.js";

const check = new SchemaCheck();
const issues = (result: { issues: Parameters<typeof describeIssue>[0][] }) =>
  result.issues.map(describeIssue);

describe("request bodies against Discord's API description", () => {
  test.each([
    ["a valid message", "POST", "/channels/1/messages", { content: "hi", embeds: [{ title: "t" }] }, []],
    ["an unknown key", "POST", "/channels/1/messages", { content: "hi", colour: 3 }, ["colour: unknown key"]],
    [
      "an embed field without its value",
      "POST",
      "/channels/1/messages",
      { embeds: [{ fields: [{ name: "a" }] }] },
      ["embeds.0.fields.0.value: required (string)"],
    ],
    [
      "an unknown key in a reply (the message variant of the callback is the one checked)",
      "POST",
      "/interactions/1/token/callback",
      { type: 4, data: { content: "hi", bogus: true } },
      ["data.bogus: unknown key"],
    ],
    [
      "a command list with an unknown option key (the array variant is the one checked)",
      "PUT",
      "/applications/1/commands",
      [{ name: "x", description: "d", options: [{ type: 3, name: "p", description: "q", frob: 1 }] }],
      ["0.options.0.frob: unknown key"],
    ],
    [
      "enforce_nonce in a reply, which the description does not declare there (even false)",
      "POST",
      "/interactions/1/token/callback",
      { type: 4, data: { content: "hi", tts: false, enforce_nonce: false } },
      ["data.enforce_nonce: unknown key"],
    ],
    [
      "enforce_nonce: true in a reply",
      "POST",
      "/interactions/1/token/callback",
      { type: 4, data: { content: "hi", enforce_nonce: true } },
      ["data.enforce_nonce: unknown key"],
    ],
    [
      "default_member_permissions as Discord documents it, a string of bits",
      "PUT",
      "/applications/1/commands",
      [{ name: "x", description: "d", default_member_permissions: "32" }],
      [],
    ],
    [
      "an operation Discord does not have",
      "POST",
      "/channels/1/nothing",
      {},
      ["(body): Discord's API description has no such operation"],
    ],
  ])("%s", (_name, method, path, body, expected) => {
    expect(issues(check.request(method, path, body))).toEqual(expected);
  });
});

describe("answers against Discord's API description", () => {
  const user = {
    id: "1",
    username: "u",
    discriminator: "0",
    global_name: null,
    avatar: null,
    public_flags: 0,
  };

  test("a user without flags and primary_guild is not Discord's user object", () => {
    expect(issues(check.answer("GET", "/users/1", 200, user)!)).toEqual([
      "flags: required (number)",
      "primary_guild: required (object)",
    ]);
    expect(issues(check.answer("GET", "/users/1", 200, { ...user, flags: 0, primary_guild: null })!)).toEqual(
      [],
    );
  });

  test("a 204 has no body, and a status the operation does not document is an issue", () => {
    expect(issues(check.answer("DELETE", "/channels/1/messages/2", 204, undefined)!)).toEqual([]);
    expect(issues(check.answer("DELETE", "/channels/1/messages/2", 204, { id: "2" })!)).toEqual([
      "(body): no body is documented",
    ]);
    expect(issues(check.answer("DELETE", "/channels/1/messages/2", 302, undefined)!)).toEqual([
      "(body): status 302 is not documented",
    ]);
  });
});

describe("the emulator checks every request and answer", () => {
  let emu: DiscordEmulator;
  let world: DefaultWorld;
  afterEach(async () => {
    await emu.close();
  });

  async function post(body: unknown) {
    const response = await fetch(`${emu.apiUrl}/v10/channels/${world.general.id}/messages`, {
      method: "POST",
      headers: { authorization: `Bot ${emu.botToken}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  }

  test("an unknown key is refused with 50035 naming it, and recorded as a violation", async () => {
    ({ emu, world } = await startDefaultEmulator());
    expect(await post({ content: "hi", colour: 3 })).toMatchObject({
      status: 400,
      body: { code: 50035, errors: { colour: { _errors: [{ code: "UNKNOWN_FIELD" }] } } },
    });
    expect(emu.takeSchemaViolations()).toMatchObject([
      {
        side: "request",
        status: 400,
        operation: "POST /channels/{channel_id}/messages",
        issues: ["colour: unknown key"],
      },
    ]);
  });

  test("a missing required field is refused with Discord's BASE_TYPE_REQUIRED", async () => {
    ({ emu, world } = await startDefaultEmulator());
    expect(await post({ embeds: [{ title: "t", fields: [{ name: "a" }] }] })).toMatchObject({
      status: 400,
      body: {
        code: 50035,
        errors: {
          embeds: { 0: { fields: { 0: { value: { _errors: [{ code: "BASE_TYPE_REQUIRED" }] } } } } },
        },
      },
    });
    expect(emu.takeSchemaViolations()).toHaveLength(1);
  });

  test("valid requests and the emulator's answers to them leave no violation", async () => {
    ({ emu, world } = await startDefaultEmulator());
    const sent = await post({
      content: `<@${world.alice.id}>`,
      components: [{ type: 1, components: [{ type: 2, style: 1, label: "Go", custom_id: "go" }] }],
    });
    expect(sent.status).toBe(200);
    expect(emu.schemaViolations).toEqual([]);
  });

  test("with checkSchemas: false nothing is checked", async () => {
    ({ emu, world } = await startDefaultEmulator({ checkSchemas: false }));
    expect((await post({ content: "hi", colour: 3 })).status).toBe(200);
    expect(emu.schemaViolations).toEqual([]);
  });
});
