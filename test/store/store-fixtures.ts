/** Shared helpers of the store tests: jobs with every field set, and temporary database files. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Job } from "../../src/imagine/job.js";
import { readPrompt } from "../../src/prompt/prompt.js";

/** A job with every field filled, ids as large snowflakes; `overrides` replaces top-level fields. */
export function makeJob(overrides: Partial<Job> = {}): Job {
  return {
    imageId: "c0ffee00-0000-4000-8000-000000000001",
    phase: "sent",
    ref: "1234567890123456789",
    prompt: readPrompt("a lighthouse at dusk, 'quoted' \"twice\" --ar 16:9 🌅"),
    kind: { name: "imagine" },
    requesterId: "18446744073709551615",
    source: "interaction",
    location: {
      applicationId: "9007199254740993123",
      interactionToken: "aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEyMzQ1Njc4OTpzZWNyZXQ",
      interactionTokenExpiresAt: 1_700_000_900_000,
      guildId: "10000000000000000001",
      channelId: "10000000000000000002",
      messageId: "10000000000000000003",
      channelEditable: true,
    },
    startedAt: 1_700_000_000_000,
    status: "in-progress",
    progress: 42.5,
    outcome: null,
    finishedAt: null,
    delivered: false,
    error: null,
    language: "en",
    ...overrides,
  };
}

/** A job that ended at `finishedAt`, delivered or not. */
export function finishedJob(imageId: string, finishedAt: number, delivered = true): Job {
  return makeJob({
    imageId,
    ref: `ref-${imageId}`,
    outcome: "completed",
    status: "completed",
    finishedAt,
    delivered,
  });
}

/** A fresh temporary directory; `cleanup` removes it with everything inside. */
export function tempDir(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "imagine-bot-store-"));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
