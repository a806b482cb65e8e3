import type { SendableChannels } from "discord.js";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  startHarness,
  type EmulatorHarness,
  sendableChannel,
} from "../../../tools/discord-emulator/fixtures.js";
import type { EmulatedUser } from "../../../tools/discord-emulator/world/world-types.js";

describe("who a message notifies", () => {
  let h: EmulatorHarness;
  let general: SendableChannels;
  beforeEach(async () => {
    h = await startHarness();
    general = await sendableChannel(h.client, h.world.general.id);
  });
  afterEach(async () => {
    await h.stop();
  });
  const reasons = (user: EmulatedUser) => h.emu.notifications(user).map((n) => [n.reason, n.preview]);

  test("a mention notifies only when allowed_mentions lets it", async () => {
    const { alice, mod } = h.world;
    await general.send({
      content: `hi <@${alice.id}> and <@${mod.id}>`,
      allowedMentions: { users: [alice.id] },
    });
    await general.send({ content: `quiet <@${alice.id}>`, allowedMentions: { parse: [] } });

    expect(reasons(alice)).toEqual([["mention", `hi <@${alice.id}> and <@${mod.id}>`]]);
    expect(reasons(mod)).toEqual([]);
  });

  test("a mention added by an edit does not notify", async () => {
    const sent = await general.send({ content: "the image is ready", allowedMentions: { parse: ["users"] } });
    await sent.edit({
      content: `the image is ready <@${h.world.alice.id}>`,
      allowedMentions: { parse: ["users"] },
    });

    expect(h.emu.messageHistory(sent.id)).toHaveLength(2);
    expect(reasons(h.world.alice)).toEqual([]);
  });

  test("without allowed_mentions every user and role mention notifies, and a role mention reaches its members", async () => {
    const { alice, mod, modRole } = h.world;
    await h.emu.sendGuildMessage({
      user: alice,
      channelId: h.world.general.id,
      content: `<@&${modRole.id}> look`,
    });

    expect(reasons(mod)).toEqual([["role mention", `<@&${modRole.id}> look`]]);
    expect(reasons(alice)).toEqual([]);
  });

  test("notifiedBy lists who one message notified, and why", async () => {
    const { alice, mod } = h.world;
    const sent = await general.send({
      content: `<@${alice.id}> your image is ready (cc <@${mod.id}>)`,
      allowedMentions: { users: [alice.id] },
    });

    expect(h.emu.notifiedBy(sent.id)).toEqual([
      { userId: alice.id, username: alice.username, reason: "mention" },
    ]);
  });
});
