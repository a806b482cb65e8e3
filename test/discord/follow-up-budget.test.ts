import { join } from "node:path";
import { Events } from "discord.js";
import { afterEach, beforeEach, expect, test } from "vitest";
import { DiscordMessenger } from "../../src/discord/discord-messenger.js";
import { FollowUpBudget } from "../../src/discord/follow-up-budget.js";
import type { MessageLocation } from "../../src/imagine/job.js";
import type { OutgoingMessage } from "../../src/imagine/outgoing-message.js";
import { silentLogger } from "../../src/logger.js";
import { openSqliteJobStore } from "../../src/store/sqlite-job-store.js";
import { tempDir } from "../store/store-fixtures.js";
import { NO_PINGS } from "../../src/render/message-parts.js";
import { startHarness, type EmulatorHarness } from "../../tools/discord-emulator/fixtures.js";

let h: EmulatorHarness;
beforeEach(async () => {
  h = await startHarness({ allowUnregisteredCommands: true });
  h.client.on(Events.InteractionCreate, (i) => {
    if (i.isChatInputCommand()) void i.deferReply();
  });
});
afterEach(async () => {
  await h.stop();
});

/** Alice's /imagine in Friends, acknowledged: the location of a job answered only through its interaction. */
async function friendsInteraction(): Promise<MessageLocation> {
  const channelId = h.world.friendsChat.id;
  const handle = await h.emu.sendSlashCommand({ name: "imagine", user: h.world.alice, channelId });
  await handle.waitForAcknowledgement();
  return {
    applicationId: h.emu.applicationId,
    interactionToken: handle.token,
    interactionTokenExpiresAt: h.emu.clock.now() + 15 * 60_000,
    guildId: h.world.friends.id,
    channelId,
    messageId: null,
    channelEditable: false,
  };
}

function text(content: string): OutgoingMessage {
  return { payload: { content, embeds: [], components: [], allowedMentions: NO_PINGS }, files: [] };
}

test("where the bot is not in the server, a result past the interaction's 5 follow-ups goes by DM instead of being refused", async () => {
  const messenger = new DiscordMessenger({
    rest: h.client.rest,
    now: () => h.emu.clock.now(),
    logger: silentLogger,
  });
  const location = await friendsInteraction();
  const routes: string[] = [];
  for (let i = 1; i <= 7; i++) {
    const posted = await messenger.postResult(location, text(`result ${i}`), {
      requesterId: h.world.alice.id,
      nonce: `n${i}`,
    });
    routes.push(posted.route);
  }
  expect(routes).toEqual([
    "interaction",
    "interaction",
    "interaction",
    "interaction",
    "interaction",
    "dm",
    "dm",
  ]);
  expect(h.emu.messagesIn(h.emu.dmChannelWith(h.world.alice)).map((m) => m.content)).toEqual([
    expect.stringContaining("result 6"),
    expect.stringContaining("result 7"),
  ]);
  h.emu.assertNoRejectedRequests();
});

test("a follow-up that was not sent is given back, and a token's count ends with the token", async () => {
  let now = 0;
  const budget = new FollowUpBudget(() => now, undefined, 2);
  const first = await budget.take("a", 100);
  expect(first).not.toBeNull();
  await budget.giveBack(first!);
  expect(await budget.take("a", 100)).not.toBeNull();
  expect(await budget.take("a", 100)).not.toBeNull();
  expect(await budget.take("a", 100)).toBeNull();
  now = 100;
  expect(await budget.take("a", 200)).not.toBeNull();
});

test("after a restart mid-job the count goes on from the job store: never more than 5 follow-ups per interaction", async () => {
  const temp = tempDir();
  const path = join(temp.dir, "jobs.db");
  const now = () => h.emu.clock.now();
  const location = await friendsInteraction();
  const post = async (messenger: DiscordMessenger, i: number) =>
    (
      await messenger.postResult(location, text(`result ${i}`), {
        requesterId: h.world.alice.id,
        nonce: `n${i}`,
      })
    ).route;
  const routes: string[] = [];
  const before = await openSqliteJobStore(path, { now });
  const running = new DiscordMessenger({ rest: h.client.rest, now, logger: silentLogger });
  running.countFollowUpsIn(before);
  for (let i = 1; i <= 3; i++) routes.push(await post(running, i));
  await before.close();

  const after = await openSqliteJobStore(path, { now });
  const restarted = new DiscordMessenger({ rest: h.client.rest, now, logger: silentLogger });
  restarted.countFollowUpsIn(after);
  for (let i = 4; i <= 6; i++) routes.push(await post(restarted, i));
  await after.close();
  temp.cleanup();

  expect(routes).toEqual(["interaction", "interaction", "interaction", "interaction", "interaction", "dm"]);
  h.emu.assertNoRejectedRequests();
});

test("when the job store cannot count a follow-up, the result still goes through the interaction", async () => {
  const messenger = new DiscordMessenger({
    rest: h.client.rest,
    now: () => h.emu.clock.now(),
    logger: silentLogger,
  });
  const broken = new Error("the database is gone");
  messenger.countFollowUpsIn({
    claimOnce: () => Promise.reject(broken),
    releaseClaim: () => Promise.reject(broken),
  });
  const location = await friendsInteraction();
  const posted = await messenger.postResult(location, text("result 1"), {
    requesterId: h.world.alice.id,
    nonce: "n1",
  });
  expect(posted.route).toBe("interaction");
  expect(h.emu.messagesIn(h.emu.dmChannelWith(h.world.alice))).toEqual([]);
  h.emu.assertNoRejectedRequests();
});
