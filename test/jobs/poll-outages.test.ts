/**
 * A server that stops answering mid-job and comes back without the records (issue 39, point 5), at the
 * bot's default pace (3 s interval, 60 s longest error backoff), on a manual clock: the jobs' first failed
 * polls come within seconds, one job keeps watching the server, and once it answers again every job it lost
 * is told lost within 10 s.
 */
import { describe, expect, test } from "vitest";
import type { ImageRecord } from "../../src/service/schema.js";
import { imageRecord, serviceError } from "../fixtures/fake-image-service.js";
import { job, setupTracker } from "./tracker-setup.js";

const SILENT_AT = 10_000;
const BACK_AT = 200_000;

/** A server that runs its jobs, is silent from {@link SILENT_AT}, and from {@link BACK_AT} knows none of them. */
function setup(jobs: string[]) {
  const calls: { id: string; at: number }[] = [];
  const t = setupTracker((clock) => ({
    pollIntervalMs: 3_000,
    timeoutMs: 1_200_000,
    errorMaxBackoffMs: 60_000,
    getImage: async (id: string): Promise<ImageRecord> => {
      calls.push({ id, at: clock.now() });
      if (clock.now() < SILENT_AT) return imageRecord(id, "in-progress", 40);
      if (clock.now() < BACK_AT) throw serviceError("network");
      throw serviceError("forbidden");
    },
  }));
  for (const id of jobs) t.tracker.track(job(id));
  return { ...t, calls };
}

/** When each job's event matching `what` first came. */
function firstAt(events: string[], id: string, what: string): number {
  const event = events.find((e) => e.startsWith(`${id} `) && e.includes(what));
  if (!event) throw new Error(`no "${what}" event for ${id}`);
  return Number(event.slice(event.lastIndexOf("@") + 1));
}

describe("a server that stops answering mid-job", () => {
  test("each job's first failed poll comes within 10 s of the server going silent", async () => {
    const ids = ["a", "b", "c"];
    const { clock, events } = setup(ids);
    await clock.advance(SILENT_AT + 10_000);
    for (const id of ids)
      expect(firstAt(events, id, "error network #1")).toBeLessThanOrEqual(SILENT_AT + 10_000);
  });

  test("when it answers again without the records, every job is told lost within 10 s, after few polls while it was silent", async () => {
    const ids = ["a", "b", "c", "d"];
    const { clock, events, calls } = setup(ids);
    await clock.advance(BACK_AT + 60_000);
    for (const id of ids) {
      const lost = firstAt(events, id, "lost forbidden");
      expect(lost).toBeGreaterThanOrEqual(BACK_AT);
      expect(lost).toBeLessThanOrEqual(BACK_AT + 10_000);
    }
    // One job polls every interval while the server is silent; the others back off to one poll a minute.
    const silentPolls = calls.filter((c) => c.at >= SILENT_AT + 60_000 && c.at < BACK_AT);
    const perJob = ids.map((id) => silentPolls.filter((c) => c.id === id).length);
    expect(perJob.filter((n) => n > 10)).toHaveLength(1);
    expect(perJob.filter((n) => n <= 3)).toHaveLength(ids.length - 1);
  });
});
