/**
 * Old finished jobs do not pile up in the database: at start (and every hour) the bot removes delivered
 * jobs older than JOB_RETENTION_DAYS, and keeps the rest.
 */
import { afterEach, describe, expect, test } from "vitest";
import { openSqliteJobStore } from "../../src/store/sqlite-job-store.js";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { finishedJob, tempDir } from "../store/store-fixtures.js";

const DAY_MS = 24 * 60 * 60 * 1000;

let h: BotHarness;
let cleanup: (() => void) | undefined;
afterEach(async () => {
  await h?.stop();
  cleanup?.();
});

describe("pruning old jobs", () => {
  test("a start removes delivered jobs older than the retention and keeps newer ones", async () => {
    const temp = tempDir();
    cleanup = temp.cleanup;
    const store = await openSqliteJobStore(`${temp.dir}/jobs.db`);
    const now = Date.now();
    await store.save(finishedJob("aaaaaaaa-0000-4000-8000-000000000001", now - 4 * DAY_MS));
    await store.save(finishedJob("aaaaaaaa-0000-4000-8000-000000000002", now - 2 * DAY_MS));

    h = await startBotHarness({ store, env: { JOB_RETENTION_DAYS: "3" } });
    const pruned = await h.emu.waitFor(
      () => h.logs.lines.find((line) => line.includes("pruned old jobs") && line.includes('"removed"')),
      { description: "the prune at start" },
    );

    expect(JSON.parse(pruned)).toMatchObject({ removed: 1 });
    expect(await store.get("aaaaaaaa-0000-4000-8000-000000000001")).toBeUndefined();
    expect(await store.get("aaaaaaaa-0000-4000-8000-000000000002")).toBeDefined();
  });
});
