import { afterEach, describe, expect, test, vi } from "vitest";
import { DeliveryError } from "../../src/jobs/delivery-error.js";
import { ServiceError } from "../../src/service/errors.js";
import { MemoryJobStore } from "../support/memory-job-store.js";
import { messageNonce, type PostedMessage } from "../../src/imagine/posted-message.js";
import { imageRecord } from "../fixtures/fake-image-service.js";
import { captureLogs } from "../support/log-capture.js";
import { createService, request } from "./service-fakes.js";

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

function setup(overrides: Parameters<typeof createService>[0] = {}) {
  const env = createService(overrides);
  stop = () => env.imagine.stop();
  return env;
}

function embedTitles(env: ReturnType<typeof createService>): string[] {
  return env.messenger.shown.map((s) => s.message.payload.embeds[0]?.title ?? s.message.payload.content);
}

describe("ImagineService", () => {
  test("a job goes from waiting through progress to the finished grid, each visible change shown once", async () => {
    const env = setup();
    const id = "job-1";
    env.service.script(id, [
      imageRecord(id, "pending"),
      imageRecord(id, "pending"),
      ...[10, 20, 30, 40, 50, 60, 70, 80, 90, 100].map((p) => imageRecord(id, "in-progress", p)),
      imageRecord(id, "completed"),
    ]);
    const job = await env.imagine.submit(...request());
    expect(job.imageId).toBe(id);
    await env.clock.advance(60_000);

    const finals = env.messenger.shown.filter((s) => s.final);
    expect(finals).toHaveLength(1);
    const final = finals[0]!.message.payload;
    expect(final.embeds[0]?.image?.url).toBe(`https://cdn.example/${id}/grid.png`);
    // U1–U4 and 🔄, then the result tools: Remix, Prompt, Delete.
    expect(final.components.flatMap((row) => row.components)).toHaveLength(8);
    // pending + 10 ticks + completed: at most one edit per visible change.
    expect(env.messenger.shown.length).toBeLessThanOrEqual(12);
    expect(env.messenger.shown.length).toBeGreaterThanOrEqual(3);
    // The result is a new message (its id recorded before the job counts as delivered); the progress
    // message it replaces is removed.
    expect(env.messenger.nonces).toEqual([messageNonce(id, "result")]);
    expect(env.messenger.retired.map((l) => l.messageId)).toEqual(["400000000000000001"]);
    expect(await env.store.getPost(id, "result")).toMatchObject({ messageId: "410000000000000001" });
    const stored = await env.store.get(id);
    expect(stored).toMatchObject({
      outcome: "completed",
      delivered: true,
      location: { messageId: "410000000000000001" },
    });
    expect(env.imagine.activeJobs()).toEqual([]);
  });

  test("a job refused for its prompt shows the channel a neutral line and only the requester the service's text", async () => {
    const env = setup();
    env.service.script("job-1", [imageRecord("job-1", "pending"), imageRecord("job-1", "failed")]);
    await env.imagine.submit(...request());
    await env.clock.advance(10_000);
    const last = env.messenger.shown.at(-1)!;
    expect(last.final).toBe(true);
    expect(last.message.payload.content).toBe("This prompt could not be generated. Job job-1");
    expect(JSON.stringify(last.message.payload)).not.toMatch(/banned prompt/i);
    expect(env.messenger.shownPrivately).toHaveLength(1);
    expect(JSON.stringify(env.messenger.shownPrivately[0]!.message.payload)).toMatch(/banned prompt/i);
    expect((await env.store.get("job-1"))?.outcome).toBe("failed");
  });

  test("a job that never finishes is reported as timed out once, and polling stops", async () => {
    const env = setup({ timeoutMs: 30_000 });
    await env.imagine.submit(...request());
    await env.clock.advance(120_000);
    const finals = env.messenger.shown.filter((s) => s.final);
    expect(finals).toHaveLength(1);
    expect(JSON.stringify(finals[0]!.message.payload)).toMatch(/job-1/);
    expect((await env.store.get("job-1"))?.outcome).toBe("timed-out");
    expect(env.imagine.activeJobs()).toEqual([]);
    const polls = vi.spyOn(env.service, "getImage");
    await env.clock.advance(120_000);
    expect(polls).not.toHaveBeenCalled();
  });

  test("submitting the same interaction twice creates one record", async () => {
    const env = setup();
    const first = await env.imagine.submit(...request("777"));
    const second = await env.imagine.submit(...request("777"));
    expect(second.imageId).toBe(first.imageId);
    expect(env.service.creates).toBe(1);
  });

  test("a deleted message stops progress edits at once and the result is still posted, once", async () => {
    const logs = captureLogs("debug");
    const failures: string[] = [];
    const env = setup({
      logger: logs.logger,
      events: { deliveryFailed: (kind, final) => void failures.push(`${kind}${final ? "!" : ""}`) },
    });
    env.messenger.failProgressWith = new DeliveryError("message-gone", "Unknown Message");
    env.service.script(
      "job-1",
      [10, 20, 30, 40, 50, 60, 70].map((p) => imageRecord("job-1", "in-progress", p)),
    );
    await env.imagine.submit(...request());
    await env.clock.advance(30_000);
    expect(env.messenger.calls).toBe(1);
    env.service.script("job-1", [imageRecord("job-1", "completed")]);
    await env.clock.advance(10_000);

    expect(env.messenger.calls).toBe(2);
    expect(failures).toEqual(["message-gone"]);
    const finals = env.messenger.shown.filter((s) => s.final);
    expect(finals).toHaveLength(1);
    expect(finals[0]!.location).toMatchObject({
      interactionToken: null,
      messageId: null,
      channelEditable: true,
    });
    expect(await env.store.get("job-1")).toMatchObject({ outcome: "completed", delivered: true });
    const warnings = logs.lines.filter((l) => /"level":(40|50)/.test(l));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/message is gone/);
    expect(JSON.parse(warnings[0]!)).toMatchObject({ jobId: "job-1", interactionId: "500000000000000001" });
  });

  test("a result whose post cannot be recorded is posted again with the same nonce, and delivered once recorded", async () => {
    class FlakyStore extends MemoryJobStore {
      failures = 1;
      override async savePost(post: PostedMessage): Promise<void> {
        if (this.failures-- > 0) throw new Error("database is locked");
        return super.savePost(post);
      }
    }
    const store = new FlakyStore();
    const env = setup({ store });
    env.service.script("job-1", [imageRecord("job-1", "pending"), imageRecord("job-1", "completed")]);
    await env.imagine.submit(...request());
    await env.clock.advance(60_000);

    expect(env.messenger.nonces).toEqual([messageNonce("job-1", "result"), messageNonce("job-1", "result")]);
    expect(await store.getPost("job-1", "result")).toMatchObject({ action: "result" });
    expect(env.messenger.retired).toHaveLength(1);
    expect(await store.get("job-1")).toMatchObject({ outcome: "completed", delivered: true });
  });

  test("a failed poll is logged once, by the tracker, with the job's ids", async () => {
    const logs = captureLogs("debug");
    const env = setup({ logger: logs.logger });
    await env.imagine.submit(...request());
    env.service.getFails = new ServiceError("server", "Image service failed (503)");
    await env.clock.advance(4_000);
    const failures = logs.lines.filter((l) => /[Pp]olling/.test(l));
    expect(failures).toHaveLength(1);
    expect(JSON.parse(failures[0]!)).toMatchObject({ jobId: "job-1", userId: "600000000000000001" });
  });

  test("with attach delivery the grid is downloaded and referenced as an attachment", async () => {
    const env = setup({ imageDelivery: "attach" });
    env.service.script("job-1", [imageRecord("job-1", "pending"), imageRecord("job-1", "completed")]);
    await env.imagine.submit(...request());
    await env.clock.advance(10_000);
    const final = env.messenger.shown.at(-1)!;
    expect(final.message.files.map((f) => f.name)).toEqual(["grid.png"]);
    expect(final.message.payload.embeds[0]?.image?.url).toBe("attachment://grid.png");
    expect(env.service.downloads).toEqual(["https://cdn.example/job-1/grid.png"]);
  });

  test("when the download fails the final message links the image instead", async () => {
    const env = setup({ imageDelivery: "attach" });
    env.service.downloadFails = true;
    env.service.script("job-1", [imageRecord("job-1", "pending"), imageRecord("job-1", "completed")]);
    await env.imagine.submit(...request());
    await env.clock.advance(10_000);
    const final = env.messenger.shown.at(-1)!;
    expect(final.message.files).toEqual([]);
    expect(final.message.payload.embeds[0]?.image?.url).toBe("https://cdn.example/job-1/grid.png");
  });

  test("jobs left unfinished in the store are resumed and delivered", async () => {
    const first = setup();
    await first.imagine.submit(...request());
    await first.imagine.stop();
    const second = setup({ store: first.store });
    second.service.script("job-1", [imageRecord("job-1", "completed")]);
    expect(await second.imagine.resume()).toBe(1);
    await second.clock.advance(10_000);
    expect(second.messenger.shown.filter((s) => s.final)).toHaveLength(1);
    expect(await second.store.get("job-1")).toMatchObject({ outcome: "completed", delivered: true });
    expect(embedTitles(second).length).toBe(1);
  });

  test("a job another process took over is not delivered here: the process holding it delivers it once", async () => {
    const first = setup({ processId: "first" });
    first.service.script("job-1", [imageRecord("job-1", "pending"), imageRecord("job-1", "completed")]);
    await first.imagine.submit(...request());
    // first's lease ran out (it hung) and another process claimed the job.
    await first.store.release(null);
    const second = setup({ store: first.store, processId: "second" });
    second.service.script("job-1", [imageRecord("job-1", "completed")]);
    expect(await second.imagine.claim(10)).toBe(1);
    await first.clock.advance(10_000);
    await second.clock.advance(10_000);
    expect(first.messenger.shown.filter((s) => s.final)).toEqual([]);
    expect(first.imagine.activeJobs()).toEqual([]);
    expect(second.messenger.shown.filter((s) => s.final)).toHaveLength(1);
    expect(await first.store.get("job-1")).toMatchObject({ outcome: "completed", delivered: true });
    await first.imagine.stop();
  });

  test("renewing finds the jobs another process took over and stops following them", async () => {
    const first = setup({ processId: "first" });
    first.service.script("job-1", [imageRecord("job-1", "pending")]);
    await first.imagine.submit(...request());
    expect(first.imagine.followedJobIds()).toEqual(["job-1"]);
    await first.store.release(null);
    await first.store.claim({ owner: "second", expiresAt: Number.MAX_SAFE_INTEGER }, 10);
    await first.imagine.renewLeases();
    expect(first.imagine.followedJobIds()).toEqual([]);
    const polls = first.service.calls.length;
    await first.clock.advance(10_000);
    expect(first.service.calls).toHaveLength(polls);
  });

  test("a result Discord refuses on every route is settled instead of retried at every start", async () => {
    const env = setup();
    env.service.script("job-1", [imageRecord("job-1", "pending"), imageRecord("job-1", "completed")]);
    await env.imagine.submit(...request());
    env.messenger.failWith = new DeliveryError("unreachable", "no channel access and DMs closed");
    await env.clock.advance(10_000);
    expect(await env.store.get("job-1")).toMatchObject({ outcome: "completed", delivered: true });
    expect(await env.store.unfinished()).toEqual([]);
  });

  test("a result that failed for a passing reason is kept for the next start", async () => {
    const env = setup();
    env.service.script("job-1", [imageRecord("job-1", "pending"), imageRecord("job-1", "completed")]);
    await env.imagine.submit(...request());
    env.messenger.failWith = new DeliveryError("transient", "Discord is down");
    await env.clock.advance(20 * 60_000);
    expect(await env.store.get("job-1")).toMatchObject({ outcome: "completed", delivered: false });
  });

  test("a job the service stops knowing (403 on every poll) ends with a message saying so", async () => {
    const env = setup();
    await env.imagine.submit(...request());
    env.service.getFails = new ServiceError("forbidden", "Image service refused the request (403 FORBIDDEN)");
    await env.clock.advance(120_000);
    const finals = env.messenger.shown.filter((s) => s.final);
    expect(finals).toHaveLength(1);
    expect(JSON.stringify(finals[0]!.message.payload)).toContain("no longer knows this job");
    expect(await env.store.get("job-1")).toMatchObject({ outcome: "lost", delivered: true });
  });
});
