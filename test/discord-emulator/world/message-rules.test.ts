/**
 * What Discord refuses in a message and what it answers, through raw REST requests: allowed_mentions,
 * select menus, URL and description lengths, errors of interaction callbacks under `data`, and the message
 * object's mentions, attachments, components, author and reply reference.
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { DiscordEmulator } from "../../../tools/discord-emulator/emulator.js";
import type { Client } from "discord.js";
import {
  startDefaultEmulator,
  startTestClient,
  type DefaultWorld,
} from "../../../tools/discord-emulator/fixtures.js";
import { forgiveRefusedRequests } from "../../../tools/discord-emulator/schema/schema-violations.js";
import { formError } from "../validation/form-error-matcher.js";

let emu: DiscordEmulator;
let world: DefaultWorld;
let client: Client | null = null;
beforeEach(async () => {
  ({ emu, world } = await startDefaultEmulator({ allowUnregisteredCommands: true }));
});
afterEach(async () => {
  // These tests send bodies Discord refuses on purpose; what the emulator answered them is asserted.
  forgiveRefusedRequests();
  await client?.destroy();
  client = null;
  await emu.close();
});

interface Answer {
  status: number;
  // The JSON answer, read field by field in the assertions.
  body: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

async function call(method: string, path: string, body?: unknown, form?: FormData): Promise<Answer> {
  const response = await fetch(`${emu.apiUrl}/v10${path}`, {
    method,
    headers: {
      authorization: `Bot ${emu.botToken}`,
      ...(form ? {} : { "content-type": "application/json" }),
    },
    ...(form ? { body: form } : body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Answer["body"]) : {} };
}

const channelMessages = () => `/channels/${world.general.id}/messages`;
const createMessage = (body: unknown) => call("POST", channelMessages(), body);

/** An interaction of alice's (a bot is connected, and does not answer), with its callback and webhooks. */
async function interaction() {
  client ??= await startTestClient(emu);
  const handle = await emu.sendSlashCommand({
    name: "imagine",
    user: world.alice,
    channelId: world.general.id,
  });
  return {
    callback: (body: unknown) => call("POST", `/interactions/${handle.id}/${handle.token}/callback`, body),
    followUp: (body: unknown) => call("POST", `/webhooks/${emu.applicationId}/${handle.token}`, body),
    editOriginal: (body: unknown) =>
      call("PATCH", `/webhooks/${emu.applicationId}/${handle.token}/messages/@original`, body),
  };
}

describe("allowed_mentions", () => {
  const mention = () => `<@${world.alice.id}> your image`;
  test.each([
    [
      'parse: ["users"] together with a users list',
      () => ({ parse: ["users"], users: [world.alice.id] }),
      ["allowed_mentions"],
      "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
    ],
    [
      "an unknown parse type",
      () => ({ parse: ["members"] }),
      ["allowed_mentions", "parse", 0],
      "BASE_TYPE_CHOICES",
    ],
    [
      "101 users",
      () => ({ users: Array.from({ length: 101 }, (_, i) => String(100_000_000_000_000_000n + BigInt(i))) }),
      ["allowed_mentions", "users"],
      "BASE_TYPE_MAX_LENGTH",
    ],
    [
      "a user id that is no snowflake",
      () => ({ users: ["alice"] }),
      ["allowed_mentions", "users", 0],
      "NUMBER_TYPE_COERCE",
    ],
  ])("a message with %s is refused with 50035 naming the field", async (_name, allowed, path, code) => {
    const answer = await createMessage({ content: mention(), allowed_mentions: allowed() });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 50035, errors: formError(path, code) });
  });

  const exclusive = () => ({
    content: mention(),
    allowed_mentions: { parse: ["users"], users: [world.alice.id] },
  });
  const exclusiveError = formError(["allowed_mentions"], "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE");

  test("an edit of a channel message with parse and users together is refused", async () => {
    const sent = await createMessage({ content: "first" });
    const answer = await call("PATCH", `${channelMessages()}/${sent.body.id}`, exclusive());
    expect(answer.body).toMatchObject({ code: 50035, errors: exclusiveError });
  });

  test("an interaction reply, follow-up and edit with parse and users together are refused, the reply's under data", async () => {
    const i = await interaction();
    expect((await i.callback({ type: 4, data: exclusive() })).body).toMatchObject({
      code: 50035,
      errors: { data: exclusiveError },
    });
    expect((await i.callback({ type: 4, data: { content: "ok" } })).status).toBe(204);
    expect((await i.followUp(exclusive())).body).toMatchObject({ code: 50035, errors: exclusiveError });
    expect((await i.editOriginal(exclusive())).body).toMatchObject({ code: 50035, errors: exclusiveError });
  });
});

describe("select menus", () => {
  const select = (extra: object) => ({
    components: [
      {
        type: 1,
        components: [{ type: 3, custom_id: "pick", options: [{ label: "One", value: "1" }], ...extra }],
      },
    ],
  });
  const at = (...rest: (string | number)[]) => ["components", 0, "components", 0, ...rest];
  test.each([
    ["max_values over 25", { max_values: 26 }, at("max_values"), "NUMBER_TYPE_MAX"],
    ["min_values over max_values", { min_values: 3, max_values: 2 }, at("min_values"), "NUMBER_TYPE_MAX"],
    [
      "an option label over 100 characters",
      { options: [{ label: "l".repeat(101), value: "1" }] },
      at("options", 0, "label"),
      "BASE_TYPE_BAD_LENGTH",
    ],
  ])("a select menu with %s is refused with 50035 naming the field", async (_name, extra, path, code) => {
    const answer = await createMessage(select(extra));
    expect(answer.body).toMatchObject({ code: 50035, errors: formError(path, code) });
  });
});

describe("lengths", () => {
  test("an embed url over 2,048 characters is refused", async () => {
    const answer = await createMessage({
      embeds: [{ title: "t", url: `https://example.com/${"a".repeat(2030)}` }],
    });
    expect(answer.body).toMatchObject({
      code: 50035,
      errors: formError(["embeds", 0, "url"], "BASE_TYPE_MAX_LENGTH"),
    });
  });

  test("an attachment description over 1,024 characters is refused", async () => {
    const form = new FormData();
    form.set("payload_json", JSON.stringify({ attachments: [{ id: "0", description: "d".repeat(1025) }] }));
    form.set("files[0]", new Blob([new Uint8Array([1, 2, 3])], { type: "image/png" }), "a.png");
    const answer = await call("POST", channelMessages(), undefined, form);
    expect(answer.body).toMatchObject({
      code: 50035,
      errors: formError(["attachments", 0, "description"], "BASE_TYPE_MAX_LENGTH"),
    });
  });

  test("an interaction reply's errors are rooted at data, as Discord roots them", async () => {
    const i = await interaction();
    const answer = await i.callback({ type: 4, data: { content: "x".repeat(2001) } });
    expect(answer.body).toMatchObject({
      code: 50035,
      errors: { data: formError(["content"], "BASE_TYPE_MAX_LENGTH") },
    });
  });
});

describe("the message object", () => {
  test("mentions lists only the users allowed_mentions lets the message mention", async () => {
    const answer = await createMessage({
      content: `<@${world.alice.id}> Cancelled by <@${world.mod.id}>`,
      allowed_mentions: { parse: [], users: [world.alice.id] },
    });
    expect(answer.body.mentions.map((u: { id: string }) => u.id)).toEqual([world.alice.id]);
  });

  test("attachments lists the files no embed shows", async () => {
    const form = new FormData();
    form.set(
      "payload_json",
      JSON.stringify({
        embeds: [{ title: "Grid", image: { url: "attachment://grid.png" } }],
        attachments: [
          { id: "0", filename: "grid.png" },
          { id: "1", filename: "notes.txt" },
        ],
      }),
    );
    form.set("files[0]", new Blob([new Uint8Array([1])], { type: "image/png" }), "grid.png");
    form.set("files[1]", new Blob([new Uint8Array([2])], { type: "text/plain" }), "notes.txt");
    const answer = await call("POST", channelMessages(), undefined, form);
    expect(answer.body.attachments.map((a: { filename: string }) => a.filename)).toEqual(["notes.txt"]);
    expect(answer.body.embeds[0].image.url).toMatch(
      /\/attachments\/.+\/grid\.png\?ex=[0-9a-f]+&is=[0-9a-f]+&hm=[0-9a-f]+$/,
    );
  });

  test("components get Discord's ids in document order and select menus their default value counts", async () => {
    const answer = await createMessage({
      components: [
        { type: 1, components: [{ type: 2, style: 1, label: "Go", custom_id: "go" }] },
        { type: 1, components: [{ type: 3, custom_id: "pick", options: [{ label: "One", value: "1" }] }] },
      ],
    });
    const [buttons, menus] = answer.body.components;
    expect([buttons.id, buttons.components[0].id, menus.id, menus.components[0].id]).toEqual([1, 2, 3, 4]);
    expect(menus.components[0]).toMatchObject({ min_values: 1, max_values: 1 });
  });

  test("users carry flags and primary_guild, and a reply's reference has its type", async () => {
    const first = await createMessage({ content: "first" });
    const reply = await createMessage({ content: "reply", message_reference: { message_id: first.body.id } });
    expect(reply.body.author).toMatchObject({ flags: 0, primary_guild: null });
    expect(reply.body.message_reference).toMatchObject({ type: 0, message_id: first.body.id });
  });

  test("a DM channel has no name", async () => {
    const answer = await call("POST", "/users/@me/channels", { recipient_id: world.outsider.id });
    expect(answer.status).toBe(200);
    expect(answer.body).not.toHaveProperty("name");
  });
});
