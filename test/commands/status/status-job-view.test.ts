import { describe, expect, test } from "vitest";
import type { Job, MessageLocation } from "../../../src/imagine/job.js";
import { EMBED_COLORS } from "../../../src/render/format.js";
import type { MessagePayload } from "../../../src/render/payload.js";
import { messageJumpLink } from "../../../src/render/message-link.js";
import { renderJobDetails } from "../../../commands/status/status-job-view.js";
import {
  CDN,
  completedRecord,
  expectWithinDiscordLimits,
  JOB_ID,
  makeRecord,
  visibleText,
} from "../../render/helpers.js";
import { CHANNEL_ID, GUILD_ID, jobNumber, MESSAGE_ID, NOW } from "../../render/status-fixtures.js";
import { english, translator } from "../../../src/i18n/translate.js";
import { WAIT_EXPIRED_ERROR } from "../../../src/render/image-errors.js";
import { readPrompt } from "../../../src/prompt/prompt.js";

const LINK = `https://discord.com/channels/${GUILD_ID}/${CHANNEL_ID}/${MESSAGE_ID}`;
const job = jobNumber(1, { imageId: JOB_ID, prompt: readPrompt("a *lighthouse* at dusk --ar 16:9") });

/** A completed job, delivered, and its record. */
const finished = {
  ...job,
  status: "completed",
  outcome: "completed" as const,
  finishedAt: NOW,
  delivered: true,
};
const finishedRecord = completedRecord({ ref: "800000000000000001", parent_id: null });

function fieldsOf(payload: MessagePayload): Record<string, string> {
  return Object.fromEntries((payload.embeds[0]?.fields ?? []).map((f) => [f.name, f.value]));
}

describe("renderJobDetails", () => {
  test("shows a completed job in full: status, images, times, ref and where its message is", () => {
    const payload = renderJobDetails(english, finished, finishedRecord, LINK);
    expectWithinDiscordLimits(payload);
    const [embed] = payload.embeds;
    expect(embed?.title).toBe(`🔎 Job ${JOB_ID}`);
    expect(embed?.color).toBe(EMBED_COLORS.completed);
    expect(embed?.description).toBe(
      "**Prompt**\na \\*lighthouse\\* at dusk --ar 16:9\n\n**Images**\n" +
        `[Grid](${CDN}/grid.png) · [U1](${CDN}/u1.png) · [U2](${CDN}/u2.png) · [U3](${CDN}/u3.png) · [U4](${CDN}/u4.png)`,
    );
    const created = Date.parse("2024-05-01T10:00:00.000Z") / 1000;
    expect(fieldsOf(payload)).toEqual({
      Status: "`completed`",
      Progress: "▰▰▰▰▰▰▰▰▰▰ 100%",
      "What the bot did": "✅ Completed, delivered",
      "Requested by": "<@100000000000000001>",
      Started: `<t:${(NOW - 60_000) / 1000}:R>`,
      Finished: `<t:${NOW / 1000}:R>`,
      Message: `[Jump to message](${LINK})\nin this server, from a command`,
      "Request id": "`800000000000000001`",
      "Created by the image service": `<t:${created}:f> (<t:${created}:R>)`,
    });
    expect(embed?.footer?.text).toBe(`Image ${JOB_ID}`);
    expect(payload.allowedMentions).toEqual({ parse: [], users: [], repliedUser: false });
  });

  test("explains a failed job's error and quotes the generator's text, escaped", () => {
    const failed = {
      ...job,
      status: "failed",
      outcome: "failed" as const,
      finishedAt: NOW,
      delivered: false,
    };
    const record = makeRecord({ status: "failed", error: "Midjourney message: Banned prompt `x` <@1>" });
    const payload = renderJobDetails(english, failed, record, null);
    expectWithinDiscordLimits(payload);
    expect(payload.embeds[0]?.color).toBe(EMBED_COLORS.failed);
    expect(fieldsOf(payload)).toMatchObject({
      Status: "`failed`",
      "What the bot did": "❌ Failed, not delivered",
      Message: "Not known yet\nin this server, from a command",
      Error: "The image generator's moderation refused this prompt.\n> Banned prompt \\`x\\` \\<@1\\>",
    });
    expect(payload.embeds[0]?.description).not.toContain("**Images**");
  });

  test("shows a pending job that is still in flight, without images or error", () => {
    const record = makeRecord({ status: "pending", date_created: "not a date" });
    const payload = renderJobDetails(english, { ...job, status: "pending", progress: null }, record, LINK);
    expectWithinDiscordLimits(payload);
    expect(payload.embeds[0]?.color).toBe(EMBED_COLORS.waiting);
    const fields = fieldsOf(payload);
    expect(fields).toMatchObject({
      Status: "`pending`",
      Progress: "▱▱▱▱▱▱▱▱▱▱ 0%",
      "What the bot did": "⏳ In flight",
      "Created by the image service": "`not a date`",
    });
    expect(fields).not.toHaveProperty("Error");
    expect(fields).not.toHaveProperty("Finished");
  });

  test("shows an in-progress record's preview and the job it upscales", () => {
    const record = makeRecord({
      status: "in-progress",
      progress: 55,
      url: `${CDN}/preview.png`,
      parent_id: "parent-1",
    });
    const payload = renderJobDetails(english, job, record, LINK);
    expect(payload.embeds[0]?.description).toContain(`**Images**\n[Preview](${CDN}/preview.png)`);
    expect(fieldsOf(payload)).toMatchObject({ Progress: "▰▰▰▰▰▱▱▱▱▱ 55%", "Upscale of": "`parent-1`" });
  });

  test("says which image of which grid an Enhance job enlarges, and by how much, even without its record", () => {
    const enhance: Job = { ...job, kind: { name: "upscale", parentId: "parent-1", index: 2, factor: "4x" } };
    const payload = renderJobDetails(english, enhance, null, LINK);
    expect(fieldsOf(payload)).toMatchObject({ "Upscale of": "U3 of `parent-1`, enhanced 4×" });
  });

  test("falls back to what the bot last saw when the record could not be loaded", () => {
    const timedOut = { ...job, outcome: "timed-out" as const, finishedAt: NOW, error: null };
    const payload = renderJobDetails(english, timedOut, null, LINK);
    expectWithinDiscordLimits(payload);
    expect(payload.embeds[0]?.color).toBe(EMBED_COLORS.timedOut);
    const fields = fieldsOf(payload);
    expect(fields.Status).toBe("`in-progress` (last seen; the record could not be loaded)");
    expect(fields.Progress).toBe("▰▰▰▰▱▱▱▱▱▱ 40%");
    expect(fields["What the bot did"]).toBe("⌛ Timed out (the bot stopped waiting), not delivered");
    expect(fields).not.toHaveProperty("Created by the image service");
  });

  test("a job that ended in the bot's line says it was never sent, with no progress bar and why it ended", () => {
    const ended = {
      ...job,
      imageId: "q-800000000000000001",
      phase: "waiting" as const,
      ref: "800000000000000001",
      status: "pending",
      progress: null,
      outcome: "timed-out" as const,
      finishedAt: NOW,
      error: WAIT_EXPIRED_ERROR,
    };
    const payload = renderJobDetails(english, ended, null, LINK);
    const fields = fieldsOf(payload);
    expect(fields.Status).toBe("⌛ Ended in the bot's line: never sent to an image server");
    expect(fields).not.toHaveProperty("Progress");
    expect(fields.Error).toBe(
      "This job waited in the bot's line for its whole time limit without a free image server: nothing was sent.",
    );
    expect(visibleText(payload)).not.toMatch(/could not be loaded|q-8/);
  });

  test("does not link URLs that would break a markdown link or are too long", () => {
    const record = completedRecord({
      url: "https://cdn.example.com/a (1).png",
      upscaled_urls: [`https://cdn.example.com/${"x".repeat(500)}.png`, "javascript:alert(1)"],
    });
    const text = renderJobDetails(english, job, record, "javascript:alert(1)").embeds[0]?.description ?? "";
    expect(text).toContain("Grid: `https://cdn.example.com/a (1).png` (not a usable link)");
    expect(text).toContain("U1: `https://cdn.example.com/xxxxx");
    expect(text).toContain("U2: `javascript:alert(1)` (not a usable link)");
    expect(visibleText(renderJobDetails(english, job, record, "javascript:alert(1)"))).toContain(
      "Not known yet",
    );
  });

  test("fits Discord's limits with very long prompts, errors, ids and URLs", () => {
    const long = "**x** <@1> `y` ".repeat(1000);
    const huge = {
      ...job,
      prompt: readPrompt(long),
      imageId: "i".repeat(5000),
      ref: "r".repeat(5000),
      status: "s".repeat(5000),
    };
    const record = completedRecord({
      id: "i".repeat(5000),
      error: long,
      url: `${CDN}/${"g".repeat(360)}`,
      upscaled_urls: Array.from({ length: 20 }, (_, i) => `${CDN}/${String(i % 10).repeat(360)}`),
      parent_id: "p".repeat(5000),
      date_created: "d".repeat(5000),
    });
    const payload = renderJobDetails(english, huge, record, LINK);
    expectWithinDiscordLimits(payload);
    expect(visibleText(payload)).not.toContain("<@1>");
    expect(payload.embeds[0]?.description).toMatch(/\[U4\]\(\S+\) · and 16 more$/);
  });
});

describe("messageJumpLink", () => {
  const at = (overrides: Partial<MessageLocation>) => ({
    guildId: GUILD_ID,
    channelId: CHANNEL_ID,
    messageId: MESSAGE_ID as string | null,
    ...overrides,
  });

  test.each<[string, Partial<MessageLocation>, string | null]>([
    ["a server message", {}, LINK],
    ["a DM", { guildId: null }, `https://discord.com/channels/@me/${CHANNEL_ID}/${MESSAGE_ID}`],
    ["a message not sent yet", { messageId: null }, null],
    ["a channel id that is not a Discord id", { channelId: "../../x" }, null],
    ["a guild id that is not a Discord id", { guildId: "abc" }, null],
    ["a message id that is not a Discord id", { messageId: "1?x=2" }, null],
  ])("links to %s", (_name, overrides, expected) => {
    expect(messageJumpLink(at(overrides))).toBe(expected);
  });

  test("speaks the moderator's language; ids, links, times and Discord markup stay as they are", () => {
    const payload = renderJobDetails(translator("de"), finished, finishedRecord, LINK);
    expectWithinDiscordLimits(payload);
    const [embed] = payload.embeds;
    expect(embed?.title).toBe(`🔎 Auftrag ${JOB_ID}`);
    expect(embed?.description).toContain(`**Bilder**\n[Raster](${CDN}/grid.png) · [U1](${CDN}/u1.png)`);
    expect(fieldsOf(payload)).toMatchObject({
      Status: "`completed`",
      "Was der Bot getan hat": "✅ Fertig, zugestellt",
      Nachricht: `[Zur Nachricht springen](${LINK})\nin diesem Server, aus einem Befehl`,
      "Anfrage-ID": "`800000000000000001`",
    });
    expect(embed?.footer?.text).toBe(`Bild ${JOB_ID}`);
  });
});
