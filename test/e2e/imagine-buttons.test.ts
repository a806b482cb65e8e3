import { ButtonStyle } from "discord.js";
import sharp from "sharp";
import { afterEach, describe, expect, test } from "vitest";
import { MemoryJobStore } from "../support/memory-job-store.js";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { buttonsOf, textOf } from "../support/message-view.js";
import {
  clickLabel,
  imagineGrid,
  isGrid,
  recordFor,
  startImagine,
  waitForJobEnd,
  waitForResult,
  waitForUpscale,
} from "./imagine-steps.js";

let h: BotHarness;
afterEach(async () => {
  await h?.stop();
});

const PROMPT = "a red fox in the snow";

describe("/imagine grid buttons end to end", () => {
  test.each([1, 2, 3, 4])(
    "clicking U%i posts that single image as a reply to the grid, mentioning the clicker",
    async (n) => {
      h = await startBotHarness();
      const { emu, world } = h;
      const { grid, record } = await imagineGrid(h, { prompt: PROMPT });
      await clickLabel(h, grid, `U${n}`, world.alice);
      const single = await waitForUpscale(h, record.id, n - 1);

      expect(single.ephemeral).toBe(false);
      expect(single.id).not.toBe(grid.id);
      expect(single.message_reference).toMatchObject({ message_id: grid.id });
      expect(single.content).toContain(`<@${world.alice.id}>`);
      expect(emu.notifiedBy(single.id).map((n) => n.userId)).toEqual([world.alice.id]);
      expect(textOf(single)).toContain(`U${n}`);
      expect(single.attachments.map((a) => a.filename)).toEqual([`u${n}.png`]);
      expect(single.embeds[0]?.image?.url).toMatch(new RegExp(`/u${n}\\.png\\?ex=`));
      const served = await fetch(h.service.record(record.id)!.upscaled_urls![n - 1]!);
      expect(Buffer.compare(single.attachments[0]!.bytes, Buffer.from(await served.arrayBuffer()))).toBe(0);
      const meta = await sharp(single.attachments[0]!.bytes).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
        format: "png",
        width: 512,
        height: 512,
      });
      emu.assertNoRejectedRequests();
    },
  );

  test("U1 and U2 of one grid are different images, each mentioning whoever clicked", async () => {
    h = await startBotHarness();
    const { emu, world } = h;
    const { grid, record } = await imagineGrid(h, { prompt: PROMPT });
    const clickAs = async (label: string, user: typeof world.alice) => {
      await clickLabel(h, grid, label, user);
      return waitForUpscale(h, record.id, Number(label.slice(1)) - 1);
    };
    const u1 = await clickAs("U1", world.alice);
    const u2 = await clickAs("U2", world.mod);
    expect(Buffer.compare(u1.attachments[0]!.bytes, u2.attachments[0]!.bytes)).not.toBe(0);
    expect(u2.content).toContain(`<@${world.mod.id}>`);
    expect(u2.content).not.toContain(`<@${world.alice.id}>`);
    emu.assertNoRejectedRequests();
  });

  test("a double click on U1 posts the image once; the second click is told it is on its way", async () => {
    h = await startBotHarness();
    const { emu, world } = h;
    const { grid, record } = await imagineGrid(h, { prompt: PROMPT });
    await clickLabel(h, grid, "U1", world.alice);
    const second = await clickLabel(h, grid, "U1", world.alice);
    const [image, note] = await Promise.all([waitForUpscale(h, record.id, 0), second.waitForResponse()]);
    expect(image.attachments.map((a) => a.filename)).toEqual(["u1.png"]);
    expect(note.ephemeral).toBe(true);
    expect(textOf(note)).toMatch(/already on its way/i);
    emu.assertNoRejectedRequests();
  });

  test("when the image service fails a U1 click, clicking U1 again right away posts the image", async () => {
    h = await startBotHarness();
    const { emu, world, service } = h;
    const { grid, record } = await imagineGrid(h, { prompt: PROMPT });
    service.faults.match = /^GET \/items\/images\//;
    service.faults.queue.push("quota");
    const failed = await clickLabel(h, grid, "U1", world.alice);
    const apology = await failed.waitForFollowUp();
    expect(apology.ephemeral).toBe(true);
    expect(apology.attachments).toEqual([]);
    expect(service.faults.queue).toEqual([]);
    expect(emu.message(grid.id)).toMatchObject({ deleted: false, embeds: grid.embeds });

    await clickLabel(h, grid, "U1", world.alice);
    const image = await waitForUpscale(h, record.id, 0);
    expect(image.attachments.map((a) => a.filename)).toEqual(["u1.png"]);
    emu.assertNoRejectedRequests();
  });

  test("🔄 by the requester runs the same prompt again as a new job with its own message", async () => {
    h = await startBotHarness({ service: { lifecycle: { steps: 2 } } });
    const { emu, world, service } = h;
    const { grid, record } = await imagineGrid(h, { prompt: PROMPT });
    const click = await clickLabel(h, grid, "🔄", world.alice);
    await click.waitForResponse({ where: (m) => /waiting in line/i.test(textOf(m)) });
    const again = recordFor(h, click.id);
    expect(again).toBeDefined();
    expect(again!.id).not.toBe(record.id);
    expect(again!.prompt).toBe(record.prompt);

    service.advance();
    await click.waitForResponse({ where: (m) => /Generating/.test(textOf(m)) });
    service.advance(2);
    const second = await waitForResult(h, again!.id, isGrid);
    expect(second.id).not.toBe(grid.id);
    expect(textOf(second)).toContain(again!.id);
    expect(textOf(emu.message(grid.id))).toContain(record.id);
    emu.assertNoRejectedRequests();
  });

  test("🔄 by another member is refused with a note only they see, and starts nothing", async () => {
    h = await startBotHarness();
    const { emu, world, service } = h;
    const bob = emu.addUser({ username: "bob" });
    emu.addMember({ guildId: world.guild.id, user: bob });
    const { grid } = await imagineGrid(h, { prompt: PROMPT });
    const click = await clickLabel(h, grid, "🔄", bob);
    const refusal = await click.waitForResponse();
    expect(refusal.ephemeral).toBe(true);
    expect(textOf(refusal)).toMatch(/only the person who asked/i);
    expect(service.records()).toHaveLength(1);
    emu.assertNoRejectedRequests();
  });

  test("🔄 by a moderator on someone else's grid starts a new job", async () => {
    h = await startBotHarness();
    const { emu, world } = h;
    const { grid, record } = await imagineGrid(h, { prompt: PROMPT });
    const click = await clickLabel(h, grid, "🔄", world.mod);
    const waiting = await click.waitForResponse({ where: (m) => /waiting in line/i.test(textOf(m)) });
    expect(waiting.ephemeral).toBe(false);
    expect(recordFor(h, click.id)?.prompt).toBe(record.prompt);
    emu.assertNoRejectedRequests();
  });

  test("a double click on 🔄 starts exactly one new job; the second click is told so", async () => {
    h = await startBotHarness();
    const { emu, world, service } = h;
    const { grid } = await imagineGrid(h, { prompt: PROMPT });
    const first = await clickLabel(h, grid, "🔄", world.alice);
    const second = await clickLabel(h, grid, "🔄", world.alice);
    const answers = await Promise.all([first.waitForResponse(), second.waitForResponse()]);
    await emu.waitFor(() => service.records().length >= 2, { description: "the reroll's record" });

    expect(service.records()).toHaveLength(2);
    const refused = answers.filter((m) => m.ephemeral);
    expect(refused).toHaveLength(1);
    expect(textOf(refused[0])).toMatch(/just started/i);
    emu.assertNoRejectedRequests();
  });

  test("🔄 refused at the limit starts nothing and may be clicked again at once, once the limit allows", async () => {
    h = await startBotHarness({ env: { USER_MAX_ACTIVE_JOBS: "1", USER_COOLDOWN_MS: "0" } });
    const { emu, world, service } = h;
    const { grid } = await imagineGrid(h, { prompt: PROMPT });
    const running = await startImagine(h, { prompt: "a blue whale" });
    const refused = await (await clickLabel(h, grid, "🔄", world.alice)).waitForResponse();
    expect(refused.ephemeral).toBe(true);
    expect(textOf(refused)).toMatch(/You already have 1 image being generated/);

    service.completeNow(running.record.id);
    await waitForResult(h, running.record.id, isGrid);
    await waitForJobEnd(h, running.record.id);
    const again = await (await clickLabel(h, grid, "🔄", world.alice)).waitForResponse();
    expect(textOf(again)).toMatch(/waiting in line/i);
    expect(service.records().filter((r) => r.prompt === PROMPT)).toHaveLength(2);
    emu.assertNoRejectedRequests();
  });

  test.each([
    { store: "the same job store", fresh: false },
    { store: "an empty job store", fresh: true },
  ])("U2 and 🔄 still work after the bot restarts with $store", async ({ fresh }) => {
    h = await startBotHarness();
    const { emu, world } = h;
    const { grid, record } = await imagineGrid(h, { prompt: PROMPT });
    await h.restart(fresh ? { store: new MemoryJobStore() } : {});

    await clickLabel(h, grid, "U2", world.alice);
    const single = await waitForUpscale(h, record.id, 1);
    expect(single.attachments.map((a) => a.filename)).toEqual(["u2.png"]);

    const reroll = await clickLabel(h, grid, "🔄", world.alice);
    const waiting = await reroll.waitForResponse({ where: (m) => /waiting in line/i.test(textOf(m)) });
    expect(waiting.ephemeral).toBe(false);
    expect(recordFor(h, reroll.id)?.prompt).toBe(record.prompt);
    emu.assertNoRejectedRequests();
  });

  test.each([
    { when: "right away", restart: false },
    { when: "after the bot restarts", restart: true },
  ])(
    "U1 clicked again $when posts nothing again: the button is blue and the click gets a link",
    async ({ restart }) => {
      h = await startBotHarness();
      const { emu, world } = h;
      const { grid, record } = await imagineGrid(h, { prompt: PROMPT });
      await clickLabel(h, grid, "U1", world.alice);
      const single = await waitForUpscale(h, record.id, 0);
      const u1 = () => buttonsOf(emu.message(grid.id)!).find((b) => b.label === "U1");
      await emu.waitFor(() => u1()?.style === ButtonStyle.Primary, { description: "U1 turned primary" });
      expect(buttonsOf(emu.message(grid.id)!).filter((b) => b.style === ButtonStyle.Primary)).toHaveLength(1);
      if (restart) await h.restart();

      const again = await clickLabel(h, emu.message(grid.id)!, "U1", world.mod);
      const link = await again.waitForResponse();
      expect(link.ephemeral).toBe(true);
      expect(textOf(link)).toContain(
        `https://discord.com/channels/${world.guild.id}/${world.general.id}/${single.id}`,
      );
      expect(emu.messagesWithNonce(single.nonce!)).toHaveLength(1);
      expect(
        emu.messagesIn(world.general).filter((m) => m.message_reference?.message_id === grid.id),
      ).toHaveLength(1);
      expect(emu.notifications(world.mod)).toEqual([]);
      emu.assertNoRejectedRequests();
    },
  );
});
