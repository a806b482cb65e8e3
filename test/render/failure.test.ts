import { describe, expect, test } from "vitest";
import { gridButtonCodec } from "../../src/custom-ids/grid-button-id.js";
import {
  isPrivateRefusal,
  renderFailed,
  renderPrivateRefusalNotice,
  renderServiceError,
  renderTimedOut,
} from "../../src/render/failure.js";
import { EMBED_COLORS } from "../../src/render/format.js";
import type { RenderContext } from "../../src/render/message-parts.js";
import type { MessagePayload } from "../../src/render/payload.js";
import { SERVICE_ERROR_KINDS, ServiceError, type ServiceErrorKind } from "../../src/service/errors.js";
import { expectWithinDiscordLimits, JOB_ID, makeRecord, REQUESTER_ID, visibleText } from "./helpers.js";
import { english, translator } from "../../src/i18n/translate.js";
import { LANGUAGES } from "../../src/i18n/languages.js";
import { readPrompt } from "../../src/prompt/prompt.js";

const ctx: RenderContext = {
  requesterId: REQUESTER_ID,
  prompt: readPrompt("a lighthouse at dusk --ar 16:9"),
  jobId: JOB_ID,
  startedAt: 1_714_557_600_000,
};

function actionsOf(payload: MessagePayload) {
  return payload.components
    .flatMap((row) => row.components)
    .map((button) => ("custom_id" in button ? gridButtonCodec.decode(button.custom_id) : null));
}

describe("renderFailed", () => {
  test.each<[string | null, string, string | null, boolean]>([
    [
      "Midjourney message: Banned prompt detected. Our AI moderators feel your prompt might be against our community standards.",
      "The image generator's moderation refused this prompt.",
      "> Banned prompt detected. Our AI moderators feel your prompt might be against our community standards.",
      false,
    ],
    [
      "Midjourney message: Invalid parameter --v 9",
      "could not accept a parameter",
      "> Invalid parameter --v 9",
      false,
    ],
    ["Timeout after prompt was sent", "never started the job", null, true],
    ["Timeout while waiting to start", "waited too long in the generator's queue", null, true],
    ["Timeout while waiting for completion", "did not finish it in time", null, true],
    ["Image not sent to API", "never reached the image service", null, true],
    ["Unspecified error", "failed without saying why", null, true],
    [null, "without giving a reason", null, true],
    ["Disk full on worker 7", "The image service reported an error.", "> Disk full on worker 7", true],
  ])("explains %j", (error, summary, detail, retryable) => {
    const payload = renderFailed(english, makeRecord({ status: "failed", error }), ctx);
    expectWithinDiscordLimits(payload);
    const [embed] = payload.embeds;
    expect(embed?.title).toBe("❌ Your image could not be made");
    expect(embed?.description).toContain(summary);
    expect(embed?.description).toContain("**Prompt**\na lighthouse at dusk --ar 16:9");
    expect(embed?.color).toBe(EMBED_COLORS.failed);
    expect(embed?.footer?.text).toBe(`Job ${JOB_ID}`);
    expect(embed?.fields?.[0]?.value ?? null).toBe(detail);
    expect(actionsOf(payload)).toEqual(
      retryable ? [{ action: "reroll", jobId: JOB_ID, requesterId: REQUESTER_ID }] : [],
    );
  });

  test("labels the generator's text and an unknown service text differently", () => {
    const generator = renderFailed(
      english,
      makeRecord({ status: "failed", error: "Midjourney message: Banned prompt" }),
      ctx,
    );
    const unknown = renderFailed(english, makeRecord({ status: "failed", error: "Disk full" }), ctx);
    expect(generator.embeds[0]?.fields?.[0]?.name).toBe("The generator said");
    expect(unknown.embeds[0]?.fields?.[0]?.name).toBe("The service said");
  });

  test("pings the requester once and nobody else", () => {
    const payload = renderFailed(english, makeRecord({ status: "failed", error: "Unspecified error" }), ctx);
    expect(payload.content).toBe(`<@${REQUESTER_ID}> your image could not be made.`);
    expect(payload.allowedMentions).toEqual({ parse: [], users: [REQUESTER_ID], repliedUser: false });
  });

  test("escapes markdown and mentions in the error text", () => {
    const payload = renderFailed(
      english,
      makeRecord({ status: "failed", error: "Midjourney message: **no** <@&1>" }),
      ctx,
    );
    expect(payload.embeds[0]?.fields?.[0]?.value).toBe("> \\*\\*no\\*\\* \\<@&1\\>");
  });

  test.each([
    ["a 5000-character error", { error: `Midjourney message: ${"e".repeat(5000)}` }, {}],
    ["a 5000-character unknown error", { error: "x".repeat(5000) }, {}],
    ["a 6000-character prompt", { error: "Unspecified error" }, { prompt: readPrompt("p".repeat(6000)) }],
    ["a 100-character job id", { error: "Unspecified error" }, { jobId: "j".repeat(100) }],
    ["empty strings", { error: "" }, { prompt: readPrompt(""), jobId: "", requesterId: "" }],
  ])("stays within Discord's limits with %s", (_what, record, extreme) => {
    expectWithinDiscordLimits(
      renderFailed(english, makeRecord({ status: "failed", ...record }), { ...ctx, ...extreme }),
    );
  });
});

describe("isPrivateRefusal", () => {
  test.each([
    ["Midjourney message: Banned prompt detected", true],
    ["Midjourney message: Invalid parameter --v 9", true],
    ["Midjourney message: Job queue full", false],
    ["Timeout while waiting for completion", false],
    [null, false],
  ])("a failure with error %j is shown only to the requester: %s", (error, expected) => {
    expect(isPrivateRefusal(makeRecord({ status: "failed", error }))).toBe(expected);
  });

  test("the channel's notice is one neutral line with the job id that pings nobody", () => {
    expect(renderPrivateRefusalNotice(english, "job_1")).toEqual({
      content: "This prompt could not be generated. Job job\\_1",
      embeds: [],
      components: [],
      allowedMentions: { parse: [], users: [], repliedUser: false },
    });
  });
});

describe("the time of a failed or timed-out job", () => {
  const ended = { ...ctx, finishedAt: ctx.startedAt + 42_000 };
  test.each([
    [
      "failed",
      () => renderFailed(english, makeRecord({ status: "failed", error: "Image not sent to API" }), ended),
    ],
    ["timed out", () => renderTimedOut(english, ended, 1_200_000)],
  ])("a %s message says when it was requested and how long it took", (_what, render) => {
    const fields = render().embeds[0]?.fields ?? [];
    expect(fields).toContainEqual({ name: "Requested", value: "<t:1714557600:f>", inline: true });
    expect(fields).toContainEqual({ name: "Finished", value: "in 42 s", inline: true });
  });
});

describe("renderTimedOut", () => {
  test("says how long the bot waited, what to do, and offers to try again", () => {
    const payload = renderTimedOut(english, ctx, 1_200_000);
    expectWithinDiscordLimits(payload);
    const [embed] = payload.embeds;
    expect(embed?.title).toBe("⌛ Stopped waiting after 20 minutes");
    expect(embed?.description).toContain("did not finish this job within 20 minutes");
    expect(embed?.description).toContain("Try again later");
    expect(embed?.footer?.text).toBe(`Job ${JOB_ID}`);
    expect(embed?.color).toBe(EMBED_COLORS.timedOut);
    expect(actionsOf(payload)).toEqual([{ action: "reroll", jobId: JOB_ID, requesterId: REQUESTER_ID }]);
    expect(payload.content).toBe(`<@${REQUESTER_ID}> your image took too long.`);
    expect(payload.allowedMentions).toEqual({ parse: [], users: [REQUESTER_ID], repliedUser: false });
  });

  test("a job that waited its limit in the bot's line says no image server was free and nothing was sent, named by its shown id", () => {
    const waiting = { ...ctx, jobId: "q-1190000000000000001", shownId: "1190000000000000001" };
    const payload = renderTimedOut(english, waiting, 1_200_000, "waiting");
    expectWithinDiscordLimits(payload);
    const [embed] = payload.embeds;
    expect(embed?.title).toBe("⌛ No image server was free for 20 minutes");
    expect(embed?.description).toContain("Nothing was sent, and it does not count toward your daily images.");
    expect(embed?.footer?.text).toBe("Job 1190000000000000001");
    expect(visibleText(payload)).not.toContain("q-");
    expect(actionsOf(payload)).toEqual([
      { action: "reroll", jobId: "q-1190000000000000001", requesterId: REQUESTER_ID },
    ]);
    expect(payload.content).toBe(`<@${REQUESTER_ID}> no image server was free for your image.`);
  });

  test("a job only some servers can run (its speed, its grid's server) that waited its limit says no server that can run it was free", () => {
    const payload = renderTimedOut(english, ctx, 1_200_000, "waitingForSome");
    const [embed] = payload.embeds;
    expect(embed?.title).toBe("⌛ No image server that can run this job was free for 20 minutes");
    expect(embed?.description).toContain("This job can run only on some of the image servers");
    expect(embed?.description).not.toContain("Every image server");
    expect(embed?.description).toContain("Nothing was sent, and it does not count toward your daily images.");
  });

  test.each(
    LANGUAGES.filter((l) => l !== "en").flatMap(
      (l) =>
        [
          [l, "waiting"],
          [l, "waitingForSome"],
        ] as const,
    ),
  )("the message of a job that waited its limit is written in %s (%s)", (language, why) => {
    const t = translator(language);
    const payload = renderTimedOut(t, ctx, 1_200_000, why);
    const inEnglish = renderTimedOut(english, ctx, 1_200_000, why);
    expect(payload.embeds[0]?.title).not.toBe(inEnglish.embeds[0]?.title);
    expect(payload.embeds[0]?.description).not.toBe(inEnglish.embeds[0]?.description);
    expect(payload.embeds[0]?.title).toContain(t("duration.minutes", { count: 20 }));
  });

  test("has no footer and no button without a job id", () => {
    const payload = renderTimedOut(english, { ...ctx, jobId: null }, 90_000);
    expect(payload.embeds[0]?.title).toBe("⌛ Stopped waiting after 1 minute 30 seconds");
    expect(payload.embeds[0]?.footer).toBeUndefined();
    expect(payload.components).toEqual([]);
  });

  test.each([
    ["a 6000-character prompt", { prompt: readPrompt("p".repeat(6000)) }],
    ["a 100-character job id", { jobId: "j".repeat(100) }],
    ["empty strings", { prompt: readPrompt(""), jobId: "", requesterId: "" }],
  ])("stays within Discord's limits with %s", (_what, extreme) => {
    expectWithinDiscordLimits(renderTimedOut(english, { ...ctx, ...extreme }, Number.NaN));
  });
});

describe("renderServiceError", () => {
  test.each(SERVICE_ERROR_KINDS)(
    "shows %s without the error's own message, request, URLs or token",
    (kind) => {
      const error = new ServiceError(kind, "GET https://internal.example/items/images/1 Bearer tok_123", {
        request: "GET /items/images/1",
        serviceMessage: "Invalid prompt near https://internal.example/x with Bearer tok_123",
        retryAfterMs: 5000,
      });
      const payload = renderServiceError(english, error, { prompt: readPrompt("a lighthouse") });
      expectWithinDiscordLimits(payload);
      const text = visibleText(payload);
      expect(text).not.toMatch(/internal\.example|tok_123|\/items\/images/);
      expect(payload.embeds[0]?.title).toMatch(/^⚠️ /);
      expect(payload.embeds[0]?.description).toContain("**Prompt**\na lighthouse");
      expect(payload.allowedMentions).toEqual({ parse: [], users: [], repliedUser: false });
      expect(payload.components).toEqual([]);
    },
  );

  test.each<[ServiceErrorKind, string]>([
    ["unauthorized", "An admin has been told"],
    ["quota", "used up its image quota"],
    ["rate-limited", "Try again in 5 s."],
    ["validation", "refused this prompt: “Prompt too long”"],
    ["server", "Try again in a few minutes."],
  ])("tells the user what %s means", (kind, text) => {
    const error = new ServiceError(kind, "x", { retryAfterMs: 5000, serviceMessage: "Prompt too long" });
    expect(renderServiceError(english, error).embeds[0]?.description).toContain(text);
  });

  test("colours failures the user can retry differently from those they cannot", () => {
    expect(renderServiceError(english, new ServiceError("server", "x")).embeds[0]?.color).toBe(
      EMBED_COLORS.timedOut,
    );
    expect(renderServiceError(english, new ServiceError("quota", "x")).embeds[0]?.color).toBe(
      EMBED_COLORS.failed,
    );
  });

  test("stays within Discord's limits with a 5000-character service message and a 6000-character prompt", () => {
    const error = new ServiceError("validation", "x", { serviceMessage: "m".repeat(5000) });
    expectWithinDiscordLimits(renderServiceError(english, error, { prompt: readPrompt("p".repeat(6000)) }));
  });
});
