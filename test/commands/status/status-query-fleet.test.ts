/**
 * /imagine-status in a fleet, on a real Postgres server started by this file: the server's jobs in flight
 * come from the shared database (whichever process follows them), and the processes alive are listed.
 */
import { afterEach, describe, expect, test } from "vitest";
import { parseConfig } from "../../../src/config.js";
import type { ImagineService } from "../../../src/imagine/imagine-service.js";
import { ServiceHealthMonitor } from "../../../src/admission/service-health.js";
import { gatherStatus } from "../../../commands/status/status-query.js";
import { BannedWords } from "../../../src/moderation/banned-words.js";
import { effectiveSettings, ownerDefaults } from "../../../src/settings/effective-settings.js";
import { openPostgresJobStore, type PostgresJobStore } from "../../../src/store/postgres-job-store.js";
import { GUILD_ID, jobNumber, NOW } from "../../render/status-fixtures.js";
import { usePostgresServer } from "../../support/postgres-server.js";

const postgres = usePostgresServer();
let store: PostgresJobStore | undefined;
afterEach(async () => {
  await store?.close();
  store = undefined;
});

describe.skipIf(!postgres.available)("/imagine-status of a fleet on Postgres", () => {
  test("lists the processes alive and this server's jobs in flight followed by any of them", async () => {
    store = await openPostgresJobStore(await postgres.createDatabase(), { now: () => NOW });
    const config = parseConfig({
      DISCORD_TOKEN: "token",
      IMAGINE_API_URL: "http://127.0.0.1:1",
      IMAGINE_API_TOKEN: "token",
      DATABASE_URL: "postgres://bot:secret@127.0.0.1:5432/imagine",
    });
    const followedElsewhere = { ...jobNumber(1), startedAt: NOW - 60_000 };
    await store.saveOwned(followedElsewhere, { owner: "process-b", expiresAt: NOW + config.JOB_LEASE_MS });
    await store.heartbeat({ id: "process-a", startedAt: NOW - 5000, seenAt: NOW, shards: [0], jobs: 0 });
    await store.heartbeat({ id: "process-b", startedAt: NOW - 5000, seenAt: NOW, shards: [1], jobs: 1 });
    // Last seen longer than a lease ago: dead.
    const gone = NOW - config.JOB_LEASE_MS - 1;
    await store.heartbeat({ id: "process-c", startedAt: gone - 5000, seenAt: gone, shards: [2], jobs: 4 });

    const status = await gatherStatus(
      {
        config,
        // This process (a) follows nothing itself.
        imagine: {
          activeJobs: () => [],
          placesInLine: () => new Map(),
          processId: "process-a",
        } as unknown as ImagineService,
        store,
        health: new ServiceHealthMonitor({
          getServiceStatus: async () => ({ bot_status: "healthy", message: "Bot is healthy" }),
          now: () => NOW,
        }),
        bannedWords: new BannedWords([]),
        admission: { settingsFor: async () => effectiveSettings(ownerDefaults(config), {}) },
        now: () => NOW,
      },
      GUILD_ID,
      0,
    );
    expect(status.inFlight.map((j) => j.imageId)).toEqual([followedElsewhere.imageId]);
    expect(status.fleet).toEqual({
      self: "process-a",
      processes: [
        { id: "process-a", startedAt: NOW - 5000, seenAt: NOW, shards: [0], jobs: 0 },
        { id: "process-b", startedAt: NOW - 5000, seenAt: NOW, shards: [1], jobs: 1 },
      ],
    });
  });
});
