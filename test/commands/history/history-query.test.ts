import { describe, expect, test } from "vitest";
import { HISTORY_PAGE_SIZE, loadHistoryPage } from "../../../commands/history/history-query.js";
import { MemoryJobStore } from "../../support/memory-job-store.js";
import { makeJob } from "../../store/store-fixtures.js";

async function storeWith(count: number): Promise<MemoryJobStore> {
  const store = new MemoryJobStore();
  for (let i = 0; i < count; i++) {
    await store.save(
      makeJob({ imageId: `job-${i}`, ref: `ref-${i}`, requesterId: "7", startedAt: 1000 + i }),
    );
  }
  return store;
}

describe("loadHistoryPage", () => {
  test("pages hold HISTORY_PAGE_SIZE jobs newest first and say whether an older page exists", async () => {
    const store = await storeWith(HISTORY_PAGE_SIZE + 1);
    const guildId = makeJob().location.guildId;
    const first = await loadHistoryPage(store, { requesterId: "7", guildId, page: 0 });
    expect(first.jobs.map((j) => j.imageId)[0]).toBe(`job-${HISTORY_PAGE_SIZE}`);
    expect(first).toMatchObject({ page: 0, hasOlder: true, scope: "server" });
    const second = await loadHistoryPage(store, { requesterId: "7", guildId, page: 1 });
    expect(second.jobs.map((j) => j.imageId)).toEqual(["job-0"]);
    expect(second.hasOlder).toBe(false);
  });

  test("a page past the end (jobs pruned since) shows the first page", async () => {
    const store = await storeWith(2);
    const page = await loadHistoryPage(store, { requesterId: "7", guildId: null, page: 3 });
    expect(page).toMatchObject({ page: 0, hasOlder: false, scope: "everywhere" });
    expect(page.jobs).toHaveLength(2);
  });
});
