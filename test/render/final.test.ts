import { describe, expect, test } from "vitest";
import { gridButtonCodec } from "../../src/custom-ids/grid-button-id.js";
import {
  renderCompleted,
  renderResultPointer,
  renderUpscale,
  upscaleSourceUrl,
} from "../../src/render/final.js";
import { EMBED_COLORS } from "../../src/render/format.js";
import type { RenderContext } from "../../src/render/message-parts.js";
import {
  CDN,
  completedRecord,
  expectWithinDiscordLimits,
  JOB_ID,
  REQUESTER_ID,
  visibleText,
} from "./helpers.js";
import { english } from "../../src/i18n/translate.js";
import { readPrompt } from "../../src/prompt/prompt.js";

const ctx: RenderContext = {
  requesterId: REQUESTER_ID,
  prompt: readPrompt("a lighthouse at dusk --ar 16:9"),
  jobId: JOB_ID,
  startedAt: 1_714_557_600_000,
  imageUrl: "attachment://grid.png",
};

function buttonsOf(payload: ReturnType<typeof renderCompleted>) {
  return payload.components.flatMap((row) => row.components);
}

describe("upscaleSourceUrl", () => {
  test.each([0, 1, 2, 3])("picks upscaled_urls[%i], not the file ids in upscaled", (index) => {
    expect(upscaleSourceUrl(completedRecord(), index)).toBe(`${CDN}/u${index + 1}.png`);
  });

  test.each<[string, Record<string, unknown>, number]>([
    ["no upscaled_urls", { upscaled_urls: null }, 0],
    ["only two upscaled_urls", { upscaled_urls: ["a", "b"] }, 2],
    ["an empty URL", { upscaled_urls: ["", "b", "c", "d"] }, 0],
    ["an index past U4", {}, 4],
    ["a negative index", {}, -1],
    ["a fractional index", {}, 1.5],
  ])("is null with %s", (_what, overrides, index) => {
    expect(upscaleSourceUrl(completedRecord(overrides), index)).toBeNull();
  });
});

describe("renderCompleted", () => {
  test("shows the grid, the prompt, who asked and the job id, and pings only the requester", () => {
    const payload = renderCompleted(english, completedRecord(), ctx);
    expectWithinDiscordLimits(payload);
    const [embed] = payload.embeds;
    expect(payload.content).toBe(`<@${REQUESTER_ID}> your image is ready.`);
    expect(payload.allowedMentions).toEqual({ parse: [], users: [REQUESTER_ID], repliedUser: false });
    expect(embed?.image?.url).toBe("attachment://grid.png");
    expect(embed?.description).toContain("**Prompt**\na lighthouse at dusk --ar 16:9");
    expect(embed?.footer?.text).toBe(`Job ${JOB_ID}`);
    expect(embed?.color).toBe(EMBED_COLORS.completed);
    expect(embed?.fields).toContainEqual({ name: "Requested by", value: `<@${REQUESTER_ID}>`, inline: true });
    expect(embed?.fields).toContainEqual({ name: "Aspect ratio", value: "16:9", inline: true });
  });

  test("has buttons U1-U4 and 🔄 whose ids lead back to this job, then a row of Remix, Prompt and Delete", () => {
    const payload = renderCompleted(english, completedRecord(), ctx);
    expect(payload.components[1]?.components.map((b) => ("label" in b ? b.label : undefined))).toEqual([
      "Remix",
      "Prompt",
      "Delete",
    ]);
    const buttons = payload.components[0]?.components ?? [];
    expect(buttons.map((b) => ("label" in b ? b.label : undefined))).toEqual([
      "U1",
      "U2",
      "U3",
      "U4",
      undefined,
    ]);
    expect(buttons.map((b) => ("custom_id" in b ? gridButtonCodec.decode(b.custom_id) : null))).toEqual([
      { action: "upscale", jobId: JOB_ID, index: 0, requesterId: REQUESTER_ID },
      { action: "upscale", jobId: JOB_ID, index: 1, requesterId: REQUESTER_ID },
      { action: "upscale", jobId: JOB_ID, index: 2, requesterId: REQUESTER_ID },
      { action: "upscale", jobId: JOB_ID, index: 3, requesterId: REQUESTER_ID },
      { action: "reroll", jobId: JOB_ID, requesterId: REQUESTER_ID },
    ]);
    expect(buttons[4]).toMatchObject({ emoji: { name: "🔄" } });
    expect(buttons.some((b) => "disabled" in b && b.disabled)).toBe(false);
  });

  test.each<[string, unknown, boolean[]]>([
    ["no single images", null, [true, true, true, true]],
    ["two single images", [`${CDN}/u1.png`, `${CDN}/u2.png`], [false, false, true, true]],
  ])("disables the U buttons of images the service did not return (%s)", (_what, upscaledUrls, disabled) => {
    const buttons = buttonsOf(
      renderCompleted(english, completedRecord({ upscaled_urls: upscaledUrls }), ctx),
    );
    expect(buttons.slice(0, 4).map((b) => "disabled" in b && b.disabled === true)).toEqual(disabled);
  });

  test("uses the record's id for buttons when the context has no job id", () => {
    const buttons = buttonsOf(renderCompleted(english, completedRecord(), { ...ctx, jobId: null }));
    expect(buttons[0] && "custom_id" in buttons[0] && buttons[0].custom_id).toBe(
      `imagine:u:${JOB_ID}:0:${REQUESTER_ID}`,
    );
  });

  test("still renders, without buttons, for a job id a button cannot carry", () => {
    const payload = renderCompleted(english, completedRecord(), { ...ctx, jobId: "has:colon" });
    expectWithinDiscordLimits(payload);
    expect(payload.components).toEqual([]);
    expect(payload.embeds[0]?.footer?.text).toBe("Job has:colon");
  });

  test("says so when the image could not be delivered", () => {
    const payload = renderCompleted(english, completedRecord(), { ...ctx, imageUrl: null });
    expect(payload.embeds[0]?.image).toBeUndefined();
    expect(payload.embeds[0]?.description).toContain("The image could not be shown here");
  });

  test("once finished, says when it was requested (absolute) and how long it took, not how long ago", () => {
    const payload = renderCompleted(english, completedRecord(), {
      ...ctx,
      finishedAt: ctx.startedAt + 185_000,
    });
    const fields = payload.embeds[0]?.fields ?? [];
    expect(fields.map((f) => f.name)).not.toContain("Started");
    expect(fields).toContainEqual({
      name: "Requested",
      value: `<t:${Math.floor(ctx.startedAt / 1000)}:f>`,
      inline: true,
    });
    expect(fields).toContainEqual({ name: "Finished", value: "in 3 min 5 s", inline: true });
  });

  test("has no aspect ratio field for the default ratio", () => {
    const payload = renderCompleted(english, completedRecord(), {
      ...ctx,
      prompt: readPrompt("a lighthouse"),
    });
    expect(payload.embeds[0]?.fields?.map((f) => f.name)).toEqual(["Requested by", "Started"]);
  });

  test.each([
    ["a 6000-character prompt", { prompt: readPrompt(`${"word ".repeat(1199)}--ar 2:3`) }],
    ["a 100-character job id", { jobId: "j".repeat(100) }],
    ["empty strings", { prompt: readPrompt(""), jobId: "", requesterId: "", imageUrl: "" }],
  ])("stays within Discord's limits with %s", (_what, extreme) => {
    expectWithinDiscordLimits(renderCompleted(english, completedRecord(), { ...ctx, ...extreme }));
    expectWithinDiscordLimits(renderUpscale(english, completedRecord(), 1, { ...ctx, ...extreme }));
  });
});

describe("renderUpscale", () => {
  test.each([0, 1, 2, 3])("shows image U%i+1 and mentions the requester without a ping", (index) => {
    const payload = renderUpscale(english, completedRecord(), index, {
      ...ctx,
      imageUrl: `${CDN}/u${index + 1}.png`,
    });
    expectWithinDiscordLimits(payload);
    expect(payload.content).toBe(`<@${REQUESTER_ID}> here is image U${index + 1}.`);
    expect(payload.allowedMentions).toEqual({ parse: [], users: [], repliedUser: false });
    expect(payload.embeds[0]?.title).toBe(`🖼️ Image U${index + 1}`);
    expect(payload.embeds[0]?.image?.url).toBe(`${CDN}/u${index + 1}.png`);
    expect(payload.embeds[0]?.footer?.text).toBe(`Job ${JOB_ID}`);
    expect(buttonsOf(payload).map((b) => ("label" in b ? b.label : undefined))).toEqual([
      "Remix",
      "More like this",
      "Prompt",
      "Delete",
    ]);
  });

  test.each<[string, Record<string, unknown>, number, string | null, string, string]>([
    [
      "no single images",
      { upscaled_urls: null },
      0,
      "https://x.example/u1.png",
      "Image U1 is not available",
      "did not return",
    ],
    ["an index past U4", {}, 4, "https://x.example/u5.png", "This image is not available", "did not return"],
    ["no image from the delivery layer", {}, 2, null, "Image U3 is not available", "could not be shown"],
  ])("says the image is not available with %s", (_what, overrides, index, imageUrl, title, text) => {
    const payload = renderUpscale(english, completedRecord(overrides), index, { ...ctx, imageUrl });
    expectWithinDiscordLimits(payload);
    expect(payload.embeds[0]?.title).toBe(title);
    expect(payload.embeds[0]?.image).toBeUndefined();
    expect(payload.embeds[0]?.color).toBe(EMBED_COLORS.failed);
    expect(visibleText(payload)).toContain(text);
  });
});

describe("renderResultPointer", () => {
  test.each([
    ["https://discord.com/channels/1/2/3", "⤵️ The result is here: https://discord.com/channels/1/2/3"],
    [null, "⤵️ The result was posted below."],
  ])("with link %s it is one line that pings nobody and clears the progress", (link, content) => {
    expect(renderResultPointer(english, link)).toEqual({
      content,
      embeds: [],
      components: [],
      allowedMentions: { parse: [], users: [], repliedUser: false },
    });
  });
});
