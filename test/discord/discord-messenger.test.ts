import { Events, MessageFlags, RESTEvents } from "discord.js";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createInteractionRest } from "../../src/discord/create-client.js";
import { DiscordMessenger } from "../../src/discord/discord-messenger.js";
import { DeliveryError } from "../../src/jobs/delivery-error.js";
import type { MessageLocation } from "../../src/imagine/job.js";
import type { OutgoingMessage } from "../../src/imagine/outgoing-message.js";
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
  // The "bot" defers every command, as /imagine does.
  h.client.on(Events.InteractionCreate, (i) => {
    if (i.isChatInputCommand()) void i.deferReply();
  });
});
afterEach(async () => {
  await h.stop();
});

function text(content: string, files: OutgoingMessage["files"] = []): OutgoingMessage {
  return { payload: { content, embeds: [], components: [], allowedMentions: NO_PINGS }, files };
}

async function deferredCommand(channelId = h.world.general.id) {
  const handle = await h.emu.sendSlashCommand({
    name: "imagine",
    options: {},
    user: h.world.alice,
    channelId,
  });
  await handle.waitForAcknowledgement();
  const location: MessageLocation = {
    applicationId: h.emu.applicationId,
    interactionToken: handle.token,
    interactionTokenExpiresAt: h.emu.clock.now() + 15 * 60_000,
    guildId: h.world.guild.id,
    channelId,
    messageId: null,
    channelEditable: true,
  };
  return { handle, location };
}

describe("DiscordMessenger", () => {
  test("sends interaction-token edits through its own REST client when given one", async () => {
    const { location } = await deferredCommand();
    const interactionRest = createInteractionRest({ apiUrl: h.emu.apiUrl });
    const paths: Record<string, string[]> = { bot: [], interaction: [] };
    h.client.rest.on(RESTEvents.Response, (request) => void paths.bot!.push(request.path));
    interactionRest.on(RESTEvents.Response, (request) => void paths.interaction!.push(request.path));
    const split = new DiscordMessenger({ rest: h.client.rest, interactionRest, logger: silentLogger });
    const shown = await split.show(location, text("working"), {
      final: false,
      requesterId: h.world.alice.id,
    });
    expect(shown.route).toBe("interaction");
    expect(paths.interaction).toEqual([expect.stringMatching(/^\/webhooks\//)]);
    expect(paths.bot!.filter((path) => path.startsWith("/webhooks/"))).toEqual([]);
  });

  test("edits the deferred reply through the interaction token and learns its message id", async () => {
    const { handle, location } = await deferredCommand();
    const shown = await messenger.show(location, text("working"), {
      final: false,
      requesterId: h.world.alice.id,
    });
    expect(shown.route).toBe("interaction");
    expect(shown.location.messageId).toBe(handle.response()?.id);
    expect(handle.response()?.content).toBe("working");
    h.emu.assertNoRejectedRequests();
  });

  test("after the 15-minute token expires it edits the same message with the bot token", async () => {
    const { handle, location } = await deferredCommand();
    const first = await messenger.show(location, text("one"), {
      final: false,
      requesterId: h.world.alice.id,
    });
    h.emu.clock.advance(15 * 60_000 + 1000);
    const second = await messenger.show(first.location, text("two"), {
      final: true,
      requesterId: h.world.alice.id,
    });
    expect(second.route).toBe("channel-edit");
    expect(handle.response()?.content).toBe("two");
  });

  test("a token Discord already refuses is dropped and the bot token is used instead", async () => {
    const { handle, location } = await deferredCommand();
    const first = await messenger.show(location, text("one"), {
      final: false,
      requesterId: h.world.alice.id,
    });
    h.emu.clock.advance(15 * 60_000 + 1000);
    // The bot's own clock is behind: it still believes the token works.
    const lagging = new DiscordMessenger({
      rest: h.client.rest,
      now: () => Date.now(),
      logger: silentLogger,
    });
    const second = await lagging.show(first.location, text("two"), {
      final: false,
      requesterId: h.world.alice.id,
    });
    expect(second.route).toBe("channel-edit");
    expect(second.location.interactionToken).toBeNull();
    expect(handle.response()?.content).toBe("two");
  });

  test("without channel access after expiry, a final result goes to the requester by DM", async () => {
    const { location } = await deferredCommand();
    const first = await messenger.show(location, text("one"), {
      final: false,
      requesterId: h.world.alice.id,
    });
    h.emu.clock.advance(16 * 60_000);
    h.emu.setBotPermissions(h.world.general, 0n);
    const progress = await messenger.show(first.location, text("progress"), {
      final: false,
      requesterId: h.world.alice.id,
    });
    expect(progress.route).toBeNull();
    const final = await messenger.show(progress.location, text("done"), {
      final: true,
      requesterId: h.world.alice.id,
    });
    expect(final.route).toBe("dm");
    const dm = h.emu.latestMessage(h.emu.dmChannelWith(h.world.alice));
    expect(dm?.content).toContain("done");
    expect(dm?.content).toContain(`<@${h.world.alice.id}>`);
  });

  test("a final result that can reach the requester nowhere is reported as unreachable", async () => {
    const { location } = await deferredCommand();
    h.emu.clock.advance(16 * 60_000);
    h.emu.setBotPermissions(h.world.general, 0n);
    h.emu.blockDms(h.world.alice);
    await expect(
      messenger.show(location, text("done"), { final: true, requesterId: h.world.alice.id }),
    ).rejects.toMatchObject({ kind: "unreachable" });
  });

  test.each([
    { final: false, what: "a progress update fails as message-gone" },
    { final: true, what: "the final result is posted anew in the channel, mentioning the requester" },
  ])("for a deleted message, $what", async ({ final }) => {
    const { location } = await deferredCommand();
    const requesterId = h.world.alice.id;
    const first = await messenger.show(location, text("one"), { final: false, requesterId });
    h.emu.deleteMessage(first.location.messageId!);
    const shown = messenger.show(first.location, text("done"), { final, requesterId });
    if (!final) {
      const err = await shown.catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DeliveryError);
      expect(err).toMatchObject({ kind: "message-gone", route: "interaction" });
      return;
    }
    const { route, location: posted } = await shown;
    expect(route).toBe("channel-new");
    expect(posted.messageId).not.toBe(first.location.messageId);
    expect(h.emu.message(posted.messageId!)?.content).toBe(`<@${requesterId}> done`);
  });

  test("uploaded files replace the previous attachments of the message", async () => {
    const { handle, location } = await deferredCommand();
    const png = (name: string) => ({ name, data: Buffer.from(name), contentType: "image/png" });
    const first = await messenger.show(location, text("a", [png("preview.png")]), {
      final: false,
      requesterId: "1",
    });
    await messenger.show(first.location, text("b", [png("grid.png")]), { final: true, requesterId: "1" });
    expect(handle.response()?.attachments.map((a) => a.filename)).toEqual(["grid.png"]);
    expect(handle.response()?.flags ?? 0 & MessageFlags.Ephemeral).toBe(0);
  });
});

describe("DiscordMessenger.showPrivately", () => {
  test("while the token lasts, shows the message as an ephemeral follow-up nobody else sees", async () => {
    const { handle, location } = await deferredCommand();
    // The job's public message exists first (a follow-up to a deferral still "thinking" would replace it).
    await messenger.show(location, text("Waiting"), { final: false, requesterId: h.world.alice.id });
    expect(await messenger.showPrivately(location, text("Only for you"), h.world.alice.id)).toBe(
      "interaction",
    );
    const followUp = await handle.waitForFollowUp();
    expect(followUp).toMatchObject({ content: "Only for you", ephemeral: true });
    expect(h.emu.messagesIn(h.world.general).map((m) => m.content)).toEqual(["Waiting"]);
  });

  test("without a usable token, sends it to the requester by DM", async () => {
    const { location } = await deferredCommand();
    const expired = { ...location, interactionToken: null, interactionTokenExpiresAt: null };
    expect(await messenger.showPrivately(expired, text("Only for you"), h.world.alice.id)).toBe("dm");
    const dm = h.emu.messagesIn(h.emu.dmChannelWith(h.world.alice));
    expect(dm.map((m) => m.content)).toEqual(["Only for you"]);
    expect(h.emu.messagesIn(h.world.general).map((m) => m.content)).not.toContain("Only for you");
  });
});
