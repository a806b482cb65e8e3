import {
  AttachmentBuilder,
  DiscordAPIError,
  EmbedBuilder,
  type Message,
  type SendableChannels,
} from "discord.js";
import { PermissionFlagsBits, RESTJSONErrorCodes } from "discord-api-types/v10";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { forgiveRefusedRequests } from "../../../tools/discord-emulator/schema/schema-violations.js";
import {
  nextMessage,
  startHarness,
  type EmulatorHarness,
  sendableChannel,
} from "../../../tools/discord-emulator/fixtures.js";

/** The rejection of `action`: Discord's code and its errors tree. */
async function rejection(
  action: () => Promise<unknown>,
): Promise<{ code: number | string; errors: unknown; status: number }> {
  try {
    await action();
  } catch (error) {
    if (error instanceof DiscordAPIError)
      return {
        code: error.code,
        errors: (error.rawError as { errors?: unknown }).errors,
        status: error.status,
      };
    throw error;
  }
  throw new Error("expected Discord to reject the request");
}

const row = (n: number, customId = (i: number) => `b${i}`) => ({
  type: 1,
  components: Array.from({ length: n }, (_, i) => ({
    type: 2,
    style: 1,
    label: `B${i}`,
    custom_id: customId(i),
  })),
});
const maxLengthLeaf = (max: number) => ({
  _errors: [{ code: "BASE_TYPE_MAX_LENGTH", message: `Must be ${max} or fewer in length.` }],
});

describe("messages with a real discord.js client", () => {
  let h: EmulatorHarness;
  let general: SendableChannels;
  beforeEach(async () => {
    h = await startHarness();
    general = await sendableChannel(h.client, h.world.general.id);
  });
  afterEach(async () => {
    // These tests send bodies Discord refuses on purpose; what the emulator answered them is asserted.
    forgiveRefusedRequests();
    await h.stop();
  });

  test("an uploaded file keeps its bytes and an attachment:// embed image resolves to it", async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const embed = new EmbedBuilder().setTitle("A red fox").setImage("attachment://fox.png");
    const sent = await general.send({
      embeds: [embed],
      files: [new AttachmentBuilder(png, { name: "fox.png" })],
    });
    const stored = h.emu.message(sent.id);
    expect(stored?.attachments[0]).toMatchObject({
      filename: "fox.png",
      content_type: "image/png",
      size: png.length,
    });
    expect(stored?.attachments[0]?.bytes.equals(png)).toBe(true);
    expect(stored?.embeds[0]?.image?.url).toBe(stored?.attachments[0]?.url);
    expect(h.emu.attachmentBytes(sent.embeds[0]?.image?.url ?? "")?.equals(png)).toBe(true);
  });

  test("editing with embeds only keeps the attachment, so its attachment:// reference stays valid", async () => {
    const sent = await general.send({
      files: [new AttachmentBuilder(Buffer.from("img"), { name: "a.png" })],
    });
    await sent.edit({ embeds: [new EmbedBuilder().setImage("attachment://a.png")] });
    expect(h.emu.message(sent.id)?.attachments.map((a) => a.filename)).toEqual(["a.png"]);
  });

  test("an attachment:// reference naming no uploaded file is rejected with 50035 at embeds.0.image.url", async () => {
    const embed = new EmbedBuilder().setImage("attachment://missing.png");
    const result = await rejection(() =>
      general.send({
        embeds: [embed],
        files: [new AttachmentBuilder(Buffer.from("x"), { name: "other.png" })],
      }),
    );
    expect(result.code).toBe(RESTJSONErrorCodes.InvalidFormBodyOrContentType);
    expect(result.errors).toMatchObject({
      embeds: { 0: { image: { url: { _errors: [{ code: "URL_TYPE_INVALID_URL" }] } } } },
    });
  });

  test.each([
    ["2001 characters of content", { content: "x".repeat(2001) }, { content: maxLengthLeaf(2000) }],
    [
      "26 embed fields",
      { embeds: [{ fields: Array.from({ length: 26 }, (_, i) => ({ name: `f${i}`, value: "v" })) }] },
      { embeds: { 0: { fields: maxLengthLeaf(25) } } },
    ],
    [
      "a 257-character embed title",
      { embeds: [{ title: "t".repeat(257) }] },
      { embeds: { 0: { title: maxLengthLeaf(256) } } },
    ],
    [
      "11 embeds",
      { embeds: Array.from({ length: 11 }, () => ({ title: "t" })) },
      { embeds: maxLengthLeaf(10) },
    ],
    [
      "a 101-character custom_id",
      { components: [row(1, () => "c".repeat(101))] },
      { components: { 0: { components: { 0: { custom_id: maxLengthLeaf(100) } } } } },
    ],
    [
      "6 action rows",
      { components: Array.from({ length: 6 }, (_, r) => row(1, (i) => `r${r}b${i}`)) },
      { components: maxLengthLeaf(5) },
    ],
    [
      "6 buttons in a row",
      { components: [row(6)] },
      { components: { 0: { components: { _errors: [{ code: "BASE_TYPE_BAD_LENGTH" }] } } } },
    ],
    [
      "embeds over 6000 characters in total",
      { embeds: [{ description: "d".repeat(4000) }, { description: "d".repeat(2001) }] },
      { embeds: { _errors: [{ code: "MAX_EMBED_SIZE_EXCEEDED" }] } },
    ],
  ])("sending %s is rejected with 50035 naming the field", async (_name, body, errors) => {
    const result = await rejection(() =>
      h.client.rest.post(`/channels/${h.world.general.id}/messages`, { body }),
    );
    expect(result).toMatchObject({
      status: 400,
      code: RESTJSONErrorCodes.InvalidFormBodyOrContentType,
      errors,
    });
  });

  test("an empty message is rejected with 50006", async () => {
    const result = await rejection(() =>
      h.client.rest.post(`/channels/${h.world.general.id}/messages`, { body: { content: "" } }),
    );
    expect(result.code).toBe(RESTJSONErrorCodes.CannotSendAnEmptyMessage);
  });

  test.each([
    ["cannot see the channel", RESTJSONErrorCodes.MissingAccess, 0n, { content: "hi" }],
    [
      "can see but not send",
      RESTJSONErrorCodes.MissingPermissions,
      PermissionFlagsBits.ViewChannel,
      { content: "hi" },
    ],
    [
      "can send but not embed links",
      RESTJSONErrorCodes.MissingPermissions,
      PermissionFlagsBits.ViewChannel | PermissionFlagsBits.SendMessages,
      { embeds: [{ title: "t" }] },
    ],
    [
      "can send but not attach files",
      RESTJSONErrorCodes.MissingPermissions,
      PermissionFlagsBits.ViewChannel | PermissionFlagsBits.SendMessages,
      { content: "see file", files: [{ name: "a.txt", data: Buffer.from("a") }] },
    ],
  ])("when the bot %s, sending is rejected with 403 %i", async (_name, code, bits, payload) => {
    const { files, ...body } = payload as { files?: { name: string; data: Buffer }[] } & Record<
      string,
      unknown
    >;
    h.emu.setBotPermissions(h.world.general, bits);
    const result = await rejection(() =>
      h.client.rest.post(`/channels/${h.world.general.id}/messages`, { body, ...(files ? { files } : {}) }),
    );
    expect(result).toMatchObject({ status: 403, code });
  });

  test("the bot's permission change reaches discord.js so it can check before sending", async () => {
    h.emu.setBotPermissions(h.world.general, PermissionFlagsBits.ViewChannel);
    await h.emu.waitFor(
      () =>
        h.client.guilds.cache
          .get(h.world.guild.id)
          ?.members.me?.permissionsIn(h.world.general.id)
          .has("SendMessages") === false,
      {
        description: "discord.js to see the new overwrite",
      },
    );
  });

  test("editing a deleted message is 10008 Unknown Message and an unknown channel is 10003", async () => {
    const sent = await general.send("soon gone");
    await sent.delete();
    expect((await rejection(() => general.messages.edit(sent.id, "again"))).code).toBe(
      RESTJSONErrorCodes.UnknownMessage,
    );
    expect(h.emu.messageHistory(sent.id).map((m) => m.deleted)).toEqual([true]);
    const unknownChannel = await rejection(() =>
      h.client.rest.post("/channels/123456789012345678/messages", { body: { content: "x" } }),
    );
    expect(unknownChannel.code).toBe(RESTJSONErrorCodes.UnknownChannel);
  });

  test("editing another user's message is 50005", async () => {
    const theirs = await h.emu.sendGuildMessage({
      user: h.world.alice,
      channelId: h.world.general.id,
      content: "mine",
    });
    expect((await rejection(() => general.messages.edit(theirs.id, "hacked"))).code).toBe(
      RESTJSONErrorCodes.CannotEditMessageAuthoredByAnotherUser,
    );
  });

  test("a DM from a user reaches the bot with its content and attachment, and the bot answers in the DM", async () => {
    const received = nextMessage(h.client);
    await h.emu.sendDirectMessage({
      user: h.world.outsider,
      content: "/help please",
      attachments: [{ filename: "note.txt", bytes: "hello" }],
    });
    const dm: Message = await received;
    expect(dm.content).toBe("/help please");
    expect(dm.channel.isDMBased()).toBe(true);
    expect(dm.attachments.first()?.name).toBe("note.txt");
    await dm.reply("Here to help");
    const answer = await h.emu.waitForMessage(
      h.emu.dmChannelWith(h.world.outsider),
      (m) => m.author.id === h.emu.applicationId,
    );
    expect(answer).toMatchObject({ content: "Here to help", message_reference: { message_id: dm.id } });
  });

  test("a DM to a user who blocks the bot is 50007", async () => {
    h.emu.blockDms(h.world.alice);
    const user = await h.client.users.fetch(h.world.alice.id);
    expect((await rejection(() => user.send("hello"))).code).toBe(
      RESTJSONErrorCodes.CannotSendMessagesToThisUser,
    );
  });

  test("assertNoRejectedRequests lists rejected requests unless their code is expected", async () => {
    await rejection(() =>
      h.client.rest.post(`/channels/${h.world.general.id}/messages`, { body: { content: "" } }),
    );
    expect(() => h.emu.assertNoRejectedRequests()).toThrow(/POST \/channels\/\d+\/messages -> 400 50006/);
    expect(() =>
      h.emu.assertNoRejectedRequests({ ignoreCodes: [RESTJSONErrorCodes.CannotSendAnEmptyMessage] }),
    ).not.toThrow();
  });

  describe("nonce with enforce_nonce", () => {
    const post = (body: Record<string, unknown>, channelId = h.world.general.id) =>
      h.client.rest.post(`/channels/${channelId}/messages`, { body }) as Promise<{ id: string }>;

    test("a repeat within the window returns the first message and creates none, in any channel", async () => {
      const first = await post({ content: "one", nonce: "job-1-result", enforce_nonce: true });
      const again = await post({ content: "two", nonce: "job-1-result", enforce_nonce: true });
      const elsewhere = await post(
        { content: "three", nonce: "job-1-result", enforce_nonce: true },
        h.emu.dmChannelWith(h.world.alice).id,
      );

      expect([again.id, elsewhere.id]).toEqual([first.id, first.id]);
      expect(h.emu.messagesWithNonce("job-1-result").map((m) => m.content)).toEqual(["one"]);
    });

    test("without enforce_nonce, or after the window, the same nonce creates a new message", async () => {
      const first = await post({ content: "one", nonce: "n", enforce_nonce: true });
      const unenforced = await post({ content: "two", nonce: "n" });
      h.emu.clock.advance(2 * 60_000 + 1);
      const late = await post({ content: "three", nonce: "n", enforce_nonce: true });

      expect(new Set([first.id, unenforced.id, late.id]).size).toBe(3);
    });

    test("a nonce of more than 25 characters or a non-boolean enforce_nonce is refused", async () => {
      const long = await rejection(() => post({ content: "x", nonce: "n".repeat(26) }));
      expect(long.errors).toEqual({ nonce: maxLengthLeaf(25) });
      const flag = await rejection(() => post({ content: "x", nonce: "n", enforce_nonce: "yes" }));
      expect(flag.errors).toEqual({
        enforce_nonce: { _errors: [{ code: "BASE_TYPE_BOOLEAN", message: "Must be either true or false." }] },
      });
    });
  });
});
