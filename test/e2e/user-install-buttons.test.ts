/**
 * Members anywhere (issue 41): every button under alice's results answers through its own interaction
 * where only her install reaches (a server the bot is not in, a group DM), and the bot never makes a
 * channel call there, which Discord would refuse (403 Missing Access): U1-U4, 🔄, Remix, Prompt, More like
 * this, and Delete, which asks in a form and deletes through the form's own interaction.
 */
import { afterEach, describe, expect, test } from "vitest";
import { deployCommands } from "../../commands/index.js";
import type { InteractionHandle } from "../../tools/discord-emulator/world/interaction-handle.js";
import type { MessageSnapshot } from "../../tools/discord-emulator/world/message-objects.js";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { textOf } from "../support/message-view.js";
import { clickLabel, isGrid, recordFor } from "./imagine-steps.js";

let h: BotHarness;
afterEach(async () => {
  await h?.stop();
});

/** Requests the bot made with its own token to the channel: none may be made where it is not a member. */
function channelCalls(channelId: string) {
  return h.emu.requests.filter((r) => r.path.startsWith(`/channels/${channelId}`));
}

/** Waits for the image record a click or command started and finishes it. */
async function finish(handle: InteractionHandle) {
  const record = await h.emu.waitFor(() => recordFor(h, handle.id), { description: "the image record" });
  h.service.completeNow(record.id);
  return record;
}

/** Something the interaction answered (reply or follow-up) that `where` accepts. */
function answerOf(handle: InteractionHandle, where: (m: MessageSnapshot) => boolean) {
  return h.emu.waitFor(() => [handle.response(), ...handle.followUps()].find((m) => m && where(m)), {
    description: "the answer",
  });
}

describe.each([
  ["a server the bot is not in", (w: BotHarness["world"]) => w.friendsChat.id],
  ["a group DM", (w: BotHarness["world"]) => w.groupDm.id],
])("in %s, through alice's install", (_where, channelOf) => {
  test("U1-U4, 🔄, Remix, Prompt, More like this and Delete all answer, with no channel call", async () => {
    h = await startBotHarness();
    await deployCommands(h.config, undefined, { kind: "global" });
    const channelId = channelOf(h.world);
    const { alice } = h.world;
    const imagine = await h.emu.sendSlashCommand({
      name: "imagine",
      options: { prompt: "a lighthouse at dusk" },
      user: alice,
      channelId,
    });
    await finish(imagine);
    const grid = await imagine.waitForFollowUp({ where: (m) => isGrid(m) && !m.deleted });

    const singles: MessageSnapshot[] = [];
    for (const n of [1, 2, 3, 4]) {
      const click = await clickLabel(h, grid, `U${n}`, alice);
      singles.push(
        await click.waitForFollowUp({ where: (m) => m.attachments.some((a) => a.filename === `u${n}.png`) }),
      );
    }

    const reroll = await clickLabel(h, grid, "🔄", alice);
    await finish(reroll);
    await reroll.waitForFollowUp({ where: (m) => isGrid(m) && !m.deleted });

    const remix = await clickLabel(h, grid, "Remix", alice);
    await h.emu.waitFor(() => remix.modal() ?? undefined, { description: "the Remix form" });
    const remixed = await h.emu.submitModal({
      interaction: remix,
      user: alice,
      values: { prompt: "a lighthouse at dawn" },
    });
    await finish(remixed);
    await remixed.waitForFollowUp({ where: (m) => isGrid(m) && !m.deleted });

    const prompt = await clickLabel(h, grid, "Prompt", alice);
    const copy = await answerOf(prompt, (m) => textOf(m).includes("a lighthouse at dusk"));
    expect(copy.ephemeral).toBe(true);

    const more = await clickLabel(h, singles[0]!, "More like this", alice);
    await finish(more);
    await more.waitForFollowUp({ where: (m) => isGrid(m) && !m.deleted });

    const del = await clickLabel(h, singles[1]!, "Delete", alice);
    const form = await h.emu.waitFor(() => del.modal() ?? undefined, { description: "the Delete form" });
    expect((form as { title?: string }).title).toBe("Delete this image?");
    expect(h.emu.message(singles[1]!.id)?.deleted).toBeFalsy();
    const confirmed = await h.emu.submitModal({ interaction: del, user: alice, values: {} });
    await h.emu.waitFor(() => h.emu.message(singles[1]!.id)?.deleted, { description: "U2 deleted" });
    const said = await answerOf(confirmed, (m) => /Deleted the message/.test(textOf(m)));
    expect(said.ephemeral).toBe(true);

    expect(channelCalls(channelId)).toEqual([]);
    expect(h.emu.messagesIn(h.emu.dmChannelWith(alice))).toEqual([]);
    h.emu.assertNoRejectedRequests();
  });
});
