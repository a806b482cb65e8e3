import { describe, expect, test } from "vitest";
import {
  describeImageError,
  LOST_JOB_ERROR,
  NOT_STARTED_ERROR,
  WAIT_EXPIRED_ERROR,
  type ImageErrorKind,
} from "../../src/render/image-errors.js";
import { english, translator } from "../../src/i18n/translate.js";

describe("describeImageError", () => {
  test.each<[string | null, ImageErrorKind, string, string | null, boolean]>([
    [
      "**a cat --v 7** - <@1234> (0%) (relaxed)",
      "relaxed",
      "The image service's Midjourney account is in relax mode, which this image server cannot follow, so no image was made.",
      null,
      false,
    ],
    [
      "**a cat --relax** - <@!98765432109876543> (Waiting to start) (relaxed)",
      "relaxed",
      "The image service's Midjourney account is in relax mode, which this image server cannot follow, so no image was made.",
      null,
      false,
    ],
    [
      "Midjourney message: Banned prompt detected. Sorry! Our AI moderators feel your prompt might be against our community standards.",
      "moderation",
      "The image generator's moderation refused this prompt.",
      "Banned prompt detected. Sorry! Our AI moderators feel your prompt might be against our community standards.",
      false,
    ],
    [
      "Midjourney message: Invalid parameter --stylize 5000 is out of range",
      "invalid-parameter",
      "The image generator could not accept a parameter of this prompt.",
      "Invalid parameter --stylize 5000 is out of range",
      false,
    ],
    [
      "Midjourney message: Job queued, please wait",
      "generator",
      "The image generator refused the job.",
      "Job queued, please wait",
      true,
    ],
    ["Midjourney message:", "generator", "The image generator refused the job.", null, true],
    [
      "Timeout after prompt was sent",
      "prompt-timeout",
      "The generator received the prompt but never started the job.",
      null,
      true,
    ],
    [
      NOT_STARTED_ERROR,
      "not-started",
      "This job may not have been started: the bot restarted just as it was being sent to an image server, and no server could tell whether it arrived.",
      null,
      true,
    ],
    [
      WAIT_EXPIRED_ERROR,
      "wait-expired",
      "This job waited in the bot's line for its whole time limit without a free image server: nothing was sent.",
      null,
      true,
    ],
    [
      "Timeout while waiting to start",
      "queue-timeout",
      "The job waited too long in the generator's queue and was dropped.",
      null,
      true,
    ],
    [
      "Timeout while waiting for completion",
      "completion-timeout",
      "The generator started the image but did not finish it in time.",
      null,
      true,
    ],
    [
      "Image not sent to API",
      "not-delivered",
      "The generator made the image, but it never reached the image service.",
      null,
      true,
    ],
    ["Unspecified error", "unspecified", "The image service failed without saying why.", null, true],
    [
      "  timeout WHILE waiting to start (after 600s) ",
      "queue-timeout",
      "The job waited too long",
      null,
      true,
    ],
    [null, "no-reason", "The image service marked the job as failed without giving a reason.", null, true],
    ["   ", "no-reason", "The image service marked the job as failed", null, true],
    ["Something new broke", "unknown", "The image service reported an error.", "Something new broke", true],
  ])("explains %j", (error, kind, summary, detail, retryable) => {
    const described = describeImageError(english, error);
    expect(described.kind).toBe(kind);
    expect(described.summary).toContain(summary);
    expect(described.detail).toBe(detail);
    expect(described.retryable).toBe(retryable);
    expect(described.hint.length).toBeGreaterThan(0);
  });

  test("every known failure that can be retried says to try again", () => {
    for (const error of [
      "Timeout after prompt was sent",
      "Timeout while waiting to start",
      "Timeout while waiting for completion",
      "Image not sent to API",
      "Unspecified error",
    ]) {
      expect(describeImageError(english, error).hint.toLowerCase()).toContain("try again");
    }
  });
});

describe("the bot's own error text", () => {
  test("a lost job's error is stored in English and shown in the reader's language", () => {
    expect(describeImageError(english, LOST_JOB_ERROR).detail).toBe(LOST_JOB_ERROR);
    const german = describeImageError(translator("de"), LOST_JOB_ERROR);
    expect(german.detail).toBe(
      "Der Bilddienst kennt diesen Auftrag nicht mehr (er wurde vielleicht gelöscht).",
    );
    expect(german.summary).toBe(translator("de")("imageError.unknown.summary"));
  });
});
