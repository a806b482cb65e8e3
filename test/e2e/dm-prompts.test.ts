import { GatewayIntentBits } from "discord.js";
import { afterEach, describe, expect, test } from "vitest";
import type { MessageSnapshot } from "../../tools/discord-emulator/world/message-objects.js";
import type { EmulatedUser } from "../../tools/discord-emulator/world/world-types.js";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { buttonsOf, textOf } from "../support/message-view.js";
import type { InjectedFault } from "../../tools/reference-service/index.js";
import {
  buttonId,
  clickLabel,
  isGrid,
  waitForResult,
  waitForUpscale,
  GRID_BUTTON_LABELS,
} from "./imagine-steps.js";

let h: BotHarness;
afterEach(async () => {
  await h?.stop();
});

/** The bot's messages in its DM channel with `user`, oldest first. */
function botDms(user: EmulatedUser): MessageSnapshot[] {
  return h.emu.messagesIn(h.emu.dmChannelWith(user)).filter((m) => m.author.id === h.emu.botUser.id);
}

/** Waits for the bot's first DM to `user` matching `where`. */
function waitForBotDm(user: EmulatedUser, where: (m: MessageSnapshot) => boolean = () => true) {
  return h.emu.waitFor(() => botDms(user).find(where), {
    description: `a DM from the bot to ${user.username}`,
  });
}

/** A tiny PNG as a user would attach it (only its URL reaches the service). */
const PNG_BYTES = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d49444154789c6360f8cfc0f01f0005fe02fedc6c8e6b0000000049454e44ae426082",
  "hex",
);

describe("DM prompts", () => {
  test("a DM typed as the command (`/imagine prompt: …`) sends only the prompt to Midjourney", async () => {
    h = await startBotHarness();
    const { emu, world, service } = h;
    await emu.sendDirectMessage({ user: world.alice, content: "/imagine prompt: a red car" });
    await emu.waitFor(() => service.records().length === 1);
    expect(service.records()[0]?.prompt).toBe("a red car");
    emu.assertNoRejectedRequests();
  });

  test("a DM becomes a job: the bot's answer is edited with progress, then replaced by the grid, which notifies the requester", async () => {
    h = await startBotHarness({ service: { lifecycle: { steps: 4 } } });
    const { emu, world, service } = h;
    const sent = await emu.sendDirectMessage({
      user: world.alice,
      content: "a red fox in fresh snow --ar 3:2",
    });
    const answer = await waitForBotDm(world.alice);
    expect(answer.message_reference?.message_id).toBe(sent.id);
    await emu.waitFor(() => service.records().length === 1);
    const record = service.records()[0]!;
    expect(record.ref).toBe(sent.id);
    expect(record.prompt).toBe("a red fox in fresh snow --ar 3:2");

    await emu.waitFor(() => /waiting in line/i.test(textOf(emu.message(answer.id))));
    service.advance(2);
    await emu.waitFor(() => /25%/.test(textOf(emu.message(answer.id))));
    service.advance(4);
    const final = await waitForResult(h, record.id, isGrid);
    await emu.waitFor(() => emu.message(answer.id)?.deleted, { description: "the progress DM deleted" });
    expect(final.channel_id).toBe(answer.channel_id);
    expect(buttonsOf(final).map((b) => b.label)).toEqual(GRID_BUTTON_LABELS);
    expect(final.attachments.map((a) => a.filename)).toEqual(["grid.png"]);
    expect(textOf(final)).toContain(record.id);
    const seen = emu.messageHistory(answer.id).map(textOf);
    expect(seen.some((text) => /generating/i.test(text))).toBe(true);
    expect(botDms(world.alice).map((m) => m.id)).toEqual([final.id]);
    expect(emu.notifications(world.alice).map((n) => n.messageId)).toEqual([final.id]);
    emu.assertNoRejectedRequests();
  });

  test("U1 and 🔄 under a grid in DMs post the single image and start the prompt again", async () => {
    h = await startBotHarness();
    const { emu, world, service } = h;
    await emu.sendDirectMessage({ user: world.alice, content: "a tin robot reading" });
    const answer = await waitForBotDm(world.alice);
    await emu.waitFor(() => service.records().length === 1);
    const jobId = service.records()[0]!.id;
    service.completeNow(jobId);
    const grid = await waitForResult(h, jobId, isGrid);
    expect(emu.message(answer.id)?.channel_id).toBe(grid.channel_id);

    await emu.clickButton({
      message: grid,
      customId: buttonId(grid, "U1"),
      user: world.alice,
    });
    const single = await waitForUpscale(h, jobId, 0);
    expect(single.attachments.map((a) => a.filename)).toEqual(["u1.png"]);

    const reroll = await emu.clickButton({
      message: grid,
      customId: buttonId(grid, "🔄"),
      user: world.alice,
    });
    await reroll.waitForResponse({ where: (m) => /waiting in line/i.test(textOf(m)) });
    expect(service.records().map((r) => r.prompt)).toEqual(["a tin robot reading", "a tin robot reading"]);
    emu.assertNoRejectedRequests();
  });

  test("a DM prompt that fails ends with the service's error in a new message that notifies the requester", async () => {
    h = await startBotHarness({
      service: {
        lifecycle: { failPattern: /doomed/, failError: "Midjourney message: Invalid parameter --zz" },
      },
    });
    const { emu, world, service } = h;
    await emu.sendDirectMessage({ user: world.outsider, content: "a doomed ship" });
    const answer = await waitForBotDm(world.outsider);
    await emu.waitFor(() => service.records().length === 1);
    service.advance(2);
    const failed = await waitForResult(h, service.records()[0]!.id, (m) =>
      /Invalid parameter --zz/.test(textOf(m)),
    );
    await emu.waitFor(() => emu.message(answer.id)?.deleted, { description: "the progress DM deleted" });
    expect(textOf(failed)).toMatch(/could not be made/i);
    expect(buttonsOf(failed).map((b) => b.label)).not.toContain("U1");
    expect(botDms(world.outsider).map((m) => m.id)).toEqual([failed.id]);
    expect(emu.notifications(world.outsider).map((n) => n.messageId)).toEqual([failed.id]);
    emu.assertNoRejectedRequests();
  });

  test("when the service refuses to create the image, the bot's answer says why and holds no place", async () => {
    h = await startBotHarness({ env: { USER_MAX_ACTIVE_JOBS: "1", USER_COOLDOWN_MS: "600000" } });
    const { emu, world, service } = h;
    service.faults.match = /^POST \/items\/images$/;
    service.faults.queue.push("quota");
    await emu.sendDirectMessage({ user: world.alice, content: "a marble statue" });
    const answer = await waitForBotDm(world.alice);
    await emu.waitFor(() => /image quota is used up/.test(textOf(emu.message(answer.id))));

    await emu.sendDirectMessage({ user: world.alice, content: "a marble statue" });
    await emu.waitFor(() => service.records().length === 1);
    emu.assertNoRejectedRequests();
  });

  test("an image attached to a DM becomes the image prompt: the prompt starts with its URL", async () => {
    h = await startBotHarness();
    const { emu, world, service } = h;
    const sent = await emu.sendDirectMessage({
      user: world.alice,
      content: "the same cat, but in watercolour",
      attachments: [{ filename: "cat.png", bytes: PNG_BYTES, contentType: "image/png" }],
    });
    await waitForBotDm(world.alice);
    await emu.waitFor(() => service.records().length === 1);
    const url = sent.attachments[0]!.url;
    expect(service.records()[0]!.prompt).toBe(`${url} the same cat, but in watercolour`);
  });

  test("the bot identifies with Guilds and DirectMessages only, no privileged intent", async () => {
    h = await startBotHarness();
    expect(h.emu.gateway.lastIntents).toBe(GatewayIntentBits.Guilds | GatewayIntentBits.DirectMessages);
  });

  test("a DM with a file that is not an image is answered with what to attach, and nothing is created", async () => {
    h = await startBotHarness();
    const { emu, world, service } = h;
    await emu.sendDirectMessage({
      user: world.alice,
      content: "draw this",
      attachments: [{ filename: "notes.txt", bytes: Buffer.from("hello"), contentType: "text/plain" }],
    });
    const answer = await waitForBotDm(world.alice);
    expect(textOf(answer)).toMatch(/PNG, JPEG, WebP or GIF/);
    expect(service.records()).toHaveLength(0);
  });

  test("DM prompts count towards the per-user limit like /imagine", async () => {
    h = await startBotHarness({ env: { USER_MAX_ACTIVE_JOBS: "1" } });
    const { emu, world, service } = h;
    await emu.sendDirectMessage({ user: world.alice, content: "a slow tide" });
    await emu.waitFor(() => service.records().length === 1);
    await emu.sendDirectMessage({ user: world.alice, content: "a fast tide" });
    const refusal = await waitForBotDm(world.alice, (m) => /already have 1 image/.test(textOf(m)));
    expect(buttonsOf(refusal).map((b) => b.label)).toEqual(["Try again"]);
    expect(service.records()).toHaveLength(1);
  });

  test("a DM prompt refused while the service is down is answered with the prompt and Try again, which runs it once the service is back", async () => {
    h = await startBotHarness();
    const { emu, world, service } = h;
    service.faults.queue.push(...Array<InjectedFault>(6).fill("502-html"));
    const sent = await emu.sendDirectMessage({ user: world.alice, content: "a paper boat --ar 3:2" });
    const refusal = await waitForBotDm(world.alice, (m) => /unavailable/i.test(textOf(m)));
    expect(refusal.message_reference?.message_id).toBe(sent.id);
    expect(textOf(refusal)).toContain("a paper boat --ar 3:2");
    expect(buttonsOf(refusal).map((b) => b.label)).toEqual(["Try again"]);
    expect(service.records()).toHaveLength(0);

    service.faults.queue.length = 0;
    const retry = await clickLabel(h, refusal, "Try again", world.alice);
    const waiting = await retry.waitForResponse({ where: (m) => /waiting in line/i.test(textOf(m)) });
    expect(waiting.channel_id).toBe(refusal.channel_id);
    expect(service.records().map((r) => r.prompt)).toEqual(["a paper boat --ar 3:2"]);
    emu.assertNoRejectedRequests();
  });

  test.each([
    ["help", "help"],
    ["a lone attachment-free question mark", "?"],
  ])(
    "%s gets the usage text, without the server's commands, and nothing is sent to the service",
    async (_name, content) => {
      h = await startBotHarness();
      const { emu, world, service } = h;
      await emu.sendDirectMessage({ user: world.alice, content });
      const answer = await waitForBotDm(world.alice);
      expect(textOf(answer)).toMatch(/send me a prompt/i);
      // The harness registers the commands in its server (DISCORD_GUILD_ID): a DM offers none of them.
      expect(textOf(answer)).not.toContain("`/imagine prompt:`");
      expect(service.records()).toHaveLength(0);
      emu.assertNoRejectedRequests();
    },
  );

  test.each([
    ["only whitespace", "   "],
    ["only zero-width and filler characters", "\u200b\u200c \u2060\u3164\u2800\u00ad"],
  ])("a message with %s gets the usage text", async (_what, content) => {
    h = await startBotHarness();
    const { emu, world, service } = h;
    await emu.sendDirectMessage({ user: world.alice, content });
    const answer = await waitForBotDm(world.alice);
    expect(textOf(answer)).toMatch(/send me a prompt/i);
    expect(service.records()).toHaveLength(0);
  });

  test("a DM from another bot is ignored; the bot answers the next person as usual", async () => {
    h = await startBotHarness();
    const { emu, world, service } = h;
    const otherBot = emu.addUser({ username: "otherbot", appInstalled: true });
    otherBot.bot = true;
    await emu.sendDirectMessage({ user: otherBot, content: "a castle in the clouds" });
    // Gateway events reach the bot in order: once alice is answered, the other bot's DM was seen.
    await emu.sendDirectMessage({ user: world.alice, content: "help" });
    await waitForBotDm(world.alice);
    expect(botDms(otherBot)).toHaveLength(0);
    expect(service.records()).toHaveLength(0);
  });

  test("the bot's own DMs never start a job: one prompt gets exactly one answer", async () => {
    h = await startBotHarness();
    const { emu, world, service } = h;
    await emu.sendDirectMessage({ user: world.alice, content: "a quiet harbour" });
    const answer = await waitForBotDm(world.alice);
    await emu.waitFor(() => service.records().length === 1);
    service.advance(12);
    await waitForResult(h, service.records()[0]!.id, isGrid);
    await emu.waitFor(() => emu.message(answer.id)?.deleted, { description: "the progress DM deleted" });
    await emu.sendDirectMessage({ user: world.alice, content: "help" });
    await waitForBotDm(world.alice, (m) => /send me a prompt/i.test(textOf(m)));
    // The grid and the help answer: the bot's own messages started nothing.
    expect(botDms(world.alice)).toHaveLength(2);
    expect(service.records()).toHaveLength(1);
  });

  test("DMs closed right after sending: logged, the job still completes, the bot keeps working", async () => {
    h = await startBotHarness();
    const { emu, world, service } = h;
    await emu.sendDirectMessage({ user: world.alice, content: "a lantern in the fog" });
    emu.blockDms(world.alice);
    await emu.waitFor(() => service.records().length === 1);
    // The job must be followed before "no active jobs" can mean it ended.
    await emu.waitFor(() => h.bot.context.imagine.activeJobs().length === 1);
    expect(h.logs.text()).toContain("does not accept DMs");
    service.advance(12);
    await emu.waitFor(() => h.bot.context.imagine.activeJobs().length === 0);
    const stored = await h.bot.context.store.get(service.records()[0]!.id);
    // Discord refused every route for good, so the job is settled instead of retried at every start.
    expect(stored).toMatchObject({ outcome: "completed", delivered: true });
    expect(h.logs.text()).toContain("could not be delivered anywhere");
    expect(botDms(world.alice)).toHaveLength(0);

    await emu.sendDirectMessage({ user: world.mod, content: "help" });
    await waitForBotDm(world.mod);
    expect(emu.rejectedRequests({ ignoreCodes: [50007] })).toEqual([]);
  });

  test("DMs closed after the bot answered: the job completes and nothing crashes", async () => {
    h = await startBotHarness();
    const { emu, world, service } = h;
    await emu.sendDirectMessage({ user: world.alice, content: "a lantern in the fog" });
    const answer = await waitForBotDm(world.alice);
    await emu.waitFor(() => service.records().length === 1);
    await emu.waitFor(() => h.bot.context.imagine.activeJobs().length === 1);
    emu.blockDms(world.alice);
    service.advance(12);
    await emu.waitFor(() => service.records()[0]!.status === "completed");
    await emu.waitFor(() => h.bot.context.imagine.activeJobs().length === 0);
    const stored = await h.bot.context.store.get(service.records()[0]!.id);
    expect(stored?.outcome).toBe("completed");
    expect(botDms(world.alice).map((m) => m.id)).toEqual([answer.id]);
    expect(emu.rejectedRequests({ ignoreCodes: [50007] })).toEqual([]);
  });
});
