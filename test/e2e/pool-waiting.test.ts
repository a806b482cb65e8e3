/**
 * A job waiting in the bot's line as a member and a moderator see it: named by its request id (which
 * `/imagine-status job:` finds) and its place, never by its internal stand-in id; and its end when no image
 * server was free within the job time limit: a clear message, nothing sent, its place given up and its image
 * of the day given back.
 */
import { afterEach, describe, expect, test } from "vitest";
import type { InteractionHandle } from "../../tools/discord-emulator/world/interaction-handle.js";
import { buttonsOf, textOf } from "../support/message-view.js";
import { imagineAnswer } from "./admission-steps.js";
import { clickLabel, isGrid, waitForResult } from "./imagine-steps.js";
import {
  imagineOnPool,
  startedImageId,
  startPool,
  statusAsModerator,
  type PoolHarness,
} from "./pool-steps.js";
import { isWaiting } from "../../src/imagine/job.js";

/** A channel for the audit entries (created in the test's world). */
const AUDIT_CHANNEL_ID = "1200000000000000001";

let p: PoolHarness | undefined;
afterEach(async () => {
  await p?.stop();
  p = undefined;
});

/** The text of the message answering `handle` once it says `text`. */
async function shownWith(handle: InteractionHandle, text: string): Promise<string> {
  return textOf(await handle.waitForResponse({ where: (m) => textOf(m).includes(text) }));
}

/** Makes server 1 report itself unhealthy and waits until the bot has read it: new jobs wait in line. */
async function serverDown(pool: PoolHarness): Promise<void> {
  pool.h.service.setHealth("unhealthy");
  pool.h.emu.clock.advance(16_000);
  await pool.h.bot.context.pool.health.current();
  await pool.h.emu.waitFor(
    () => pool.h.bot.context.pool.first.health.last.botStatus === "unhealthy" || undefined,
    {
      description: "the bot to see server 1 unhealthy",
    },
  );
}

describe("a job waiting in the bot's line", () => {
  test("its message and /imagine-status name it by its request id and its place, never the stand-in", async () => {
    p = await startPool([], { slots: 1 });
    const { h } = p;
    await imagineOnPool(p, "a running fox");
    const second = await imagineOnPool(p, "a waiting fox");
    const third = await imagineOnPool(p, "a heron", h.world.mod);
    const ref = second.handle.id;

    // Alice has a job running: the moderator's heron goes first, her second fox after it.
    const message = await shownWith(second.handle, "number 2,");
    expect(message).toContain(`Job ${ref}`);
    // Its own view: the place once, no generator line and no bar (nothing reached a generator).
    expect(message).toContain("⏳ Waiting in line");
    expect(message.match(/number 2/g)).toHaveLength(1);
    expect(message).not.toMatch(/generator to start|0%/);
    expect(message).not.toMatch(/q-\d/);
    expect(await shownWith(third.handle, "number 1,")).toContain(`Job ${third.handle.id}`);

    const page = await statusAsModerator(p);
    expect(page).toContain(`⏳ Waiting, number 1 in line`);
    expect(page).toMatch(new RegExp(`⏳ Waiting, number 2 in line.*\\n\`${ref}\` `));
    expect(page).not.toMatch(/q-\d/);

    // The request id shown is a key that works, and no server is asked for an image that does not exist.
    const details = await statusAsModerator(p, ref);
    expect(details).toContain(`Job ${ref}`);
    expect(details).toContain("⏳ Waiting, number 2 in line");
    expect(details).not.toMatch(/q-\d/);
    expect(h.service.requests.filter((r) => r.request.includes("/q-"))).toEqual([]);
  });

  test("one that waits past the job time limit ends saying no server was free: nothing sent, the next moves up, its image of the day given back", async () => {
    p = await startPool([], {
      slots: 1,
      env: { JOB_TIMEOUT_MS: "60000", USER_DAILY_IMAGES: "1", USER_COOLDOWN_MS: "0", AUDIT_CHANNEL_ID },
    });
    const { h } = p;
    h.emu.addChannel({ guildId: h.world.guild.id, name: "imagine-audit", id: AUDIT_CHANNEL_ID });
    await serverDown(p);
    const first = await imagineOnPool(p, "a fox that waits too long");
    h.emu.clock.advance(30_000);
    const second = await imagineOnPool(p, "a heron", h.world.mod);
    await shownWith(second.handle, "number 2,");

    h.emu.clock.advance(31_000);
    const ended = await waitForResult(h, first.imageId, (m) => /No image server was free/.test(textOf(m)));
    const text = textOf(ended);
    expect(text).toContain("No image server was free for 1 minute");
    expect(text).toContain("it does not count toward your daily images");
    expect(text).toContain(`Job ${first.handle.id}`);
    expect(text).not.toMatch(/q-\d/);
    expect(ended.content).toContain(`<@${h.world.alice.id}>`);
    expect(buttonsOf(ended).map((b) => b.label)).toEqual(["Try again"]);
    // The heron, queued later, has not waited its limit: it moves up.
    await shownWith(second.handle, "number 1,");
    expect((await h.bot.context.store.findByRef(first.handle.id))?.outcome).toBe("timed-out");
    // Moderators see that it timed out in the line, not on a server.
    const details = await statusAsModerator(p, first.handle.id);
    expect(details).toContain(
      "This job waited in the bot's line for its whole time limit without a free image server: nothing was sent.",
    );
    expect(await statusAsModerator(p)).toContain(
      "This job waited in the bot's line for its whole time limit without a free image server",
    );
    // Alice's /history and the moderators' audit channel name it by its request id too.
    const history = await h.emu.sendSlashCommand({
      name: "history",
      user: h.world.alice,
      channelId: h.world.general.id,
    });
    const listed = textOf(await history.waitForResponse({ where: (m) => textOf(m) !== "" }));
    expect(listed).toContain(`\`${first.handle.id}\` a fox that waits too long`);
    expect(listed).not.toMatch(/q-\d/);
    const audit = await h.emu.waitFor(
      () => h.emu.messagesIn(AUDIT_CHANNEL_ID).find((m) => m.embeds[0]?.title === "Image timed-out"),
      { description: "the audit entry of the job that waited too long" },
    );
    expect(textOf(audit)).toContain(first.handle.id);
    expect(h.emu.messagesIn(AUDIT_CHANNEL_ID).map(textOf).join("\n")).not.toMatch(/q-\d/);

    // Alice's one image of the day was given back: her next one is accepted, and waits behind the heron.
    const again = await imagineAnswer(h, h.world.alice, "a fox, again");
    expect(again.ephemeral).toBe(false);
    expect(textOf(again)).not.toMatch(/daily limit/);

    h.service.setHealth("healthy");
    h.emu.clock.advance(16_000);
    await h.bot.context.pool.health.current();
    await startedImageId(p, second.handle.id);
    expect(h.service.createsByRef.has(first.handle.id)).toBe(false);
    expect(h.service.creates).toBe(1);
  });

  test("a waiting job cancelled by its member gives its image of the day back: nothing was sent", async () => {
    p = await startPool([], { slots: 1, env: { USER_DAILY_IMAGES: "1", USER_COOLDOWN_MS: "0" } });
    const { h } = p;
    await serverDown(p);
    const waiting = await imagineOnPool(p, "a fox that is cancelled");
    const shown = await waiting.handle.waitForResponse({ where: (m) => textOf(m).includes("number 1,") });
    await (await clickLabel(h, shown, "Cancel", h.world.alice)).waitForAcknowledgement();
    await waitForResult(h, waiting.imageId, (m) => /Cancelled by/.test(m.content));

    // Her one image of the day was given back (once the job's end is handled): the next one is accepted.
    const requester = { userId: h.world.alice.id, guildId: h.world.guild.id, isModerator: false };
    for (let i = 0; i < 100 && (await h.bot.context.admission.quota(requester)).dailyUsed > 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const again = await imagineAnswer(h, h.world.alice, "a fox, again");
    expect(again.ephemeral).toBe(false);
    expect(textOf(again)).not.toMatch(/daily limit/);
    expect(h.service.creates).toBe(0);
  });

  test("a job that passed its wait limit while the bot was down ends at start and is never sent, though a server is free", async () => {
    p = await startPool([], { slots: 1, env: { JOB_TIMEOUT_MS: "60000" } });
    const { h } = p;
    await serverDown(p);
    const waiting = await imagineOnPool(p, "a fox left waiting");
    // The bot dies; while it is down the server recovers and the job's wait limit passes.
    await h.bot.context.imagine.stop();
    h.service.setHealth("healthy");
    h.emu.clock.advance(61_000);
    await h.restart({ hard: true });

    const ended = await waitForResult(h, waiting.imageId, (m) => /No image server was free/.test(textOf(m)));
    expect(textOf(ended)).toContain(`Job ${waiting.handle.id}`);
    expect(h.service.creates).toBe(0);
    // Its Try again runs the prompt anew, now that a server is free.
    const again = await clickLabel(h, ended, "Try again", h.world.alice);
    await h.emu.waitFor(() => h.service.createsByRef.get(again.id), { description: "the new job's create" });
    expect(h.service.records().map((r) => r.prompt)).toEqual(["a fox left waiting"]);
  });
  test("a prompt sent as a DM while every slot is busy waits in line in the DM and is delivered there once", async () => {
    p = await startPool([], { slots: 1 });
    const { h } = p;
    const running = await imagineOnPool(p, "a running fox");
    await h.emu.sendDirectMessage({ user: h.world.alice, content: "a heron in the rain" });
    const dms = () =>
      h.emu.messagesIn(h.emu.dmChannelWith(h.world.alice)).filter((m) => m.author.id === h.emu.botUser.id);
    const waiting = await h.emu.waitFor(() => dms().find((m) => textOf(m).includes("⏳ Waiting in line")), {
      description: "the DM saying the prompt waits in line",
    });
    expect(textOf(waiting)).toContain("number 1,");
    expect(textOf(waiting)).not.toMatch(/q-\d/);
    expect(h.service.records().map((r) => r.prompt)).toEqual(["a running fox"]);

    // The running job ends: the DM's job starts and its grid is posted in the DM.
    h.service.completeNow(running.imageId);
    const dmJob = await h.emu.waitFor(
      () =>
        h.bot.context.imagine
          .activeJobs()
          .find((j) => j.prompt.text === "a heron in the rain" && !isWaiting(j)),
      { description: "the DM's job to start" },
    );
    h.service.completeNow(dmJob.imageId);
    const grid = await waitForResult(h, dmJob.imageId, isGrid);
    expect(grid.channel_id).toBe(waiting.channel_id);
    expect(h.service.records().filter((r) => r.prompt === "a heron in the rain")).toHaveLength(1);
    h.emu.assertNoRejectedRequests();
  });
});
