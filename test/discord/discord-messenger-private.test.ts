import { Events } from "discord.js";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { DiscordMessenger } from "../../src/discord/discord-messenger.js";
import type { MessageLocation } from "../../src/imagine/job.js";
import { silentLogger } from "../../src/logger.js";
import { NO_PINGS } from "../../src/render/message-parts.js";
import { startHarness, type EmulatorHarness } from "../emulator/fixtures.js";

let h: EmulatorHarness;
let messenger: DiscordMessenger;

beforeEach(async () => {
  h = await startHarness({ allowUnregisteredCommands: true });
  messenger = new DiscordMessenger({
    rest: h.client.rest,
    now: () => h.emu.clock.now(),
    logger: silentLogger,
  });
  h.client.on(Events.InteractionCreate, (i) => {
    if (i.isChatInputCommand()) void i.deferReply();
  });
});
afterEach(async () => {
  await h.stop();
});

const note = {
  payload: { content: "Only for you", embeds: [], components: [], allowedMentions: NO_PINGS },
  files: [],
};

describe("DiscordMessenger.showPrivately", () => {
  test("while the token lasts, shows the message as an ephemeral follow-up nobody else sees", async () => {
    const handle = await h.emu.sendSlashCommand({
      name: "imagine",
      user: h.world.alice,
      channelId: h.world.general.id,
    });
    await handle.waitForAcknowledgement();
    const location: MessageLocation = {
      applicationId: h.emu.applicationId,
      interactionToken: handle.token,
      interactionTokenExpiresAt: h.emu.clock.now() + 15 * 60_000,
      guildId: h.world.guild.id,
      channelId: h.world.general.id,
      messageId: null,
      channelEditable: true,
    };
    // The job's public message exists first (a follow-up to a deferral still "thinking" would replace it).
    const publicNote = { ...note, payload: { ...note.payload, content: "Waiting" } };
    await messenger.show(location, publicNote, { final: false, requesterId: h.world.alice.id });
    expect(await messenger.showPrivately(location, note, h.world.alice.id)).toBe("interaction");
    const followUp = await handle.waitForFollowUp();
    expect(followUp).toMatchObject({ content: "Only for you", ephemeral: true });
    expect(h.emu.messagesIn(h.world.general).map((m) => m.content)).toEqual(["Waiting"]);
  });

  test("without a usable token, sends it to the requester by DM", async () => {
    const location: MessageLocation = {
      applicationId: h.emu.applicationId,
      interactionToken: null,
      interactionTokenExpiresAt: null,
      guildId: h.world.guild.id,
      channelId: h.world.general.id,
      messageId: null,
      channelEditable: true,
    };
    expect(await messenger.showPrivately(location, note, h.world.alice.id)).toBe("dm");
    const dm = h.emu.messagesIn(h.emu.dmChannelWith(h.world.alice));
    expect(dm.map((m) => m.content)).toEqual(["Only for you"]);
    expect(h.emu.messagesIn(h.world.general).map((m) => m.content)).not.toContain("Only for you");
  });
});
