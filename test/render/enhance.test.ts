import { describe, expect, test } from "vitest";
import { enhanceIdCodec } from "../../src/custom-ids/enhance-id.js";
import { renderEnhanced, renderUpscale } from "../../src/render/final.js";
import type { RenderContext } from "../../src/render/message-parts.js";
import { completedRecord, expectWithinDiscordLimits, JOB_ID, REQUESTER_ID, visibleText } from "./helpers.js";
import { english } from "../../src/i18n/translate.js";
import { readPrompt } from "../../src/prompt/prompt.js";

const ctx: RenderContext = {
  requesterId: REQUESTER_ID,
  prompt: readPrompt("a lighthouse at dusk --ar 16:9"),
  jobId: JOB_ID,
  startedAt: 1_714_557_600_000,
  imageUrl: "attachment://u2.png",
};

const buttons = (payload: ReturnType<typeof renderUpscale>) =>
  payload.components.flatMap((r) => r.components);

describe("renderUpscale with Enhance factors", () => {
  test("has one Enhance button per factor, saying it uses credits, for this image and requester", () => {
    const payload = renderUpscale(english, completedRecord(), 1, ctx, ["2x", "4x"]);

    expect(buttons(payload).map((b) => ("label" in b ? b.label : ""))).toEqual([
      "Enhance 2× (uses credits)",
      "Enhance 4× (uses credits)",
      "Remix",
      "More like this",
      "Prompt",
      "Delete",
    ]);
    const ids = (payload.components[0]?.components ?? []).map((b) =>
      "custom_id" in b ? enhanceIdCodec.decode(b.custom_id) : null,
    );
    expect(ids).toEqual([
      { jobId: JOB_ID, index: 1, factor: "2x", requesterId: REQUESTER_ID },
      { jobId: JOB_ID, index: 1, factor: "4x", requesterId: REQUESTER_ID },
    ]);
    expect(visibleText(payload)).toContain("each one uses image-service credits");
    expectWithinDiscordLimits(payload);
  });

  test("has no Enhance buttons and no credit note without factors", () => {
    const payload = renderUpscale(english, completedRecord(), 1, ctx);

    expect(buttons(payload).map((b) => ("label" in b ? b.label : ""))).not.toContain(
      "Enhance 2× (uses credits)",
    );
    expect(visibleText(payload)).not.toMatch(/enhance|credits/i);
  });

  test("offers no Enhance for an image the service did not return", () => {
    const payload = renderUpscale(english, completedRecord({ upscaled_urls: null }), 1, ctx, ["2x"]);

    expect(payload.components).toEqual([]);
  });

  test("offers no Enhance when the requester id cannot be carried by a button", () => {
    const payload = renderUpscale(english, completedRecord(), 1, { ...ctx, requesterId: "not-a-user" }, [
      "2x",
    ]);

    expect(payload.components).toEqual([]);
  });
});

describe("renderEnhanced", () => {
  const finished = { ...ctx, imageUrl: "attachment://u2-4x.png", finishedAt: ctx.startedAt + 42_000 };

  test("shows the enhanced image, which image and factor, who asked, how long it took, and pings only the requester", () => {
    const payload = renderEnhanced(english, { index: 1, factor: "4x" }, finished);

    expect(payload.content).toBe(`<@${REQUESTER_ID}> your enhanced image U2 4× is ready.`);
    expect(payload.allowedMentions).toEqual({ parse: [], users: [REQUESTER_ID], repliedUser: false });
    expect(payload.embeds[0]?.image).toEqual({ url: "attachment://u2-4x.png" });
    const text = visibleText(payload);
    expect(text).toContain("Image U2 enhanced 4×");
    expect(text).toContain("a lighthouse at dusk");
    expect(text).toContain("in 42 s");
    expect(text).toContain(JOB_ID);
    expect(payload.components[0]?.components.map((b) => ("label" in b ? b.label : ""))).toEqual([
      "Prompt",
      "Delete",
    ]);
    expectWithinDiscordLimits(payload);
  });

  test("says so when the image could not be shown", () => {
    const payload = renderEnhanced(english, { index: 0, factor: "2x" }, { ...finished, imageUrl: null });

    expect(payload.embeds[0]?.image).toBeUndefined();
    expect(visibleText(payload)).toContain("could not be shown here");
  });
});
