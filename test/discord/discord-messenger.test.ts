import { Events, MessageFlags, RESTEvents } from "discord.js";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createInteractionRest } from "../../src/discord/create-client.js";
import { DiscordMessenger } from "../../src/discord/discord-messenger.js";
import { DeliveryError } from "../../src/jobs/delivery-error.js";
import type { MessageLocation } from "../../src/imagine/job.js";
import type { OutgoingMessage } from "../../src/imagine/outgoing-message.js";
import { silentLogger } from "../../src/logger.js";
import { NO_PINGS } from "../../src/render/message-parts.js";
import { startHarness, type EmulatorHarness } from "../../tools/discord-emulator/fixtures.js";

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
    const shown = await split.show(location, text("working"), {});
    expect(shown.route).toBe("interaction");
    expect(paths.interaction).toEqual([expect.stringMatching(/^\/webhooks\//)]);
    expect(paths.bot!.filter((path) => path.startsWith("/webhooks/"))).toEqual([]);
  });

  test("edits the deferred reply through the interaction token and learns its message id", async () => {
    const { handle, location } = await deferredCommand();
    const shown = await messenger.show(location, text("working"), {});
    expect(shown.route).toBe("interaction");
    expect(shown.location.messageId).toBe(handle.response()?.id);
    expect(handle.response()?.content).toBe("working");
    h.emu.assertNoRejectedRequests();
  });

  test("after the 15-minute token expires it edits the same message with the bot token", async () => {
    const { handle, location } = await deferredCommand();
    const first = await messenger.show(location, text("one"), {});
    h.emu.clock.advance(15 * 60_000 + 1000);
    const second = await messenger.show(first.location, text("two"));
    expect(second.route).toBe("channel-edit");
    expect(handle.response()?.content).toBe("two");
  });

  test("a token Discord already refuses is dropped and the bot token is used instead", async () => {
    const { handle, location } = await deferredCommand();
    const first = await messenger.show(location, text("one"), {});
    h.emu.clock.advance(15 * 60_000 + 1000);
    // The bot's own clock is behind: it still believes the token works.
    const lagging = new DiscordMessenger({
      rest: h.client.rest,
      now: () => Date.now(),
      logger: silentLogger,
    });
    const second = await lagging.show(first.location, text("two"), {});
    expect(second.route).toBe("channel-edit");
    expect(second.location.interactionToken).toBeNull();
    expect(handle.response()?.content).toBe("two");
  });

  test("a result is a new message in the channel, with its nonce, that pings only the requester", async () => {
    const { handle, location } = await deferredCommand();
    const first = await messenger.show(location, text("working"));
    const requesterId = h.world.alice.id;
    const posted = await messenger.postResult(first.location, text("done"), { requesterId, nonce: "n-1" });

    expect(posted).toMatchObject({ route: "channel-new", channelId: h.world.general.id });
    expect(posted.messageId).not.toBe(handle.response()?.id);
    expect(h.emu.message(posted.messageId)).toMatchObject({
      content: `<@${requesterId}> done`,
      nonce: "n-1",
    });
    expect(h.emu.notifications(h.world.alice).map((n) => n.messageId)).toEqual([posted.messageId]);
  });

  test("a result posted again with the same nonce is the message already posted, not a second one", async () => {
    const { location } = await deferredCommand();
    const requesterId = h.world.alice.id;
    const once = await messenger.postResult(location, text("done"), { requesterId, nonce: "n-2" });
    const again = await messenger.postResult(location, text("done"), { requesterId, nonce: "n-2" });

    expect(again.messageId).toBe(once.messageId);
    const results = h.emu.messagesIn(h.world.general).filter((m) => m.nonce === "n-2");
    expect(results.map((m) => m.content)).toEqual([`<@${requesterId}> done`]);
    expect(h.emu.notifications(h.world.alice)).toHaveLength(1);
  });

  test("without channel access, a result goes out as a follow-up of the interaction while its token lasts", async () => {
    const { handle, location } = await deferredCommand();
    const first = await messenger.show(location, text("working"));
    h.emu.setBotPermissions(h.world.general, 0n);
    const requesterId = h.world.alice.id;
    const posted = await messenger.postResult(first.location, text("done"), { requesterId, nonce: "n-3" });

    expect(posted.route).toBe("interaction");
    expect(handle.followUps().map((m) => [m.id, m.content, m.ephemeral])).toEqual([
      [posted.messageId, `<@${requesterId}> done`, false],
    ]);
  });

  test("without channel access after expiry, a result goes to the requester by DM", async () => {
    const { location } = await deferredCommand();
    const first = await messenger.show(location, text("one"));
    h.emu.clock.advance(16 * 60_000);
    h.emu.setBotPermissions(h.world.general, 0n);
    const progress = await messenger.show(first.location, text("progress"));
    expect(progress.route).toBeNull();
    const posted = await messenger.postResult(progress.location, text("done"), {
      requesterId: h.world.alice.id,
      nonce: "n-4",
    });
    expect(posted).toMatchObject({ route: "dm", guildId: null });
    const dm = h.emu.latestMessage(h.emu.dmChannelWith(h.world.alice));
    expect(dm?.content).toBe(`<@${h.world.alice.id}> done`);
  });

  test("a result that can reach the requester nowhere is reported as unreachable", async () => {
    const { location } = await deferredCommand();
    h.emu.clock.advance(16 * 60_000);
    h.emu.setBotPermissions(h.world.general, 0n);
    h.emu.blockDms(h.world.alice);
    await expect(
      messenger.postResult(location, text("done"), { requesterId: h.world.alice.id, nonce: "n-5" }),
    ).rejects.toMatchObject({ kind: "unreachable" });
  });

  test("a progress update of a deleted message fails as message-gone", async () => {
    const { location } = await deferredCommand();
    const first = await messenger.show(location, text("one"));
    h.emu.deleteMessage(first.location.messageId!);
    const err = await messenger.show(first.location, text("two")).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DeliveryError);
    expect(err).toMatchObject({ kind: "message-gone", route: "interaction" });
  });

  test.each([
    { token: true, how: "through the interaction token" },
    { token: false, how: "with the bot token once the interaction token expired" },
  ])("the progress message is deleted $how", async ({ token }) => {
    const { handle, location } = await deferredCommand();
    const first = await messenger.show(location, text("working"));
    if (!token) h.emu.clock.advance(16 * 60_000);
    expect(await messenger.retire(first.location, text("see below"))).toBe("deleted");
    expect(handle.response()?.deleted).toBe(true);
    expect(await messenger.retire(first.location, text("see below"))).toBe("gone");
  });

  test("a progress message that can be neither deleted nor edited is kept; a passing failure is retried", async () => {
    const { handle, location } = await deferredCommand();
    const first = await messenger.show(location, text("working"));
    h.emu.faults.failNext(10, { status: 503, route: "DELETE /webhooks" });
    // A 500 is worth retrying: it is not collapsed.
    await expect(messenger.retire(first.location, text("see below"))).rejects.toMatchObject({
      kind: "transient",
    });
    h.emu.faults.clear();
    h.emu.clock.advance(16 * 60_000);
    // No token any more and the bot cannot see the channel: nothing can delete or edit it.
    h.emu.setBotPermissions(h.world.general, 0n);
    expect(await messenger.retire(first.location, text("see below"))).toBe("kept");
    expect(handle.response()).toMatchObject({ content: "working", deleted: false });
  });

  test("uploaded files replace the previous attachments of the message", async () => {
    const { handle, location } = await deferredCommand();
    const png = (name: string) => ({ name, data: Buffer.from(name), contentType: "image/png" });
    const first = await messenger.show(location, text("a", [png("preview.png")]), {});
    await messenger.show(first.location, text("b", [png("grid.png")]));
    expect(handle.response()?.attachments.map((a) => a.filename)).toEqual(["grid.png"]);
    expect(handle.response()?.flags ?? 0 & MessageFlags.Ephemeral).toBe(0);
  });
});

describe("DiscordMessenger.showPrivately", () => {
  test("while the token lasts, shows the message as an ephemeral follow-up nobody else sees", async () => {
    const { handle, location } = await deferredCommand();
    // The job's public message exists first (a follow-up to a deferral still "thinking" would replace it).
    await messenger.show(location, text("Waiting"), {});
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
