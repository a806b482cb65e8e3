import { describe, expect, test } from "vitest";
import { parseConfig } from "../../../src/config.js";
import type { ImagineService } from "../../../src/imagine/imagine-service.js";
import type { Job } from "../../../src/imagine/job.js";
import { english } from "../../../src/i18n/translate.js";
import { describeImageError, WAIT_EXPIRED_ERROR } from "../../../src/render/image-errors.js";
import { MemoryJobStore } from "../../support/memory-job-store.js";
import { ServiceHealthMonitor } from "../../../src/admission/service-health.js";
import { gatherStatus, type StatusSources } from "../../../commands/status/status-query.js";
import { BannedWords } from "../../../src/moderation/banned-words.js";
import { effectiveSettings, ownerDefaults } from "../../../src/settings/effective-settings.js";
import type { GuildSettings } from "../../../src/settings/settings.js";
import { GUILD_ID, jobNumber, NOW } from "../../render/status-fixtures.js";

const OTHER_GUILD = "900000000000000099";
const HOUR = 60 * 60 * 1000;

/** A job of `guildId` that started `hoursAgo` hours before NOW and ended with `outcome`. */
function ended(
  n: number,
  outcome: Job["outcome"],
  options: { hoursAgo?: number; guildId?: string | null } = {},
) {
  const base = jobNumber(n, { outcome, error: outcome === "completed" ? null : `error of job ${n}` });
  const startedAt = NOW - (options.hoursAgo ?? 1) * HOUR;
  return {
    ...base,
    startedAt,
    finishedAt: startedAt + 60_000,
    delivered: true,
    location: { ...base.location, guildId: options.guildId === undefined ? GUILD_ID : options.guildId },
  };
}

async function sources(
  options: { active?: Job[]; stored?: Job[]; server?: GuildSettings } = {},
): Promise<StatusSources> {
  const store = new MemoryJobStore({ now: () => NOW });
  for (const job of options.stored ?? []) await store.save(job);
  const config = parseConfig({
    DISCORD_TOKEN: "token",
    IMAGINE_API_URL: "http://127.0.0.1:1",
    IMAGINE_API_TOKEN: "token",
    USER_MAX_ACTIVE_JOBS: "3",
    USER_COOLDOWN_MS: "20000",
    GUILD_MAX_ACTIVE_JOBS: "7",
  });
  return {
    config,
    imagine: {
      activeJobs: () => options.active ?? [],
      placesInLine: () => new Map(),
    } as unknown as ImagineService,
    store,
    health: new ServiceHealthMonitor({
      getServiceStatus: async () => ({ bot_status: "healthy", message: "Bot is healthy" }),
      now: () => NOW,
    }),
    bannedWords: new BannedWords(["gore", "blood bath"]),
    admission: {
      settingsFor: async (requester) =>
        effectiveSettings(
          ownerDefaults(config),
          requester.guildId === GUILD_ID ? (options.server ?? {}) : {},
        ),
    },
    now: () => NOW,
  };
}

describe("gatherStatus", () => {
  test("shows only this server's jobs in flight", async () => {
    const mine = jobNumber(1);
    const elsewhere = { ...jobNumber(2), location: { ...jobNumber(2).location, guildId: OTHER_GUILD } };
    const dm = { ...jobNumber(3), location: { ...jobNumber(3).location, guildId: null } };
    const status = await gatherStatus(await sources({ active: [mine, elsewhere, dm] }), GUILD_ID, 0);
    expect(status.inFlight.map((j) => j.imageId)).toEqual([mine.imageId]);
  });

  test("counts this server's outcomes of the last 24 hours; lost jobs count as failed", async () => {
    const stored = [
      ended(1, "completed"),
      ended(2, "completed"),
      ended(3, "failed"),
      ended(4, "lost"),
      ended(5, "timed-out"),
      ended(6, "message-deleted"),
      ended(7, "completed", { hoursAgo: 25 }),
      ended(8, "failed", { guildId: OTHER_GUILD }),
      ended(9, "failed", { guildId: null }),
    ];
    const status = await gatherStatus(await sources({ stored }), GUILD_ID, 0);
    expect(status.counts24h).toEqual({ completed: 2, failed: 2, timedOut: 1 });
  });

  test("lists this server's failures with their error; a time-out is marked one, one in the bot's line that it waited there", async () => {
    const stored = [
      ended(1, "completed"),
      ended(2, "failed"),
      { ...ended(3, "timed-out"), error: null },
      ended(4, "failed", { guildId: OTHER_GUILD }),
      { ...ended(5, "timed-out"), error: WAIT_EXPIRED_ERROR },
    ];
    const status = await gatherStatus(await sources({ stored }), GUILD_ID, 0);
    const byId = Object.fromEntries(status.recentFailures.map((f) => [f.imageId, f]));
    expect(Object.keys(byId).sort()).toEqual(["job-0002", "job-0003", "job-0005"]);
    expect(byId["job-0005"]?.error).toBe(WAIT_EXPIRED_ERROR);
    expect(describeImageError(english, byId["job-0005"]?.error ?? null).summary).toBe(
      "This job waited in the bot's line for its whole time limit without a free image server: nothing was sent.",
    );
    expect(byId["job-0002"]).toMatchObject({
      error: "error of job 2",
      prompt: "prompt number 2 --ar 16:9",
      requesterId: stored[1]!.requesterId,
      at: stored[1]!.finishedAt,
    });
    expect(byId["job-0003"]).toMatchObject({ error: null, timedOut: true });
  });

  test("reports the limits in force and the service's health", async () => {
    const status = await gatherStatus(await sources(), GUILD_ID, 2);
    expect(status.limits).toEqual({
      userMaxActive: 3,
      userCooldownMs: 20_000,
      guildMaxActive: 7,
      bannedWordsCount: 2,
      promptMaxLength: status.limits.promptMaxLength,
    });
    expect(status.limits.promptMaxLength).toBeGreaterThan(0);
    expect(status.service).toMatchObject({ botStatus: "healthy", message: "Bot is healthy", checkedAt: NOW });
    expect(status.page).toBe(2);
    expect(status.now).toBe(NOW);
  });

  test("reports the server's own limits and counts its banned words with the owner's", async () => {
    const server = { userMaxActive: 1, guildMaxActive: 4, bannedWords: ["kraken"] };
    const status = await gatherStatus(await sources({ server }), GUILD_ID, 0);
    expect(status.limits).toMatchObject({
      userMaxActive: 1,
      userCooldownMs: 20_000,
      guildMaxActive: 4,
      bannedWordsCount: 3,
    });
  });
});
