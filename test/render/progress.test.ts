import { describe, expect, test } from "vitest";
import { EMBED_COLORS } from "../../src/render/format.js";
import type { RenderContext } from "../../src/render/message-parts.js";
import { visibleKey } from "../../src/render/payload.js";
import { renderProgress, renderSubmitting } from "../../src/render/progress.js";
import { CDN, expectWithinDiscordLimits, JOB_ID, makeRecord, REQUESTER_ID, visibleText } from "./helpers.js";
import { english } from "../../src/i18n/translate.js";
import { readPrompt } from "../../src/prompt/prompt.js";

const STARTED_AT = 1_714_557_600_000;
const ctx: RenderContext = {
  requesterId: REQUESTER_ID,
  prompt: readPrompt("a lighthouse at dusk --ar 16:9"),
  jobId: JOB_ID,
  startedAt: STARTED_AT,
  imageUrl: `${CDN}/preview.webp`,
};
const NO_PINGS = { parse: [], users: [], repliedUser: false };

describe("renderSubmitting", () => {
  test("shows the prompt and who asked, before there is a job", () => {
    const payload = renderSubmitting(english, { ...ctx, jobId: null, imageUrl: null });
    expectWithinDiscordLimits(payload);
    const [embed] = payload.embeds;
    expect(embed?.title).toBe("🎨 Sending your prompt…");
    expect(embed?.description).toBe("**Prompt**\na lighthouse at dusk --ar 16:9");
    expect(embed?.color).toBe(EMBED_COLORS.submitting);
    expect(embed?.footer).toBeUndefined();
    expect(visibleText(payload)).toContain(`<@${REQUESTER_ID}>`);
    expect(visibleText(payload)).toContain("<t:1714557600:R>");
    expect(payload.content).toBe("");
    expect(payload.allowedMentions).toEqual(NO_PINGS);
  });
});

describe("renderProgress", () => {
  test.each([
    ["pending", "Sent"],
    ["queued", "Sent"],
    ["in-progress", "Started"],
  ])(
    "a %s record's time field says %s: a job the generator has not started is not called started",
    (status, name) => {
      const payload = renderProgress(english, makeRecord({ status, progress: null }), ctx);
      const fields = payload.embeds[0]?.fields?.map((f) => f.name) ?? [];
      expect(fields).toContain(name);
      expect(fields).not.toContain(name === "Sent" ? "Started" : "Sent");
    },
  );

  test.each([
    { status: "pending", progress: null, title: "⏳ Waiting in line", bar: "▱▱▱▱▱▱▱▱▱▱ 0%", image: false },
    { status: "in-progress", progress: 0, title: "🖌️ Generating", bar: "▱▱▱▱▱▱▱▱▱▱ 0%", image: true },
    { status: "in-progress", progress: 40, title: "🖌️ Generating", bar: "▰▰▰▰▱▱▱▱▱▱ 40%", image: true },
    { status: "in-progress", progress: "55", title: "🖌️ Generating", bar: "▰▰▰▰▰▱▱▱▱▱ 55%", image: true },
    { status: "queued", progress: null, title: "⏳ Waiting (queued)", bar: "▱▱▱▱▱▱▱▱▱▱ 0%", image: false },
    { status: "completed", progress: null, title: "✅ Finishing", bar: "▰▰▰▰▰▰▰▰▰▰ 100%", image: false },
  ])("shows a $status record at $progress%", ({ status, progress, title, bar, image }) => {
    const payload = renderProgress(english, makeRecord({ status, progress }), ctx);
    expectWithinDiscordLimits(payload);
    const [embed] = payload.embeds;
    expect(embed?.title).toBe(title);
    expect(embed?.description).toContain(bar);
    expect(embed?.description).toContain("**Prompt**\na lighthouse at dusk --ar 16:9");
    expect(embed?.footer?.text).toBe(`Job ${JOB_ID}`);
    expect(embed?.image?.url).toBe(image ? `${CDN}/preview.webp` : undefined);
    expect(visibleText(payload)).toContain("<t:1714557600:R>");
    expect(payload.content).toBe("");
    const cancel =
      status === "completed" ? [] : [{ label: "Cancel", customId: `cancel:${JOB_ID}:${REQUESTER_ID}` }];
    expect(
      payload.components
        .flatMap((row) => row.components)
        .map((b) => ({
          label: "label" in b ? b.label : undefined,
          customId: "custom_id" in b ? b.custom_id : null,
        })),
    ).toEqual(cancel);
    expect(payload.allowedMentions).toEqual(NO_PINGS);
  });

  test.each([
    ["no job id a button can carry", { jobId: "has:colon" }],
    ["no requester id a button can carry", { requesterId: "nobody" }],
  ])("has no Cancel button with %s", (_, change) => {
    const payload = renderProgress(english, makeRecord({ status: "pending" }), { ...ctx, ...change });
    expect(payload.components).toEqual([]);
  });

  test("says what an unknown status is while treating it as waiting", () => {
    const payload = renderProgress(english, makeRecord({ status: "queued" }), ctx);
    expect(payload.embeds[0]?.description).toContain("The service reports the job as “queued”");
    expect(payload.embeds[0]?.color).toBe(EMBED_COLORS.waiting);
  });

  test("uses each state's colour", () => {
    expect(renderProgress(english, makeRecord({ status: "pending" }), ctx).embeds[0]?.color).toBe(
      EMBED_COLORS.waiting,
    );
    expect(
      renderProgress(english, makeRecord({ status: "in-progress", progress: 5 }), ctx).embeds[0]?.color,
    ).toBe(EMBED_COLORS.generating);
  });

  test("shows no image while generating when the delivery layer has none", () => {
    const payload = renderProgress(english, makeRecord({ status: "in-progress", progress: 30 }), {
      ...ctx,
      imageUrl: null,
    });
    expect(payload.embeds[0]?.image).toBeUndefined();
  });

  test("falls back to the record's id when the context has no job id", () => {
    const payload = renderProgress(english, makeRecord({ status: "pending" }), { ...ctx, jobId: null });
    expect(payload.embeds[0]?.footer?.text).toBe(`Job ${JOB_ID}`);
  });

  test("changes what the user sees only when the record changes", () => {
    const at40 = renderProgress(english, makeRecord({ status: "in-progress", progress: 40 }), ctx);
    const again = renderProgress(english, makeRecord({ status: "in-progress", progress: 40 }), ctx);
    const at50 = renderProgress(english, makeRecord({ status: "in-progress", progress: 50 }), ctx);
    expect(visibleKey(again)).toBe(visibleKey(at40));
    expect(visibleKey(at50)).not.toBe(visibleKey(at40));
  });

  test("escapes markdown and mentions typed into the prompt", () => {
    const payload = renderProgress(english, makeRecord(), {
      ...ctx,
      prompt: readPrompt("**loud** @everyone <@1>"),
    });
    expect(payload.embeds[0]?.description).toContain("\\*\\*loud\\*\\* @everyone \\<@1\\>");
  });

  test.each([
    ["a 6000-character prompt", { prompt: readPrompt("p".repeat(6000)) }],
    ["a prompt of 3000 markdown characters", { prompt: readPrompt("*".repeat(3000)) }],
    ["a 100-character job id", { jobId: "j".repeat(100) }],
    ["empty strings", { prompt: readPrompt(""), jobId: "", requesterId: "" }],
  ])("stays within Discord's limits with %s", (_what, extreme) => {
    for (const record of [
      makeRecord({ status: "in-progress", progress: 10 }),
      makeRecord({ status: "x".repeat(5000) }),
    ]) {
      expectWithinDiscordLimits(renderProgress(english, record, { ...ctx, ...extreme }));
    }
    expectWithinDiscordLimits(renderSubmitting(english, { ...ctx, ...extreme }));
  });

  test("cuts a long prompt with an ellipsis", () => {
    const payload = renderProgress(english, makeRecord(), { ...ctx, prompt: readPrompt("p".repeat(6000)) });
    expect(payload.embeds[0]?.description).toMatch(/p…$/);
  });
});

describe("renderProgress while the service is not answering", () => {
  test.each(["pending", "in-progress"])(
    "a %s job's message says the service is not answering and the bot keeps trying, and nothing else changes",
    (status) => {
      const record = makeRecord({ status, progress: status === "pending" ? null : 40 });
      const normal = renderProgress(english, record, ctx);
      const warned = renderProgress(english, record, ctx, { serviceUnanswering: true });
      expectWithinDiscordLimits(warned);
      expect(visibleText(warned)).toMatch(/image service is not answering right now/);
      expect(visibleText(warned)).toMatch(/keeps trying/);
      expect(visibleText(normal)).not.toMatch(/not answering/);
      expect(visibleKey(warned)).not.toBe(visibleKey(normal));
      expect(warned.embeds[0]?.image).toEqual(normal.embeds[0]?.image);
      expect(warned.embeds[0]?.title).toBe(normal.embeds[0]?.title);
    },
  );
});
