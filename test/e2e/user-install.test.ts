/**
 * Members anywhere (issue 41): alice installed the app to her account and uses /imagine in "Friends", a
 * server the bot is not in, and in a group DM. Only the interaction reaches there: progress on the reply,
 * the grid as a follow-up (at most 5 per interaction), buttons answered through their own interactions, a
 * result after the token's 15 minutes by DM (said up front), and never a channel call bound to fail.
 */
import { PermissionFlagsBits } from "discord.js";
import { afterEach, describe, expect, test } from "vitest";
import { deployCommands } from "../../commands/index.js";
import type { InteractionHandle } from "../../tools/discord-emulator/world/interaction-handle.js";
import type { MessageSnapshot } from "../../tools/discord-emulator/world/message-objects.js";
import { startBotHarness, type BotHarness, type BotHarnessOptions } from "../support/bot-harness.js";
import { textOf } from "../support/message-view.js";
import { clickLabel, isGrid, recordFor } from "./imagine-steps.js";

let h: BotHarness;
afterEach(async () => {
  await h?.stop();
});

/** Starts the bot with its commands registered globally, as user installs need. */
async function start(options: BotHarnessOptions = {}): Promise<BotHarness> {
  h = await startBotHarness(options);
  await deployCommands(h.config, undefined, { kind: "global" });
  return h;
}

/** Requests the bot made with its own token to the channel: none may be made where it is not a member. */
function channelCalls(channelId: string) {
  return h.emu.requests.filter((r) => r.path.startsWith(`/channels/${channelId}`));
}

/** Alice runs /imagine with `prompt` in `channelId`. */
function sendImagine(channelId: string, prompt: string): Promise<InteractionHandle> {
  return h.emu.sendSlashCommand({ name: "imagine", options: { prompt }, user: h.world.alice, channelId });
}

async function imagineIn(channelId: string, prompt = "a lighthouse at dusk") {
  const handle = await sendImagine(channelId, prompt);
  const waiting = await handle.waitForResponse({ where: (m) => /waiting in line/i.test(textOf(m)) });
  const record = await h.emu.waitFor(() => recordFor(h, handle.id), { description: "the image record" });
  return { handle, waiting, record };
}

function gridFollowUp(handle: InteractionHandle): Promise<MessageSnapshot> {
  return handle.waitForFollowUp({ where: (m) => isGrid(m) && !m.deleted });
}

describe.each([
  ["a server the bot is not in", (w: BotHarness["world"]) => w.friendsChat.id],
  ["a group DM", (w: BotHarness["world"]) => w.groupDm.id],
])("/imagine in %s, through alice's install", (_where, channelOf) => {
  test("shows progress on the reply, the grid as a follow-up to alice, U1 and Delete work, with no channel call", async () => {
    await start();
    const channelId = channelOf(h.world);
    const { handle, waiting, record } = await imagineIn(channelId);
    expect(waiting.channel_id).toBe(channelId);
    expect(textOf(waiting)).toContain("if your image takes longer, it will come to your DMs");

    h.service.completeNow(record.id);
    const grid = await gridFollowUp(handle);
    expect(grid.channel_id).toBe(channelId);
    expect(grid.content).toContain(`<@${h.world.alice.id}>`);
    expect(handle.followUps().length).toBeLessThanOrEqual(5);

    const click = await clickLabel(h, grid, "U1", h.world.alice);
    const single = await click.waitForFollowUp({
      where: (m) => m.attachments.some((a) => a.filename === "u1.png"),
    });
    expect(single.channel_id).toBe(channelId);
    expect(single.content).toContain(`<@${h.world.alice.id}>`);

    const del = await clickLabel(h, grid, "Delete", h.world.alice);
    await h.emu.waitFor(() => del.modal() ?? undefined, { description: "the Delete form" });
    await h.emu.submitModal({ interaction: del, user: h.world.alice, values: {} });
    await h.emu.waitFor(() => h.emu.message(grid.id)?.deleted, { description: "the grid deleted" });

    expect(channelCalls(channelId)).toEqual([]);
    expect(h.emu.messagesIn(h.emu.dmChannelWith(h.world.alice))).toEqual([]);
    h.emu.assertNoRejectedRequests();
  });
});

describe("where only the interaction reaches", () => {
  test("a result that comes after the token's 15 minutes goes to alice's DMs", async () => {
    await start();
    const { handle, record } = await imagineIn(h.world.friendsChat.id);
    h.emu.clock.advance(15 * 60 * 1000);
    h.service.completeNow(record.id);
    const dm = await h.emu.waitForMessage(h.emu.dmChannelWith(h.world.alice), isGrid);
    expect(dm.content).toContain(`<@${h.world.alice.id}>`);
    expect(handle.followUps()).toEqual([]);
    expect(channelCalls(h.world.friendsChat.id)).toEqual([]);
  });

  test("where the server takes Use External Apps away, the answers are ephemeral and the grid still comes", async () => {
    await start();
    h.emu.setChannelOverwrite(h.world.friendsChat, {
      id: h.world.friends.id,
      type: 0,
      allow: 0n,
      deny: PermissionFlagsBits.UseExternalApps,
    });
    const { handle, waiting, record } = await imagineIn(h.world.friendsChat.id);
    expect(waiting.ephemeral).toBe(true);
    h.service.completeNow(record.id);
    const grid = await gridFollowUp(handle);
    expect(grid.ephemeral).toBe(true);
    expect(channelCalls(h.world.friendsChat.id)).toEqual([]);
    h.emu.assertNoRejectedRequests();
  });

  test("the starter list of banned words applies there, with no server to set another", async () => {
    await start();
    const handle = await sendImagine(h.world.friendsChat.id, "a NUDE statue in a garden");
    const refusal = await handle.waitForResponse();
    expect(refusal.ephemeral).toBe(true);
    expect(textOf(refusal)).toContain("`nude` is on the starter list of words Midjourney refuses");
    expect(h.service.records()).toEqual([]);
  });

  test("the channel's age restriction comes from the interaction: with the owner's age-restricted-only rule an NSFW channel there takes /imagine, another refuses it", async () => {
    await start({ env: { AGE_RESTRICTED_ONLY: "on" } });
    const nsfw = h.emu.addChannel({ guildId: h.world.friends.id, name: "after-dark", nsfw: true });
    await imagineIn(nsfw.id);

    const refused = await sendImagine(h.world.friendsChat.id, "a second lighthouse");
    const refusal = await refused.waitForResponse();
    expect(refusal.ephemeral).toBe(true);
    expect(textOf(refusal)).toContain("Images are made only in age-restricted channels here");
    expect(h.service.records()).toHaveLength(1);
    expect([...channelCalls(nsfw.id), ...channelCalls(h.world.friendsChat.id)]).toEqual([]);
  });

  test("per-member limits of the owner apply there, also to the server's managers (not the bot's moderators)", async () => {
    await start({ env: { USER_MAX_ACTIVE_JOBS: "1", USER_COOLDOWN_MS: "0" } });
    const admins = h.emu.addRole({
      guildId: h.world.friends.id,
      name: "Admins",
      permissions: PermissionFlagsBits.ManageGuild,
    });
    h.emu.addMember({ guildId: h.world.friends.id, user: h.world.alice, roleIds: [admins.id] });
    await imagineIn(h.world.friendsChat.id);
    const second = await sendImagine(h.world.friendsChat.id, "a second lighthouse");
    const refusal = await second.waitForResponse();
    expect(refusal.ephemeral).toBe(true);
    expect(h.service.records()).toHaveLength(1);
  });
});
