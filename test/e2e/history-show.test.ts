/**
 * /history and /show end to end: a member lists their own jobs privately, newest first with outcome, time
 * and a jump link, pages through them with buttons, and posts a finished one again with working buttons.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { deployCommands } from "../../commands/index.js";
import { MemoryJobStore } from "../support/memory-job-store.js";
import type { InjectedFault } from "../../tools/reference-service/index.js";
import type { Job } from "../../src/imagine/job.js";
import type { EmulatedUser } from "../../tools/discord-emulator/world/world-types.js";
import type { MessageSnapshot } from "../../tools/discord-emulator/world/message-objects.js";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { buttonsOf, textOf } from "../support/message-view.js";
import { clickLabel, imagineGrid, isGrid, waitForJobEnd } from "./imagine-steps.js";
import { readPrompt } from "../../src/prompt/prompt.js";

const store = new MemoryJobStore();
let h: BotHarness;
let bob: EmulatedUser;
const DAY = 86_400_000;

/** An old finished job of `requesterId`, as if made long ago (its message id is made up). */
function oldJob(n: number, requesterId: string, guildId: string | null, channelId: string): Job {
  return {
    imageId: `old-${n}`,
    phase: "sent",
    ref: `90000000000000000${n}`,
    prompt: readPrompt(`old prompt number ${n}`),
    requesterId,
    source: guildId === null ? "dm" : "interaction",
    location: {
      applicationId: h.emu.applicationId,
      interactionToken: null,
      interactionTokenExpiresAt: null,
      guildId,
      channelId,
      messageId: `80000000000000000${n}`,
      channelEditable: true,
    },
    startedAt: Date.now() - (10 - n) * DAY,
    status: "completed",
    progress: 100,
    outcome: n === 2 ? "failed" : "completed",
    finishedAt: Date.now() - (10 - n) * DAY + 60_000,
    delivered: true,
    error: n === 2 ? "Image generation failed" : null,
    kind: { name: "imagine" },
    language: "en",
  };
}

async function slash(
  name: string,
  user: EmulatedUser,
  options: Record<string, string> = {},
  channelId?: string,
) {
  return h.emu.sendSlashCommand({ name, options, user, channelId: channelId ?? h.world.general.id });
}

async function history(user: EmulatedUser, channelId?: string): Promise<MessageSnapshot> {
  const handle = await slash("history", user, {}, channelId);
  return handle.waitForResponse({ where: (m) => textOf(m) !== "" });
}

beforeAll(async () => {
  h = await startBotHarness({ store, env: { USER_MAX_ACTIVE_JOBS: "10", USER_COOLDOWN_MS: "0" } });
  bob = h.emu.addUser({ username: "bob" });
  h.emu.addMember({ guildId: h.world.guild.id, user: bob });
  const { alice, mod, guild, general } = h.world;
  const dm = h.emu.dmChannelWith(alice);
  for (const n of [1, 2, 3, 4, 5, 6]) await store.save(oldJob(n, alice.id, guild.id, general.id));
  await store.save(oldJob(7, alice.id, null, dm.id));
  await store.save(oldJob(8, mod.id, guild.id, general.id));
});
afterAll(async () => {
  await h?.stop();
});

describe("/history", () => {
  let grid: MessageSnapshot;
  let jobId: string;
  beforeAll(async () => {
    const made = await imagineGrid(h, { prompt: "a lighthouse at dusk, oil painting" });
    grid = made.grid;
    jobId = made.record.id;
  });

  test("lists only the member's jobs of this server, newest first, privately, with outcome, time and jump link", async () => {
    const page = await history(h.world.alice);
    expect(page.ephemeral).toBe(true);
    const text = textOf(page);
    expect(text).toContain("Your images in this server");
    const order = [
      "lighthouse at dusk",
      "old prompt number 6",
      "old prompt number 5",
      "number 4",
      "number 3",
    ];
    const positions = order.map((p) => text.indexOf(p));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(text).not.toContain("number 2");
    expect(text).not.toContain("number 7"); // a DM job
    expect(text).not.toContain("number 8"); // someone else's
    expect(text).toContain(
      `[jump to message](https://discord.com/channels/${h.world.guild.id}/${h.world.general.id}/${grid.id})`,
    );
    expect(text).toContain(jobId);
    expect(text).toMatch(/\*\*1\.\*\* ✅ Completed · <t:\d+:f>/);
    expect(buttonsOf(page).map((b) => b.label)).toEqual([
      "Show 1",
      "Show 2",
      "Show 3",
      "Show 4",
      "Show 5",
      "Older ▶",
    ]);
    expect(h.emu.messagesIn(h.world.general).some((m) => textOf(m).includes("Your images"))).toBe(false);
  });

  test("Older ▶ and ◀ Newer page through the list in the same private message", async () => {
    const first = await history(h.world.alice);
    await clickLabel(h, first, "Older ▶", h.world.alice);
    const older = await h.emu.waitFor(() => {
      const m = h.emu.message(first.id);
      return m && textOf(m).includes("number 1") ? m : undefined;
    });
    expect(textOf(older)).toMatch(/\*\*6\.\*\* ❌ Failed[^\n]*\n`old-2` old prompt number 2/);
    expect(textOf(older)).toMatch(/\*\*7\.\*\* ✅ Completed[^\n]*\n`old-1` old prompt number 1/);
    expect(textOf(older)).not.toContain("lighthouse");
    expect(buttonsOf(older).map((b) => b.label)).toEqual(["Show 7", "◀ Newer"]);
    await clickLabel(h, older, "◀ Newer", h.world.alice);
    await h.emu.waitFor(() => textOf(h.emu.message(first.id)).includes("lighthouse"));
    h.emu.assertNoRejectedRequests();
  });

  test("in DMs lists the member's jobs everywhere, saying where each was", async () => {
    await deployCommands(h.config, undefined, { kind: "global" });
    const page = await history(h.world.alice, h.emu.dmChannelWith(h.world.alice).id);
    expect(textOf(page)).toContain("Your images everywhere");
    expect(textOf(page)).toMatch(/in DMs\n`old-7` old prompt number 7/);
    expect(textOf(page)).toContain("in a server");
  });

  test("a member without jobs is told so", async () => {
    const page = await history(bob);
    expect(page.ephemeral).toBe(true);
    expect(textOf(page)).toMatch(/You have no images in this server/);
  });
});

describe("/show", () => {
  test("posts the requester's finished grid again in public, with buttons that work, pinging nobody", async () => {
    const { record } = await imagineGrid(h, { prompt: "a red fox in snow" });
    const handle = await slash("show", h.world.alice, { job: record.id });
    const shown = await handle.waitForResponse({ where: isGrid });
    expect(shown.ephemeral).toBe(false);
    expect(textOf(shown)).toContain("a red fox in snow");
    expect(textOf(shown)).toContain(`Shown again by <@${h.world.alice.id}>`);
    expect(h.emu.notifications(h.world.alice).map((n) => n.messageId)).not.toContain(shown.id);

    const u1 = await clickLabel(h, shown, "U1", h.world.alice);
    const single = await u1.waitForResponse({ where: (m) => m.embeds.length > 0 });
    expect(textOf(single)).toContain("a red fox in snow");
    h.emu.assertNoRejectedRequests();
  });

  test("by the job's ref, by a moderator of its server, and from the Show button of /history", async () => {
    const { record, handle: made } = await imagineGrid(h, { prompt: "a blue whale" });
    const byMod = await (
      await slash("show", h.world.mod, { job: made.id })
    ).waitForResponse({ where: isGrid });
    expect(textOf(byMod)).toContain("a blue whale");

    const page = await history(h.world.alice);
    const label = buttonsOf(page).find((b) => b.customId === `show:${record.id}`)?.label ?? "";
    const click = await clickLabel(h, page, label, h.world.alice);
    const shown = await click.waitForResponse({ where: isGrid });
    expect(shown.ephemeral).toBe(false);
    expect(textOf(shown)).toContain("a blue whale");
  });

  test.each([
    [
      "another member's job",
      () => bob,
      () => "old-3",
      /Only the person who asked for this image, or a moderator/,
    ],
    ["an unknown job", () => h.world.alice, () => "no-such-job", /No job `no-such-job` is known to the bot/],
    ["a failed job", () => h.world.alice, () => "old-2", /ended without an image \(❌ Failed\)/],
  ])("%s is refused privately with the reason", async (_what, user, job, says) => {
    const before = h.emu.messagesIn(h.world.general).length;
    const reply = await (
      await slash("show", user(), { job: job() })
    ).waitForResponse({
      where: (m) => textOf(m) !== "",
    });
    expect(reply.ephemeral).toBe(true);
    expect(textOf(reply)).toMatch(says);
    expect(h.emu.messagesIn(h.world.general).length).toBe(before);
  });

  test("while the image service is unavailable, /show answers privately and leaves nothing in the channel", async () => {
    const { record } = await imagineGrid(h, { prompt: "a green parrot" });
    // Count the channel once the job ended (its progress message removed), so only /show could change it.
    await waitForJobEnd(h, record.id);
    const before = h.emu.messagesIn(h.world.general).length;
    h.service.faults.queue.push(...Array<InjectedFault>(6).fill("502-html"));
    const handle = await slash("show", h.world.alice, { job: record.id });
    const note = await handle.waitForFollowUp();
    h.service.faults.queue.length = 0;
    expect(note.ephemeral).toBe(true);
    expect(textOf(note)).toMatch(/The image service is unavailable/);
    expect(h.emu.messagesIn(h.world.general).length).toBe(before);
    h.emu.assertNoRejectedRequests();
  });

  test("a job whose image the service no longer has is answered privately, and nothing stays in the channel", async () => {
    const before = h.emu.messagesIn(h.world.general).length;
    const handle = await slash("show", h.world.alice, { job: "old-4" });
    const note = await handle.waitForFollowUp();
    expect(note.ephemeral).toBe(true);
    expect(textOf(note)).toMatch(/no longer available from the image service.*cannot be shown again/);
    expect(h.emu.messagesIn(h.world.general).length).toBe(before);
    h.emu.assertNoRejectedRequests();
  });
});
