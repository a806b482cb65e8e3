/**
 * Who a finished job notifies, as the emulator judges it: a result is a new message that pings its
 * requester once and nobody else, and it is posted exactly once, even when the bot is killed between
 * posting it and recording it.
 */
import { afterEach, describe, expect, test } from "vitest";
import { messageNonce } from "../../src/imagine/posted-message.js";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { imagineIn, startProcessWorld, type ProcessWorld } from "../support/bot-process.js";
import { textOf } from "../support/message-view.js";
import {
  clickLabel,
  imagineGrid,
  isGrid,
  resultsOf,
  startImagine,
  waitForResult,
  waitForUpscale,
} from "./imagine-steps.js";

let h: BotHarness | undefined;
let w: ProcessWorld | undefined;
afterEach(async () => {
  await h?.stop();
  await w?.stop();
  h = undefined;
  w = undefined;
});

const POST_MESSAGE = "POST /channels/:channel/messages";

describe("who a finished job notifies", () => {
  test("the requester is notified once by the grid and nobody else is; the progress message is gone", async () => {
    h = await startBotHarness();
    const { emu, world } = h;
    const bob = emu.addUser({ username: "bob" });
    emu.addMember({ guildId: world.guild.id, user: bob });
    const { grid, handle, record } = await imagineGrid(h, {
      prompt: `a lighthouse <@${bob.id}> @everyone <@&${world.modRole.id}>`,
    });
    await emu.waitFor(() => handle.response()?.deleted, { description: "the progress message deleted" });

    expect(emu.notifications(world.alice).map((n) => [n.messageId, n.reason])).toEqual([
      [grid.id, "mention"],
    ]);
    expect(emu.notifiedBy(grid.id).map((n) => n.username)).toEqual(["alice"]);
    for (const user of [world.mod, world.outsider, bob]) expect(emu.notifications(user)).toEqual([]);
    // Only the grid is left in the channel: the progress message was deleted, not edited.
    expect(emu.messagesIn(world.general).map((m) => m.id)).toEqual([grid.id]);
    expect(resultsOf(h, record.id)).toHaveLength(1);
    emu.assertNoRejectedRequests();
  });

  test("where the progress message cannot be deleted, it is collapsed to a one-line pointer to the result, which notifies nobody", async () => {
    h = await startBotHarness();
    const { emu, world, service } = h;
    const { handle, record } = await startImagine(h, { prompt: "a lighthouse in fog" });
    // The bot's role may not delete messages here: both routes it tries are refused.
    emu.faults.failNext(2, { status: 403, route: /^DELETE / });
    service.completeNow(record.id);
    const grid = await waitForResult(h, record.id, isGrid);
    const link = `https://discord.com/channels/${world.guild.id}/${world.general.id}/${grid.id}`;
    await emu.waitFor(() => textOf(handle.response()).includes(link), { description: "the pointer" });

    const pointer = handle.response()!;
    expect(pointer).toMatchObject({ deleted: false, content: `⤵️ The result is here: ${link}` });
    expect(pointer.embeds).toEqual([]);
    expect(pointer.attachments).toEqual([]);
    expect(pointer.components ?? []).toEqual([]);
    expect(emu.notifiedBy(pointer.id)).toEqual([]);
    expect(emu.notifications(world.alice).map((n) => n.messageId)).toEqual([grid.id]);
    expect(emu.requests.filter((r) => r.method === "DELETE" && r.injected)).toHaveLength(2);
    emu.assertNoRejectedRequests();
  });

  test("a U image notifies only whoever clicked it, not the grid's requester", async () => {
    h = await startBotHarness();
    const { emu, world } = h;
    const { grid, record } = await imagineGrid(h, { prompt: "a red fox" });
    await clickLabel(h, grid, "U2", world.mod);
    const single = await waitForUpscale(h, record.id, 1);

    expect(single.message_reference?.message_id).toBe(grid.id);
    expect(emu.notifiedBy(single.id).map((n) => n.username)).toEqual(["mod"]);
    expect(emu.notifications(world.alice).map((n) => n.messageId)).toEqual([grid.id]);
    emu.assertNoRejectedRequests();
  });
});

describe("a result posted exactly once", () => {
  test("a bot killed between posting the grid and recording it posts nothing twice after the restart", async () => {
    w = await startProcessWorld();
    const { emu, world, service } = w;
    const first = await w.startBot();
    const job = await imagineIn(w, "a windmill at dusk");
    const nonce = messageNonce(job.record.id, "result");
    // Discord creates the message at once, but its answer never reaches this bot process.
    emu.faults.holdResponse(60_000, { route: POST_MESSAGE });
    service.completeNow(job.record.id);
    await emu.waitFor(() => emu.messagesWithNonce(nonce)[0], { description: "the grid posted" });
    first.kill("SIGKILL");
    expect((await first.exited).signal).toBe("SIGKILL");
    emu.faults.clear();

    const second = await w.startBot();
    await second.waitForLog((l) => l.msg === "job ended" && l["jobId"] === job.record.id);

    const grids = resultsOf(w, job.record.id);
    expect(grids.map((m) => [m.deleted, isGrid(m)])).toEqual([[false, true]]);
    // The restarted bot posted again with the same nonce (its log names the message it got back):
    // Discord answered with the message already there instead of a second one.
    expect(emu.notifications(world.alice).map((n) => n.messageId)).toEqual([grids[0]!.id]);
    expect(job.handle.response()?.deleted).toBe(true);
    expect(second.logs.some((l) => l.msg === "posted the result" && l["messageId"] === grids[0]!.id)).toBe(
      true,
    );
    emu.assertNoRejectedRequests();
  });

  test("a timed-out DM job notifies its requester once, by a new DM", async () => {
    h = await startBotHarness({
      env: { JOB_TIMEOUT_MS: "1500" },
      service: { lifecycle: { hangPattern: /\bstuck\b/ } },
    });
    const { emu, world, service } = h;
    await emu.sendDirectMessage({ user: world.alice, content: "a stuck balloon" });
    await emu.waitFor(() => service.records().length === 1, { description: "the DM job's record" });
    const dmJob = service.records()[0]!;
    service.advance(2);
    const timedOut = await waitForResult(h, dmJob.id, (m) => /Stopped waiting/.test(textOf(m)));

    expect(timedOut.channel_id).toBe(emu.dmChannelWith(world.alice).id);
    expect(emu.notifications(world.alice).map((n) => n.messageId)).toEqual([timedOut.id]);
    const botDms = emu
      .messagesIn(emu.dmChannelWith(world.alice))
      .filter((m) => m.author.id === emu.botUser.id);
    await emu.waitFor(() => botDms.every((m) => m.id === timedOut.id || emu.message(m.id)?.deleted), {
      description: "the DM progress message deleted",
    });
    emu.assertNoRejectedRequests();
  });
});
