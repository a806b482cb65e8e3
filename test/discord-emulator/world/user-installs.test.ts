import {
  ApplicationCommandType,
  ApplicationIntegrationType,
  InteractionContextType,
  MessageFlags,
  type ChatInputCommandInteraction,
  type Interaction,
  type MessageContextMenuCommandInteraction,
} from "discord.js";
import { RESTJSONErrorCodes } from "discord-api-types/v10";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  nextInteraction,
  startHarness,
  type EmulatorHarness,
} from "../../../tools/discord-emulator/fixtures.js";

const isCommand = (i: Interaction): i is ChatInputCommandInteraction => i.isChatInputCommand();
const isMessageCommand = (i: Interaction): i is MessageContextMenuCommandInteraction =>
  i.isMessageContextMenuCommand();

/** Registered globally for both installs and every context. */
const ANYWHERE = {
  integration_types: [ApplicationIntegrationType.GuildInstall, ApplicationIntegrationType.UserInstall],
  contexts: [
    InteractionContextType.Guild,
    InteractionContextType.BotDM,
    InteractionContextType.PrivateChannel,
  ],
};
const DRAW = { name: "draw", description: "Draw something", ...ANYWHERE };

describe("a server the bot is not in, reached through alice's install", () => {
  let h: EmulatorHarness;
  beforeEach(async () => {
    h = await startHarness();
    await h.client.application.commands.set([
      DRAW,
      { ...ANYWHERE, name: "Imagine from this image", type: ApplicationCommandType.Message },
    ]);
  });
  afterEach(async () => {
    await h.stop();
  });

  async function draw(channelId: string) {
    const received = nextInteraction(h.client, isCommand);
    const handle = await h.emu.sendSlashCommand({ name: "draw", user: h.world.alice, channelId });
    return { handle, interaction: await received };
  }

  test("the interaction names alice's install, not the server's, and says what the app may do", async () => {
    const { handle, interaction } = await draw(h.world.friendsChat.id);
    expect(handle.payload.authorizing_integration_owners).toEqual({ "1": h.world.alice.id });
    expect(interaction.context).toBe(InteractionContextType.Guild);
    expect(interaction.guildId).toBe(h.world.friends.id);
    expect(interaction.appPermissions.has("EmbedLinks")).toBe(true);
    expect(interaction.appPermissions.has("ViewChannel")).toBe(false);
    await interaction.reply("hi");
  });

  test("the interaction carries the channel as a partial object with its nsfw flag, which discord.js drops there", async () => {
    const nsfw = h.emu.addChannel({ guildId: h.world.friends.id, name: "after-dark", nsfw: true });
    const { handle, interaction } = await draw(nsfw.id);
    const channel = handle.payload.channel as Record<string, unknown>;
    expect(channel).toMatchObject({
      id: nsfw.id,
      guild_id: h.world.friends.id,
      nsfw: true,
      name: "after-dark",
    });
    expect(channel).not.toHaveProperty("permission_overwrites");
    expect(typeof channel["permissions"]).toBe("string");
    expect(interaction.channel).toBeNull();
    await interaction.reply("hi");
  });

  test("the bot token reaches nothing there (403 Missing Access), the interaction token does", async () => {
    const { interaction } = await draw(h.world.friendsChat.id);
    await interaction.deferReply();
    const post = await fetch(`${h.emu.apiUrl}/channels/${h.world.friendsChat.id}/messages`, {
      method: "POST",
      headers: { authorization: `Bot ${h.emu.botToken}`, "content-type": "application/json" },
      body: JSON.stringify({ content: "hello" }),
    });
    expect(post.status).toBe(403);
    expect(((await post.json()) as { code: number }).code).toBe(RESTJSONErrorCodes.MissingAccess);
    await interaction.editReply("done");
    expect(h.emu.messagesIn(h.world.friendsChat).map((m) => m.content)).toEqual(["done"]);
  });

  test("an app not installed in the server gets at most 5 follow-ups per interaction", async () => {
    const { interaction } = await draw(h.world.friendsChat.id);
    await interaction.reply("first");
    for (let i = 1; i <= 5; i++) await interaction.followUp(`follow-up ${i}`);
    await expect(interaction.followUp("one too many")).rejects.toMatchObject({ status: 400 });
    expect(h.emu.messagesIn(h.world.friendsChat)).toHaveLength(6);
  });

  test("in the bot's own server follow-ups are not limited to 5", async () => {
    const { interaction } = await draw(h.world.general.id);
    await interaction.reply("first");
    for (let i = 1; i <= 6; i++) await interaction.followUp(`follow-up ${i}`);
    expect(h.emu.messagesIn(h.world.general)).toHaveLength(7);
  });

  test("where the server takes Use External Apps from members, every answer is ephemeral", async () => {
    h.emu.setChannelOverwrite(h.world.friendsChat, {
      id: h.world.friends.id,
      type: 0,
      allow: 0n,
      deny: 1n << 50n,
    });
    const { interaction } = await draw(h.world.friendsChat.id);
    await interaction.deferReply();
    await interaction.editReply("only alice sees this");
    const follow = await interaction.followUp("and this");
    expect(follow.flags.has(MessageFlags.Ephemeral)).toBe(true);
    expect(h.emu.messagesIn(h.world.friendsChat)).toHaveLength(0);
    expect(h.emu.messagesIn(h.world.friendsChat, { includeEphemeral: true })).toHaveLength(2);
  });

  test("a group DM is context 2, the private channel the bot is not in", async () => {
    const { handle, interaction } = await draw(h.world.groupDm.id);
    expect(interaction.context).toBe(InteractionContextType.PrivateChannel);
    expect(handle.payload.authorizing_integration_owners).toEqual({ "1": h.world.alice.id });
    await interaction.reply("in the group");
    for (let i = 1; i <= 5; i++) await interaction.followUp(`follow-up ${i}`);
    await expect(interaction.followUp("one too many")).rejects.toMatchObject({ status: 400 });
  });

  test("a member who has not installed the app cannot use its commands there", async () => {
    const bob = h.emu.addUser({ username: "bob" });
    h.emu.addMember({ guildId: h.world.friends.id, user: bob });
    await expect(
      h.emu.sendSlashCommand({ name: "draw", user: bob, channelId: h.world.friendsChat.id }),
    ).rejects.toThrow(/not installed/);
  });

  test("a message command arrives with the right-clicked message resolved", async () => {
    const posted = await h.emu.sendGuildMessage({
      user: h.world.outsider,
      channelId: h.world.friendsChat.id,
      content: "look",
      attachments: [{ filename: "cat.png", bytes: Buffer.from("png"), contentType: "image/png" }],
    });
    const received = nextInteraction(h.client, isMessageCommand);
    await h.emu.useMessageCommand({ name: "Imagine from this image", message: posted, user: h.world.alice });
    const interaction = await received;
    expect(interaction.targetMessage.attachments.first()?.name).toBe("cat.png");
    expect(interaction.context).toBe(InteractionContextType.Guild);
    await interaction.reply({ content: "ok", flags: MessageFlags.Ephemeral });
  });
});

describe("signed attachment links", () => {
  let h: EmulatorHarness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await h.stop();
  });

  const refresh = (urls: string[]) =>
    fetch(`${h.emu.apiUrl}/attachments/refresh-urls`, {
      method: "POST",
      headers: { authorization: `Bot ${h.emu.botToken}`, "content-type": "application/json" },
      body: JSON.stringify({ attachment_urls: urls }),
    }).then(async (r) => ({
      status: r.status,
      body: (await r.json()) as { refreshed_urls: { original: string; refreshed: string }[] },
    }));

  function postImage() {
    return h.emu.sendGuildMessage({
      user: h.world.alice,
      channelId: h.world.general.id,
      attachments: [{ filename: "cat.png", bytes: Buffer.from("cat"), contentType: "image/png" }],
    });
  }

  test("a link works until it expires a day later, then 404s; a refreshed link works again", async () => {
    const url = (await postImage()).attachments[0]!.url;
    expect(new URL(url).searchParams.get("ex")).toMatch(/^[0-9a-f]+$/);
    expect((await fetch(url)).status).toBe(200);
    h.emu.clock.advance(24 * 60 * 60 * 1000 + 1000);
    expect((await fetch(url)).status).toBe(404);
    const { status, body } = await refresh([url]);
    expect(status).toBe(200);
    expect(body.refreshed_urls).toHaveLength(1);
    expect(body.refreshed_urls[0]?.original).toBe(url);
    const fresh = await fetch(body.refreshed_urls[0]!.refreshed);
    expect(Buffer.from(await fresh.arrayBuffer()).toString()).toBe("cat");
  });

  test("a link without its signature, or with a forged one, is refused", async () => {
    const url = new URL((await postImage()).attachments[0]!.url);
    const unsigned = `${url.origin}${url.pathname}`;
    expect((await fetch(unsigned)).status).toBe(404);
    url.searchParams.set("ex", "ffffffff");
    expect((await fetch(url)).status).toBe(404);
  });

  test("the link of a file whose message was deleted is not refreshed", async () => {
    const message = await postImage();
    await h.emu.deleteMessage(message.id);
    const { body } = await refresh([message.attachments[0]!.url, "https://example.com/a.png"]);
    expect(body.refreshed_urls).toEqual([]);
  });
});
