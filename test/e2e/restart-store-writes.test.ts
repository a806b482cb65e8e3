/**
 * A database that refuses writes for a while (disk full, locked): the bot logs it and keeps trying, so a
 * job it took on meanwhile is in the database by the time it restarts, and still ends with its result.
 */
import { afterEach, describe, expect, test } from "vitest";
import type { Job } from "../../src/imagine/job.js";
import type { Lease } from "../../src/imagine/job-store.js";
import { MemoryJobStore } from "../support/memory-job-store.js";
import { StoreError } from "../../src/store/store-error.js";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { isGrid, resultsOf, startImagine, waitForResult } from "./imagine-steps.js";

let h: BotHarness;
afterEach(async () => {
  await h?.stop();
});

/** A job store whose writes fail while `full` is set, like a database on a full disk. */
class FillingDiskStore extends MemoryJobStore {
  full = false;
  failedSaves = 0;

  /** The bot saves jobs under its lease. */
  override async saveOwned(job: Job, lease: Lease): Promise<boolean> {
    if (this.full) {
      this.failedSaves++;
      throw new StoreError(
        `Saving job ${job.imageId} failed (database /data/jobs.db): database or disk is full`,
      );
    }
    return super.saveOwned(job, lease);
  }
}

/** Starts the bot, fills the disk, and runs /imagine; resolves once `failures` saves of the job failed. */
async function jobOnFullDisk(prompt: string, failures: number) {
  const store = new FillingDiskStore();
  h = await startBotHarness({ store });
  store.full = true;
  const job = await startImagine(h, { prompt });
  await h.emu.waitFor(() => store.failedSaves >= failures, { description: `${failures} failed saves` });
  return { store, job };
}

describe("job store write failures at run time", () => {
  test("saves that failed are logged and tried again, so a restart still finds and finishes the job", async () => {
    const { store, job } = await jobOnFullDisk("a kite over the dunes", 2);
    expect(await store.get(job.record.id)).toBeUndefined();

    store.full = false;
    const saved = await h.emu.waitFor(
      () => h.logs.lines.find((line) => line.includes("saving the job works again")),
      { description: "the job saved on a later try" },
    );
    expect(saved).toContain(job.record.id);
    expect(h.logs.lines.filter((l) => l.includes("saving the job failed")).length).toBeGreaterThan(0);
    expect((await store.get(job.record.id))?.location.messageId).toBe(job.waiting.id);

    await h.restart({ hard: true });
    h.service.completeNow(job.record.id);
    await waitForResult(h, job.record.id, isGrid);
    expect(resultsOf(h, job.record.id)).toHaveLength(1);
  });

  test("a job whose saves are still failing when the bot stops is saved on the way out", async () => {
    // Three failures in a row: the next try is seconds away, later than the stop below.
    const { store, job } = await jobOnFullDisk("a snail on a leaf", 3);

    store.full = false;
    await h.restart();
    expect(h.logs.text()).not.toContain("saving the job works again");
    expect((await store.get(job.record.id))?.location.messageId).toBe(job.waiting.id);

    h.service.completeNow(job.record.id);
    await waitForResult(h, job.record.id, isGrid);
  });
});
