import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REST } from "discord.js";
import { afterEach, describe, expect, test } from "vitest";
import type { BotCore } from "../src/bot-context.js";
import { parseConfig } from "../src/config.js";
import { buildCore } from "../src/core.js";
import { DiscordMessenger } from "../src/discord/discord-messenger.js";
import { MemoryJobStore } from "./support/memory-job-store.js";
import { silentLogger } from "../src/logger.js";
import { BotMetrics } from "../src/metrics/metrics.js";
import { ManualClock } from "./jobs/manual-clock.js";
import { IMAGINE } from "../src/imagine/job-kind.js";
import type { JobRequest } from "../src/imagine/job-request.js";
import { readPrompt } from "../src/prompt/prompt.js";

/** Addresses nothing listens on: building the core must not need Discord or the image service. */
const ENV = {
  DISCORD_TOKEN: "test-token",
  DISCORD_API_URL: "http://127.0.0.1:9/api",
  IMAGINE_API_URL: "http://127.0.0.1:9",
  IMAGINE_API_TOKEN: "service-token",
};

let dir: string;
let core: BotCore | undefined;
afterEach(async () => {
  await core?.imagine.stop();
  await core?.store.close();
  core = undefined;
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function build(env: Record<string, string> = {}, store: MemoryJobStore | null = new MemoryJobStore()) {
  dir = await mkdtemp(join(tmpdir(), "imagine-bot-core-"));
  const clock = new ManualClock();
  const config = parseConfig({ ...ENV, DATABASE_PATH: join(dir, "jobs.db"), ...env });
  const messenger = new DiscordMessenger({
    rest: new REST({ api: config.DISCORD_API_URL }),
    logger: silentLogger,
  });
  core = await buildCore(config, {
    logger: silentLogger,
    messenger,
    clock,
    metrics: new BotMetrics({ processMetrics: false }),
    ...(store ? { store } : {}),
  });
  return { core, clock, config };
}

const submission = (prompt: string): JobRequest => ({
  requester: { userId: "100000000000000001", guildId: null, isModerator: false },
  ref: "500000000000000001",
  place: null,
  prompt: readPrompt(prompt),
  kind: IMAGINE,
});

describe("buildCore", () => {
  test("refuses prompts with words from BANNED_WORDS and BANNED_WORDS_FILE, with no Discord running", async () => {
    const file = join(tmpdir(), `banned-${process.pid}.txt`);
    await writeFile(file, "# one per line\nblood bath\n");
    try {
      const { core } = await build({ BANNED_WORDS: "gore", BANNED_WORDS_FILE: file });
      await expect(core.admission.admit(submission("a gore scene"))).rejects.toMatchObject({
        reason: "banned-words",
      });
      await expect(core.admission.admit(submission("a Blood Bath at dawn"))).rejects.toMatchObject({
        reason: "banned-words",
      });
    } finally {
      await rm(file, { force: true });
    }
  });

  test("a BANNED_WORDS_FILE that cannot be read names the file", async () => {
    await expect(build({ BANNED_WORDS_FILE: "/nonexistent/banned.txt" })).rejects.toThrow(
      /^BANNED_WORDS_FILE \/nonexistent\/banned\.txt cannot be read: /,
    );
  });

  test("without a store it opens the SQLite database at DATABASE_PATH", async () => {
    const { core, config } = await build({}, null);
    expect(existsSync(config.DATABASE_PATH)).toBe(true);
    await core.store.recordSubmission("100000000000000001", 1234);
    expect(await core.store.getLastSubmission("100000000000000001")).toBe(1234);
  });

  test("the core tells time by the injected clock and follows no jobs before the lifecycle resumes them", async () => {
    const { core, clock } = await build();
    await clock.advance(5000);
    expect(core.now()).toBe(clock.now());
    expect(core.imagine.activeJobs()).toEqual([]);
  });
});
