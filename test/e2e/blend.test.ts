/**
 * /blend end to end: 2-5 attached images go to the image service as one prompt, their links first in the
 * order given, then the words and the aspect ratio; the job is shown like any /imagine job. A blend the
 * bot cannot send is refused with an ephemeral reply saying why, and nothing reaches the service.
 */
import { Routes } from "discord.js";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, onTestFinished, test } from "vitest";
import blend from "../../commands/imagine/blend.js";
import { commandBody } from "../../src/discord/command.js";
import type { AttachmentInput } from "../../tools/discord-emulator/world/slash-options.js";
import type { InteractionHandle } from "../../tools/discord-emulator/world/interaction-handle.js";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { buttonsOf, textOf } from "../support/message-view.js";
import { isGrid, recordFor, waitForResult } from "./imagine-steps.js";

async function png(name: string, r: number): Promise<AttachmentInput> {
  const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r, g: 80, b: 40 } } })
    .png()
    .toBuffer();
  return { filename: name, bytes, contentType: "image/png" };
}

/** The URLs Discord gave the attachment options, by option name. */
function attachmentUrls(handle: InteractionHandle): Record<string, string> {
  const data = handle.payload.data as {
    options?: { name: string; value?: string }[];
    resolved?: { attachments?: Record<string, { url: string }> };
  };
  const urls: Record<string, string> = {};
  for (const option of data.options ?? []) {
    const url = data.resolved?.attachments?.[String(option.value)]?.url;
    if (url) urls[option.name] = url;
  }
  return urls;
}

let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness({ env: { USER_MAX_ACTIVE_JOBS: "10", USER_COOLDOWN_MS: "0" } });
});
afterAll(async () => {
  await h?.stop();
});

describe("/blend", () => {
  test("sends the images' links in the order given, then the words and the aspect, and shows the job like /imagine", async () => {
    const [first, second, third] = [
      await png("first.png", 10),
      await png("second.png", 90),
      await png("third.png", 200),
    ];
    const handle = await h.emu.sendSlashCommand({
      name: "blend",
      options: { image1: first, image2: second, image3: third, prompt: "as one mosaic", aspect: "16:9" },
      user: h.world.alice,
      channelId: h.world.general.id,
    });
    const waiting = await handle.waitForResponse({ where: (m) => /waiting in line/i.test(textOf(m)) });
    expect(waiting.ephemeral).toBe(false);

    const urls = attachmentUrls(handle);
    expect(Object.keys(urls)).toEqual(["image1", "image2", "image3"]);
    const record = recordFor(h, handle.id);
    expect(record?.prompt).toBe(
      `${urls["image1"]} ${urls["image2"]} ${urls["image3"]} as one mosaic --ar 16:9`,
    );
    expect(record?.prompt?.indexOf("first.png")).toBeLessThan(record?.prompt?.indexOf("second.png") ?? -1);

    h.service.completeNow(record?.id ?? "");
    // Like /imagine: the finished grid is a new message in the channel, mentioning the requester.
    const grid = await waitForResult(h, record?.id ?? "", isGrid);
    expect(grid.channel_id).toBe(h.world.general.id);
    expect(textOf(grid)).toContain("as one mosaic");
    expect(textOf(grid)).toContain(`<@${h.world.alice.id}>`);
    h.emu.assertNoRejectedRequests();
  });

  test("is registered for servers, DMs and group DMs with image1 and image2 required, so Discord asks for both", async () => {
    const command = h.emu.registeredCommands(h.world.guild.id).find((c) => c.name === "blend");
    expect(command?.contexts).toEqual([0, 1, 2]);
    const required = (command?.options ?? []).filter((o) => "required" in o && o.required).map((o) => o.name);
    expect(required).toEqual(["image1", "image2"]);
    await expect(
      h.emu.sendSlashCommand({
        name: "blend",
        options: { image1: await png("only.png", 10) },
        user: h.world.alice,
        channelId: h.world.general.id,
      }),
    ).rejects.toThrow(/required option "image2" is missing/);
  });

  test("a non-image among the images is refused privately, naming the file and why, and nothing is sent", async () => {
    const before = h.service.records().length;
    const handle = await h.emu.sendSlashCommand({
      name: "blend",
      options: {
        image1: await png("ok.png", 10),
        image2: { filename: "notes.txt", bytes: "just some words", contentType: "text/plain" },
      },
      user: h.world.alice,
      channelId: h.world.general.id,
    });
    const reply = await handle.waitForResponse();
    expect(reply.ephemeral).toBe(true);
    expect(textOf(reply)).toMatch(
      /`notes\.txt` \(`text\/plain`\) cannot be used as an image prompt: attach a PNG, JPEG, WebP or GIF image/,
    );
    expect(h.service.records()).toHaveLength(before);
    h.emu.assertNoRejectedRequests();
  });

  test("with an older registration where image2 was optional, one image is refused privately with the reason", async () => {
    const body = commandBody(blend, h.config);
    const options = (body.options ?? []).map((o) => (o.name === "image2" ? { ...o, required: false } : o));
    await h.bot.client.rest.put(Routes.applicationGuildCommands(h.emu.applicationId, h.world.guild.id), {
      body: [{ ...body, options }],
    });
    const before = h.service.records().length;
    const handle = await h.emu.sendSlashCommand({
      name: "blend",
      options: { image1: await png("alone.png", 10), prompt: "a blend of one" },
      user: h.world.alice,
      channelId: h.world.general.id,
    });
    const reply = await handle.waitForResponse();
    expect(reply.ephemeral).toBe(true);
    expect(textOf(reply)).toMatch(/A blend takes 2 to 5 images; you attached 1\./);
    expect(h.service.records()).toHaveLength(before);
    h.emu.assertNoRejectedRequests();
  });
});

describe("/blend when the service is paused", () => {
  test("while the service reports itself paused, a blend is refused privately like /imagine, with a Try again", async () => {
    const h = await startBotHarness();
    onTestFinished(() => h.stop());
    h.service.setHealth("paused", "Midjourney is down for maintenance");
    const handle = await h.emu.sendSlashCommand({
      name: "blend",
      options: { image1: await png("a.png", 10), image2: await png("b.png", 90) },
      user: h.world.alice,
      channelId: h.world.general.id,
    });
    const reply = await handle.waitForResponse();
    expect(reply.ephemeral).toBe(true);
    expect(textOf(reply)).toMatch(/reports that it is \*\*paused\*\* \(Midjourney is down for maintenance\)/);
    expect(textOf(reply)).toMatch(/\/attachments\/.+\/a\.png\?ex=\S+ .+\/b\.png\?ex=/);
    expect(buttonsOf(reply).map((b) => b.label)).toEqual(["Try again"]);
    expect(h.service.records()).toEqual([]);
  });
});
