import { describe, expect, test } from "vitest";
import { english, translator } from "../../../src/i18n/translate.js";
import { EMBED_COLORS } from "../../../src/render/format.js";
import type { RenderContext } from "../../../src/render/message-parts.js";
import { visibleKey } from "../../../src/render/payload.js";
import { renderWaiting, type WaitReason } from "../../../src/imagine/line/waiting-message.js";
import { LANGUAGES } from "../../../src/i18n/languages.js";
import { expectWithinDiscordLimits, REQUESTER_ID, visibleText } from "../../render/helpers.js";
import { readPrompt } from "../../../src/prompt/prompt.js";

const REF = "1183000000000000001";
const ctx: RenderContext = {
  requesterId: REQUESTER_ID,
  prompt: readPrompt("a lighthouse at dusk --ar 16:9"),
  jobId: `q-${REF}`,
  shownId: REF,
  startedAt: 1_714_557_600_000,
  imageUrl: null,
};

describe("renderWaiting", () => {
  test.each<[WaitReason, string]>([
    [
      { kind: "busy" },
      "Every image server is busy: your job waits in the bot's line, number 2, and starts when a server is free.",
    ],
    [
      { kind: "down" },
      "No image server is reachable right now: your job waits in the bot's line, number 2, and starts when a server is back.",
    ],
    [
      { kind: "failing" },
      "Every image server answers but reports a problem right now: your job waits in the bot's line, number 2, and starts as soon as one is healthy again.",
    ],
    [
      { kind: "down-or-failing" },
      "No image server takes jobs right now: some cannot be reached, the others report a problem. Your job waits in the bot's line, number 2, and starts as soon as one is back.",
    ],
    [
      { kind: "busy-others-out" },
      "The image servers that are up are all busy, and the others are out of service: your job waits in the bot's line, number 2, and starts when a server is free.",
    ],
    [
      { kind: "speed", speed: "relax" },
      "Your job asks for `--relax`, and the image servers that run it are busy: it waits in the bot's line, number 2, and starts when one of them is free.",
    ],
    [
      { kind: "grid-server" },
      "An Enhance runs on the image server that holds its grid, and that server is busy: it waits in the bot's line, number 2, and starts when that server is free.",
    ],
  ])(
    "a job waiting (%j) says its place and why in one sentence, under “⏳ Waiting in line”",
    (reason, sentence) => {
      const payload = renderWaiting(english, ctx, 2, reason);
      expectWithinDiscordLimits(payload);
      const [embed] = payload.embeds;
      expect(embed?.title).toBe("⏳ Waiting in line");
      expect(embed?.description).toBe(`${sentence}\n\n**Prompt**\na lighthouse at dusk --ar 16:9`);
      expect(embed?.color).toBe(EMBED_COLORS.waiting);
      // The place once; no progress bar or generator line: nothing reached a generator.
      expect(embed?.footer?.text).toBe(`Job ${REF}`);
      const text = visibleText(payload);
      expect(text.match(/number 2/g)).toHaveLength(1);
      expect(text).not.toMatch(/0%|▱|generator to start|q-\d/);
      expect(payload.components.flatMap((row) => row.components)).toMatchObject([
        { label: "Cancel", custom_id: `cancel:q-${REF}:${REQUESTER_ID}` },
      ]);
    },
  );

  test("a waiting job says when it was requested, never that it started: it has not", () => {
    const names = renderWaiting(english, ctx, 2, { kind: "busy" }).embeds[0]?.fields?.map((f) => f.name);
    expect(names).toContain("Requested");
    expect(names).not.toContain("Started");
  });

  test("a new place or reason changes what the member sees; the same ones do not", () => {
    const key = (place: number, reason: WaitReason) => visibleKey(renderWaiting(english, ctx, place, reason));
    expect(key(2, { kind: "busy" })).toBe(key(2, { kind: "busy" }));
    expect(key(1, { kind: "busy" })).not.toBe(key(2, { kind: "busy" }));
    expect(key(2, { kind: "down" })).not.toBe(key(2, { kind: "busy" }));
  });

  test.each(LANGUAGES.filter((l) => l !== "en"))("is written in %s, with the place", (language) => {
    const t = translator(language);
    for (const kind of ["busy", "down", "grid-server"] as const) {
      const text = visibleText(renderWaiting(t, ctx, 7, { kind }));
      expect(text).toContain("7");
      expect(text).not.toContain("Waiting in line");
      expect(text).not.toMatch(/bot's line|image server/);
    }
  });
});
