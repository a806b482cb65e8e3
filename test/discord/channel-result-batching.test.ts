import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { DiscordMessenger } from "../../src/discord/discord-messenger.js";
import type { MessageLocation } from "../../src/imagine/job.js";
import type { OutgoingMessage } from "../../src/imagine/outgoing-message.js";
import { silentLogger } from "../../src/logger.js";
import { NO_PINGS } from "../../src/render/message-parts.js";
import type { EmulatedUser } from "../../tools/discord-emulator/world/world-types.js";
import { startHarness, type EmulatorHarness } from "../../tools/discord-emulator/fixtures.js";

let h: EmulatorHarness;
let messenger: DiscordMessenger;

beforeEach(async () => {
  h = await startHarness({ allowUnregisteredCommands: true });
  messenger = new DiscordMessenger({ rest: h.client.rest, logger: silentLogger });
});
afterEach(async () => {
  await h.stop();
});

function members(n: number): EmulatedUser[] {
  return Array.from({ length: n }, (_v, i) => {
    const user = h.emu.addUser({ username: `member-${i}` });
    h.emu.addMember({ guildId: h.world.guild.id, user });
    return user;
  });
}

/** A grid result as the bot renders it: one embed, one row of buttons that carry the job. */
function grid(jobId: string): OutgoingMessage {
  return {
    payload: {
      content: "your image is ready",
      embeds: [{ title: `Result ${jobId}`, description: "a prompt" }],
      components: [{ type: 1, components: [{ type: 2, style: 2, label: "U1", custom_id: `up:${jobId}:0` }] }],
      allowedMentions: NO_PINGS,
    },
    files: [],
  };
}

function channelLocation(channelId = h.world.general.id): MessageLocation {
  return {
    applicationId: h.emu.applicationId,
    interactionToken: null,
    interactionTokenExpiresAt: 0,
    guildId: h.world.guild.id,
    channelId,
    messageId: null,
    channelEditable: true,
  };
}

describe("results waiting for a busy channel", () => {
  test("twelve results ending together arrive in fewer messages, each requester pinged exactly once", async () => {
    const users = members(12);
    const posted = await Promise.all(
      users.map((user, i) =>
        messenger.postResult(channelLocation(), grid(`job-${i}`), { requesterId: user.id, nonce: `n-${i}` }),
      ),
    );

    const messages = h.emu.messagesIn(h.world.general);
    expect(messages.length).toBeLessThan(12);
    expect(messages.length).toBeGreaterThanOrEqual(3); // at most 5 rows of buttons per message
    for (const [i, user] of users.entries()) {
      const carrier = h.emu.message(posted[i]!.messageId)!;
      // Alone as it was, or numbered in a batch ("#2 · Result job-5", its buttons "#2 U1").
      expect(carrier.embeds.map((e) => e.title?.replace(/^#\d+ · /, ""))).toContain(`Result job-${i}`);
      expect(h.emu.notifications(user).map((n) => n.messageId)).toEqual([carrier.id]);
      expect(carrier.content.split(`<@${user.id}>`)).toHaveLength(2);
    }
    for (const message of messages) {
      const jobs = message.embeds.map((e) => Number(/Result job-(\d+)/.exec(e.title!)![1]));
      // Pinged: exactly the requesters of the results it carries (allowed_mentions lists only them).
      expect(h.emu.notifiedBy(message.id).map((n) => n.userId)).toEqual(jobs.map((i) => users[i]!.id));
      expect(JSON.stringify(message.components).match(/up:job-\d+:0/g)).toEqual(
        jobs.map((i) => `up:job-${i}:0`),
      );
    }
    h.emu.assertNoRejectedRequests();
  });

  test("a lone result is one message of its own, with its own nonce, as before", async () => {
    const [user] = members(1);
    const posted = await messenger.postResult(channelLocation(), grid("alone"), {
      requesterId: user!.id,
      nonce: "n-alone",
    });
    expect(h.emu.messagesIn(h.world.general).map((m) => [m.id, m.nonce, m.embeds.length])).toEqual([
      [posted.messageId, "n-alone", 1],
    ]);
  });

  test("a batch posted again with the same results is the message already posted (its nonce), not a second", async () => {
    const users = members(3);
    const postAll = () =>
      Promise.all(
        users.map((user, i) =>
          messenger.postResult(channelLocation(), grid(`job-${i}`), {
            requesterId: user.id,
            nonce: `r-${i}`,
          }),
        ),
      );
    // Hold the channel so that all three wait and go together.
    const blocker = messenger.postResult(channelLocation(), grid("first"), {
      requesterId: h.world.alice.id,
      nonce: "r-first",
    });
    const once = await postAll();
    await blocker;
    const restarted = new DiscordMessenger({ rest: h.client.rest, logger: silentLogger });
    const blocker2 = restarted.postResult(channelLocation(), grid("first"), {
      requesterId: h.world.alice.id,
      nonce: "r-first",
    });
    const again = await Promise.all(
      users.map((user, i) =>
        restarted.postResult(channelLocation(), grid(`job-${i}`), { requesterId: user.id, nonce: `r-${i}` }),
      ),
    );
    await blocker2;
    expect(new Set(once.map((p) => p.messageId)).size).toBe(1);
    expect(again.map((p) => p.messageId)).toEqual(once.map((p) => p.messageId));
    expect(h.emu.messagesIn(h.world.general)).toHaveLength(2);
    for (const user of users) expect(h.emu.notifications(user)).toHaveLength(1);
  });
});
